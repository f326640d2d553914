/**
 * The hidden field of every public form (contact, application, comment, FAQ question, trust
 * request): people never see it, so only a form-filling robot puts something in it. The server's
 * check is src/server/common/honeypot.ts.
 */
export const HONEYPOT_FIELD = "website";
