/** Registers the `client:near` directive (./directive.ts) for the pages' islands. */
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

declare module "astro" {
  interface AstroClientDirectives {
    /** Fetched within a screen of the view, hydrated in view (src/integrations/client-near). */
    "client:near"?: boolean;
  }
}

export default function clientNear(): AstroIntegration {
  return {
    name: "client-near",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({
          name: "near",
          entrypoint: fileURLToPath(new URL("./directive.ts", import.meta.url)),
        });
      },
    },
  };
}
