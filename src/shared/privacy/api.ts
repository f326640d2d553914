/** Personal data: the person's own page (/privacy/my-data) and the root_admin's Privacy screen. */
import * as z from "zod";
import "../common/zod-config";
import { RETENTION_KINDS } from "./retention";
import { extendSchema, privacyCodeSchema, privacyEmailSchema, withdrawSchema } from "./self-service";
import { contract } from "../api/contract";
import { id, inquiryFields, iso } from "../api/fields";

const ok = z.strictObject({ success: z.literal(true) });

/** A security review's request: the documents asked for, the NDA accepted (version, time), each download. */
export const heldSecurityReview = z.strictObject({
  documents: z.array(z.string()),
  ndaVersion: z.string(),
  ndaAcceptedAt: iso,
  status: z.string(),
  downloads: z.array(z.strictObject({ document: z.string(), at: iso })),
});
export type HeldSecurityReview = z.infer<typeof heldSecurityReview>;

/** A lead as its person gets it back: the form's fields as stored, its file's name, stage and date. */
export const heldInquiry = z.strictObject({
  ...inquiryFields,
  attachment: z.string().nullable(),
  stage: z.string(),
  createdAt: iso,
  securityReview: heldSecurityReview.nullable(),
  /** Calls booked with us for this inquiry (cancelled ones too): when, and the time zone chosen. */
  calls: z.array(z.strictObject({ start: iso, end: iso, timeZone: z.string(), cancelled: z.boolean() })),
});
export type HeldInquiry = z.infer<typeof heldInquiry>;

export const heldApplication = z.strictObject({
  id,
  job: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  address: z.string().nullable(),
  gender: z.string().nullable(),
  totalExperience: z.number(),
  itExperience: z.number(),
  currentCompany: z.string().nullable(),
  noticePeriod: z.string(),
  expectedSalary: z.number().nullable(),
  willingToRelocate: z.string(),
  skills: z.string().nullable(),
  certifications: z.string(),
  status: z.string(),
  talentPool: z.boolean(),
  createdAt: iso,
  /** A short-lived link to download the resume (null when there is none). */
  resume: z.strictObject({ filename: z.string(), url: z.string() }).nullable(),
});
export type HeldApplication = z.infer<typeof heldApplication>;

export const heldComment = z.strictObject({
  id,
  post: z.string(),
  name: z.string(),
  comment: z.string(),
  date: iso,
});
export type HeldComment = z.infer<typeof heldComment>;

export const heldConsent = z.strictObject({
  kind: z.enum(["privacy notice", "talent pool", "marketing"]),
  /** The record the consent was given with, e.g. "application #12". */
  given: z.string(),
  value: z.boolean(),
  version: z.string().nullable(),
  at: iso.nullable(),
});
export type HeldConsent = z.infer<typeof heldConsent>;

/** What is held under one e-mail address: the export's shape (a download, and the staff screen). */
export const heldData = z.strictObject({
  email: z.string(),
  exportedAt: iso,
  inquiries: z.array(heldInquiry),
  applications: z.array(heldApplication),
  comments: z.array(heldComment),
  /** The address's fingerprint on the comment spam list (RETENTION_SPAM_SENDER_DAYS), if marked. */
  spamMark: z.strictObject({ markedAt: iso, until: iso }).nullable(),
  consents: z.array(heldConsent),
  /** Copies of the person's inquiries or applications sent to the sales team's CRM (webhooks). */
  sentToCrm: z.array(
    z.strictObject({
      event: z.string(),
      /** The receiving system's host name only (its address may hold a secret). */
      receiver: z.string(),
      at: iso,
      status: z.string(),
    }),
  ),
});
export type HeldData = z.infer<typeof heldData>;

/** The counts an erasure answers. */
export const erasedCounts = z.strictObject({
  inquiries: z.number().int(),
  applications: z.number().int(),
  comments: z.number().int(),
});
export type ErasedCounts = z.infer<typeof erasedCounts>;

/** A receiver of copies (the sales CRM) asked by an erasure to delete the person's leads and applications. */
export const askedToDelete = z.strictObject({
  /** The receiving system's host name only (its address may hold a secret). */
  receiver: z.string(),
  /** The ids of the leads and applications it was sent. */
  leads: z.array(id),
  applications: z.array(id),
});
export type AskedToDelete = z.infer<typeof askedToDelete>;

const erased = z.strictObject({
  success: z.literal(true),
  erased: erasedCounts,
  /** Every receiver that was sent the person's data, asked (a signed person.erased) to delete its copy. */
  askedToDelete: z.array(askedToDelete),
});

export const privacySendCodeApi = contract({
  method: "POST",
  path: "/api/privacy/send-code",
  summary: "Mails a code that opens the person's own page",
  access: "public",
  body: privacyEmailSchema,
  response: ok,
});

export const privacyVerifyCodeApi = contract({
  method: "POST",
  path: "/api/privacy/verify-code",
  summary: "Checks the code; a right one sets the page's cookie",
  access: "public",
  body: privacyCodeSchema,
  response: ok,
});

export const privacyMyDataApi = contract({
  method: "GET",
  path: "/api/privacy/my-data",
  summary: "Everything held under the checked address",
  access: "privacy-cookie",
  response: heldData,
});

export const privacyEraseApi = contract({
  method: "POST",
  path: "/api/privacy/erase",
  summary: "Erases everything held under the checked address",
  access: "privacy-cookie",
  response: erased,
});

export const privacyWithdrawApi = contract({
  method: "POST",
  path: "/api/privacy/withdraw",
  summary: "Withdraws one of the person's applications",
  access: "privacy-cookie",
  body: withdrawSchema,
  response: ok,
});

export const privacyExtendApi = contract({
  method: "POST",
  path: "/api/privacy/extend",
  summary: "The talent-pool reminder's link: keeps the application another full lifetime",
  access: "public",
  body: extendSchema,
  response: z.strictObject({ success: z.literal(true), until: iso }),
});

export const privacySearchApi = contract({
  method: "GET",
  path: "/api/privacy/search",
  summary: "What is held under an e-mail address (the search is audited)",
  access: "privacy:read",
  query: privacyEmailSchema,
  response: heldData,
});

export const privacyErasePersonApi = contract({
  method: "POST",
  path: "/api/privacy/erase-person",
  summary: "Erases everything held under an e-mail address",
  access: "privacy:change",
  body: privacyEmailSchema,
  response: erased,
});

const retentionKey = z.enum(RETENTION_KINDS.map((k) => k.key) as [string, ...string[]]);

export const privacyOverviewApi = contract({
  method: "GET",
  path: "/api/privacy/overview",
  summary: "The lifetimes, the housekeeping job's recent runs and what expires in the next 30 days",
  access: "privacy:read",
  response: z.strictObject({
    retention: z.array(
      z.strictObject({ key: retentionKey, data: z.string(), days: z.number().int(), then: z.string() }),
    ),
    runs: z.array(z.strictObject({ at: iso, counts: z.record(z.string(), z.number()) })),
    expiring: z.array(
      z.strictObject({
        kind: z.enum(["application", "talent pool", "lead", "comment e-mail"]),
        id,
        expires: iso,
      }),
    ),
  }),
});

export const PRIVACY = [
  privacySendCodeApi,
  privacyVerifyCodeApi,
  privacyMyDataApi,
  privacyEraseApi,
  privacyWithdrawApi,
  privacyExtendApi,
  privacySearchApi,
  privacyErasePersonApi,
  privacyOverviewApi,
];
