/** The contact form's endpoints: the inquiry, and the thank-you page's access (/ack). */
import * as z from "zod";
import "../common/zod-config";
import { contactSchema } from "./contact";
import { contract } from "../api/contract";

export const submitApi = contract({
  method: "POST",
  path: "/api/submit",
  summary:
    "The contact form (multipart); sets the cookie that opens /ack. The e-mail's blocked domains and the earliest deadline are the deployment's.",
  access: "public",
  body: contactSchema({ blockedDomains: [] }),
  files: { uploadedFile: false },
  nativeForm: true,
  response: z.strictObject({ success: z.literal(true) }),
});

export const checkAckAccessApi = contract({
  method: "GET",
  path: "/api/check_ack_access",
  summary: "Whether this browser may see the thank-you page, and the name it greets",
  access: "public",
  query: z.object({ resume: z.literal("1").optional() }),
  response: z.union([
    z.strictObject({ access: z.literal(true), name: z.string() }),
    z.strictObject({ access: z.literal(false) }),
  ]),
});

export const revokeAckAccessApi = contract({
  method: "POST",
  path: "/api/revoke_ack_access",
  summary: "The visitor leaves the thank-you page: its access ends shortly",
  access: "public",
  response: z.strictObject({ access: z.literal(false) }),
});

export const CONTACT = [submitApi, checkAckAccessApi, revokeAckAccessApi];
