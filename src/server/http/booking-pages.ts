/**
 * The booking and cancelling forms posted by the browser itself (the /book page, the cancel
 * page): a refusal becomes a short page with the way back, never JSON.
 */
import type { App } from "./app";
import { errorOf, noticePage } from "./form-page";
import type { Fields } from "./body";

export async function bookingFailed(
  _req: Request,
  app: App,
  err: unknown,
  fields?: Fields,
): Promise<Response> {
  const e = await errorOf(err, app.requestId);
  const token = typeof fields?.token === "string" ? fields.token : "";
  return noticePage({
    status: e.status,
    title: "Your call",
    message: e.message,
    back: token
      ? { href: `/book?token=${encodeURIComponent(token)}`, label: "Back to the times" }
      : { href: "/", label: "Home" },
    headers: e.headers,
  });
}
