/** "No demo content in production": an item marked example is never published there. */
import type { Deps } from "./deps";
import { Invalid } from "./errors";

export const EXAMPLE_REFUSED =
  "This item is marked as example (demo) content, which the production site does not publish. " +
  "Replace it with real content and untick Example, or keep it as a draft.";

/** Refuses a published example on production (deps.env.production). */
export function checkExampleRule(
  deps: Pick<Deps, "env">,
  item: { status: "draft" | "published"; example: boolean },
): void {
  if (deps.env.production && item.status === "published" && item.example) throw new Invalid(EXAMPLE_REFUSED);
}
