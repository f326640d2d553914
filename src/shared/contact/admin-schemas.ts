/** Request schemas of the leads inbox (contact inquiries as staff see them). */
import * as z from "zod";
import "../common/zod-config";
import { idField, pageField } from "../common/schema-fields";

const isoDate = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2025-03-31.`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label} is not a real date.`)
    .optional();

export const HANDLED_FILTERS = ["all", "true", "false"] as const;

export const inquiryListQuery = z
  .object({
    handled: z.preprocess(
      (v) => (v === undefined || v === "" || v === "all" ? undefined : v),
      z
        .enum(["true", "false"], { error: "handled must be true, false or all." })
        .optional()
        .transform((v) => (v === undefined ? undefined : v === "true")),
    ),
    from: z.preprocess((v) => (v === "" ? undefined : v), isoDate("from")),
    to: z.preprocess((v) => (v === "" ? undefined : v), isoDate("to")),
    page: pageField,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "from must be on or before to.",
    path: ["from"],
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
