/** Request schemas of the leads inbox (contact inquiries as staff see them). */
import * as z from "zod";
import "../common/zod-config";
import { idField, withDayRange } from "../common/schema-fields";

export const HANDLED_FILTERS = ["all", "true", "false"] as const;

export const inquiryListQuery = withDayRange({
  handled: z.preprocess(
    (v) => (v === undefined || v === "" || v === "all" ? undefined : v),
    z
      .enum(["true", "false"], { error: "handled must be true, false or all." })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true")),
  ),
});
export type InquiryFilters = z.infer<typeof inquiryListQuery>;

export const updateInquirySchema = z.object({
  id: idField,
  handled: z
    .enum(["true", "false"], { error: "handled must be true or false." })
    .transform((v) => v === "true"),
});

/** POST /api/resend-notification: the inquiry whose sales notification is sent again. */
export const resendNotificationSchema = z.object({ id: idField });
