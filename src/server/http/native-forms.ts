/**
 * The public forms sent without their script: contact (/api/submit), a blog comment
 * (/api/add-comment), an FAQ question (/api/add-faq) and a request for trust-center documents
 * (/api/trust-request). What a browser posts by itself is read as
 * the island would have sent it, and a failure becomes a page (form-page.ts) in the SPEC's words.
 */
import { MARKETING_CONSENT } from "../../shared/privacy/notice";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import type { ZodType } from "zod";
import { commentSchema, HONEYPOT_FIELD as COMMENT_HONEYPOT } from "../../shared/blog/comments";
import { faqQuestionSchema } from "../../shared/careers/careers";
import { MESSAGES as CAREERS } from "../../shared/careers/careers-common";
import {
  BUDGETS,
  COMPANY_SIZES,
  HONEYPOT_FIELD,
  LABELS,
  MESSAGES,
  parseUsDate,
  PROJECT_TYPES,
  UPLOAD_HINT,
} from "../../shared/contact/rules";
import { CONTACT_PATH } from "../../config/site";
import type { App } from "./app";
import { errorOf, formOrigin, formPage, type InputSpec } from "./form-page";
import type { Fields } from "./body";
import { addCommentApi } from "../../shared/blog/api";
import { addFaqApi } from "../../shared/careers/api";
import { submitApi } from "../../shared/contact/api";
import { TRUST_MESSAGES, trustRequestSchema } from "../../shared/trust/trust";
import { TRUST_PATH } from "../../config/trust";

const text = (fields: Fields | undefined, name: string): string => {
  const v = fields?.[name];
  return typeof v === "string" ? v : "";
};

/**
 * The first problem of each field the schema finds, in its own words, in the form's order (the
 * JSON answer names only the first of all).
 */
function problems(schema: ZodType, fields: Fields | undefined): Map<string, string> {
  const found = new Map<string, string>();
  const res = fields ? schema.safeParse(fields) : undefined;
  if (res && !res.success)
    for (const issue of res.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (!found.has(field)) found.set(field, issue.message);
    }
  return found;
}

/** The messages of a failed post: each problem when the input was wrong, else the error's own. */
async function failure(app: App, err: unknown, schema: ZodType, fields: Fields | undefined) {
  const e = await errorOf(err, app.requestId);
  const byField = e.status === 400 ? problems(schema, fields) : new Map<string, string>();
  const errors = byField.size ? [...byField.values()] : [e.message];
  /** The fields again, each with its problem. */
  const mark = (list: InputSpec[]) => list.map((f) => ({ ...f, error: byField.get(f.name) }));
  return { ...e, invalid: e.status === 400, errors, mark };
}

// ---- contact ----------------------------------------------------------------------------------

/**
 * The contact form as the browser posts it: the deadline as typed (MM/DD/YYYY), the mobile number
 * as typed for the country shown (the United States until the script offers others), and an
 * empty file part when no file was chosen.
 */
export function nativeContactFields(fields: Fields): Fields {
  const out: Fields = Object.assign(Object.create(null) as Fields, fields);
  const day = parseUsDate(text(fields, "deadline"));
  if (day) out.deadline = day;
  const mobile = text(fields, "mobile").trim();
  const country = (text(fields, "mobileCountry") || "US").toUpperCase() as CountryCode;
  if (mobile && !mobile.startsWith("+")) {
    const parsed = parsePhoneNumberFromString(mobile, country);
    if (parsed) out.mobile = parsed.number;
  } else if (mobile) out.mobile = mobile.replace(/[\s().-]/g, "");
  const file = fields.uploadedFile;
  if (file instanceof File && file.size === 0 && file.name === "") delete out.uploadedFile;
  return out;
}

export async function contactFailed(
  app: App,
  err: unknown,
  schema: ZodType,
  fields: Fields | undefined,
): Promise<Response> {
  const f = await failure(app, err, schema, fields);
  const v = (name: string) => text(fields, name);
  const field = (name: keyof typeof LABELS, extra: Partial<InputSpec> = {}): InputSpec => ({
    name,
    label: LABELS[name],
    value: v(name),
    required: name !== "projectDetails" && name !== "uploadedFile",
    ...extra,
  });
  return formPage({
    status: f.status,
    headers: f.headers,
    title: "Your inquiry was not sent",
    alert: f.invalid ? MESSAGES.fixErrors : MESSAGES.failed,
    errors: f.errors,
    back: { href: CONTACT_PATH, label: "Back to the contact form" },
    form: fields
      ? {
          action: submitApi.path,
          multipart: true,
          honeypot: HONEYPOT_FIELD,
          submit: "Send",
          fields: f.mark([
            field("fullName", { autocomplete: "name" }),
            field("email", { type: "email", autocomplete: "email" }),
            field("orgName", { autocomplete: "organization" }),
            field("jobTitle", { autocomplete: "organization-title" }),
            field("industry"),
            field("companySize", { type: "select", options: COMPANY_SIZES }),
            field("mobile", {
              type: "tel",
              autocomplete: "tel",
              hint: "With the country code, e.g. +1 212 555 0187",
            }),
            field("budget", { type: "select", options: BUDGETS }),
            field("projectDetails", { type: "textarea" }),
            field("projectType", { type: "select", options: PROJECT_TYPES }),
            field("deadline", { hint: "Format MM/DD/YYYY" }),
            field("uploadedFile", { type: "file", hint: `Optional: ${UPLOAD_HINT}` }),
            {
              name: "marketingConsent",
              label: MARKETING_CONSENT,
              value: v("marketingConsent"),
              type: "checkbox",
            },
          ]),
        }
      : undefined,
  });
}

// ---- comment ----------------------------------------------------------------------------------

export async function commentFailed(req: Request, app: App, err: unknown, fields: Fields | undefined) {
  const f = await failure(app, err, commentSchema, fields);
  const page = formOrigin(req, app.deps.env.siteUrl, "/blog");
  return formPage({
    status: f.status,
    headers: f.headers,
    title: "Your comment was not posted",
    alert: f.invalid ? MESSAGES.fixErrors : "Your comment could not be posted.",
    errors: f.errors,
    back: { href: `${page}#comments`, label: "Back to the post" },
    form: fields
      ? {
          action: addCommentApi.path,
          honeypot: COMMENT_HONEYPOT,
          submit: "Post comment",
          fields: f.mark([
            { name: "post_id", label: "", value: text(fields, "post_id"), type: "hidden" },
            {
              name: "name",
              label: "Name",
              value: text(fields, "name"),
              required: true,
              autocomplete: "name",
            },
            {
              name: "email",
              label: "Email",
              value: text(fields, "email"),
              type: "email",
              required: true,
              autocomplete: "email",
              hint: "Never shown to anyone.",
            },
            {
              name: "comment",
              label: "Comment",
              value: text(fields, "comment"),
              type: "textarea",
              required: true,
            },
          ]),
        }
      : undefined,
  });
}

// ---- FAQ question -----------------------------------------------------------------------------

export async function faqFailed(req: Request, app: App, err: unknown, fields: Fields | undefined) {
  const f = await failure(app, err, faqQuestionSchema, fields);
  const page = formOrigin(req, app.deps.env.siteUrl, "/careers");
  return formPage({
    status: f.status,
    headers: f.headers,
    title: "Your question was not sent",
    alert: f.invalid ? MESSAGES.fixErrors : CAREERS.faqError,
    errors: f.errors,
    back: { href: `${page}#faq`, label: "Back to the questions" },
    form: fields
      ? {
          action: addFaqApi.path,
          honeypot: HONEYPOT_FIELD,
          submit: "Submit question",
          fields: f.mark([
            {
              name: "question",
              label: "Your question",
              value: text(fields, "question"),
              type: "textarea",
              required: true,
            },
          ]),
        }
      : undefined,
  });
}

// ---- trust center: a request for restricted documents ----------------------------------------

/** The request form's problems as a page, with the way back to the form on /trust. */
export async function trustRequestFailed(_req: Request, app: App, err: unknown, fields: Fields | undefined) {
  const f = await failure(
    app,
    err,
    trustRequestSchema({ blockedDomains: app.deps.env.blockedEmailDomains }),
    fields,
  );
  return formPage({
    status: f.status,
    headers: f.headers,
    title: "Your request was not sent",
    alert: f.invalid ? TRUST_MESSAGES.fixErrors : "Your request could not be sent.",
    errors: f.errors,
    back: { href: `${TRUST_PATH}#request`, label: "Back to the request form" },
  });
}
