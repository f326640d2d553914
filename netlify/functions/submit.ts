import type { Config } from "@netlify/functions";
import {
  cleanSourcePage,
  contactSchema,
  HONEYPOT_FIELD,
  LABELS,
  pickUtm,
  UPLOAD_KINDS,
} from "../../src/shared/contact/contact";
import { grantAck } from "../../src/server/careers/ack";
import { endpoint } from "../../src/server/http/endpoint";
import { notifySales, saveInquiry } from "../../src/server/contact/inquiries";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { limitClient } from "../../src/server/http/limits";
import { checkUpload } from "../../src/server/http/uploads";

/** Five inquiries per client address in ten minutes is more than any buyer needs. */
export const CONTACT_LIMIT = { bucket: "contact", max: 5, windowSeconds: 600 };

/** The day before today in UTC: a visitor west of Greenwich may still be on that day. */
function earliestDeadline(now: Date): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/**
 * POST /api/submit (multipart): the contact form. Validates every field with the form's own
 * schema, judges the attachment by its bytes, stores the file and the inquiry, mails sales and
 * answers { success: true } with the cookie that opens /ack.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  await limitClient(app, CONTACT_LIMIT);
  const fields = await parseBody(req, { files: true });
  const success = async (inquiryId: number) =>
    json({ success: true }, { headers: { "Set-Cookie": await grantAck(app, inquiryId) } });
  // A filled honeypot is a bot: it gets the same answer (with a cookie that opens nothing).
  const trap = fields[HONEYPOT_FIELD];
  if (trap !== undefined && trap !== "") return success(0);

  const schema = contactSchema({
    blockedDomains: app.env.blockedEmailDomains,
    minDeadline: earliestDeadline(app.now()),
  });
  const input = validate(schema, fields);
  const file = await checkUpload(fields.uploadedFile, {
    field: "uploadedFile",
    label: LABELS.uploadedFile,
    kinds: UPLOAD_KINDS,
  });
  const id = await saveInquiry({ db: await app.db(), storage: await app.storage() }, input, file, {
    sourcePage: cleanSourcePage(fields.sourcePage),
    utm: pickUtm(Object.entries(fields)),
  });
  await notifySales(app, id);
  return success(id);
});

export const config: Config = { path: "/api/submit" };
