/**
 * Zod without its `new Function` probe: under the site's CSP (no 'unsafe-eval') the probe is
 * refused and the browser reports a CSP violation for it, even though zod catches the error.
 * Validation is the same; only zod's optional compiled fast path is off. Every module that uses
 * zod imports this first.
 */
import { config } from "zod";

config({ jitless: true });
