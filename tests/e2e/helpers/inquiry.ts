import type { APIResponse, Page } from "@playwright/test";
import { validInquiry } from "../../helpers/contact";

/** Sends an inquiry through the contact form's API, as a visitor: a complete one, with `fields` changed. */
export function sendInquiry(page: Page, fields: Partial<typeof validInquiry> = {}): Promise<APIResponse> {
  return page.request.post("/api/submit", { multipart: { ...validInquiry, ...fields } });
}
