/** The dashboard's leads endpoints: the inbox and its export, the pipeline, notes and the file. */
import * as z from "zod";
import "../common/zod-config";
import { resendNotificationSchema, updateInquirySchema } from "./admin-schemas";
import {
  leadListQuery,
  leadNoteSchema,
  leadOwnerSchema,
  leadStageSchema,
  mergeLeadsSchema,
} from "./pipeline";
import { contract } from "../api/contract";
import { id, inquiryFields, iso, message, removed } from "../api/fields";
import { trustRequestView } from "../trust/api";

/** A contact inquiry as the staff leads inbox receives it. */
export const lead = z.strictObject({
  ...inquiryFields,
  sourcePage: z.string().nullable(),
  utm: z.record(z.string(), z.string()),
  /** The ticked news-mail box: the privacy notice's version and the time; both null when not given. */
  marketingConsentVersion: z.string().nullable(),
  marketingConsentAt: iso.nullable(),
  file: z
    .strictObject({ name: z.string(), type: z.string().nullable(), size: z.number().nullable() })
    .nullable(),
  /** The pipeline stage (src/shared/contact/pipeline.ts); handled means "past New". */
  stage: z.string(),
  stageChangedAt: iso.nullable(),
  owner: z.strictObject({ id, email: z.string() }).nullable(),
  /** The call the buyer booked with its owner (db/019), while it stands. */
  meeting: z.strictObject({ start: iso, end: iso }).nullable(),
  /** The latest note of its timeline. */
  lastNote: z.strictObject({ body: z.string(), by: z.string(), at: iso }).nullable(),
  /**
   * The response-time targets (RESPONSE_TARGET_*): when a first answer and a proposal are due
   * from its arrival, and when each was given; `open` is false once Won, Lost or merged.
   */
  targets: z.strictObject({
    open: z.boolean(),
    firstResponse: z.strictObject({ due: iso, metAt: iso.nullable() }),
    proposal: z.strictObject({ due: iso, metAt: iso.nullable() }),
  }),
  /** An earlier lead has the same e-mail address or company domain (free-mail domains aside). */
  returning: z.boolean(),
  /** The lead this one was merged into (the list shows that one instead), and how many went into this one. */
  mergedInto: id.nullable(),
  merged: z.number().int(),
  handled: z.boolean(),
  handledAt: iso.nullable(),
  handledBy: z.string().nullable(),
  createdAt: iso,
  /** The sales notification: failed attempts since it last went out, and the next automatic try. */
  notification: z.strictObject({
    sent: z.boolean(),
    failures: z.number().int(),
    lastAttemptAt: iso.nullable(),
    /** Null once automatic attempts have stopped (staff can still send again). */
    nextAttemptAt: iso.nullable(),
  }),
  /** A security review's request for restricted documents (kind "security review"), else null. */
  securityReview: trustRequestView.nullable(),
});
export type Lead = z.infer<typeof lead>;

/** One entry of a lead's timeline. */
export const leadEvent = z.strictObject({
  id,
  kind: z.enum(["note", "stage", "owner", "merge", "documents", "meeting"]),
  /** A note that records a contact with the buyer (it meets the first-response target). */
  contacted: z.boolean(),
  /** The lead it happened on: this one, or one merged into it. */
  lead: id,
  /** The note's text (notes only). */
  body: z.string().nullable(),
  /**
   * Stage or owner before and after (stage and owner changes; null owner = nobody); a merge: from
   * the lead that went, to the lead it went into; a call (meeting): from its old start to its new
   * (booked: from null; cancelled: to null), in UTC ISO 8601.
   */
  from: z.string().nullable(),
  to: z.string().nullable(),
  by: z.string(),
  at: iso,
});
export type LeadEvent = z.infer<typeof leadEvent>;

export const leadOwner = z.strictObject({ id, email: z.string() });
export type LeadOwner = z.infer<typeof leadOwner>;

const leadChange = z.strictObject({ inquiry: lead, changed: z.boolean(), message });

export const inquiriesApi = contract({
  method: "GET",
  path: "/api/inquiries",
  summary: "Leads, searched, filtered and sorted, paged",
  access: "leads:read",
  query: leadListQuery,
  response: z.strictObject({
    inquiries: z.array(lead),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Exact up to a limit; past it totalExact is false. */
    total: z.number().int(),
    totalExact: z.boolean(),
    hasMore: z.boolean(),
  }),
});

export const inquiriesExportApi = contract({
  method: "GET",
  path: "/api/inquiries/export",
  summary: "The leads of the same filters as a CSV file",
  access: "leads:read",
  query: leadListQuery,
  produces: "text/csv",
});

export const updateInquiryApi = contract({
  method: "POST",
  path: "/api/update-inquiry",
  summary: "Marks a lead handled (New to Contacted) or not handled (back to New)",
  access: "leads:change",
  body: updateInquirySchema,
  response: z.strictObject({
    inquiry: z.strictObject({
      id,
      handled: z.boolean(),
      handledAt: iso.nullable(),
      handledBy: z.string().nullable(),
      stage: z.string(),
    }),
    message,
  }),
});

export const inquiryFileApi = contract({
  method: "GET",
  path: "/api/inquiry-file/:id",
  summary: "A short-lived link to a lead's attachment",
  access: "leads:read",
  response: z.strictObject({ url: z.string() }),
});

export const resendNotificationApi = contract({
  method: "POST",
  path: "/api/resend-notification",
  summary: "Sends a lead's sales notification again",
  access: "leads:change",
  body: resendNotificationSchema,
  response: removed,
});

export const updateLeadStageApi = contract({
  method: "POST",
  path: "/api/update-lead-stage",
  summary: "Moves a lead to a stage (409 when someone else moved it meanwhile)",
  access: "leads:change",
  body: leadStageSchema,
  response: leadChange,
});

export const assignLeadApi = contract({
  method: "POST",
  path: "/api/assign-lead",
  summary: "Assigns a lead to a staff member, or to nobody",
  access: "leads:change",
  body: leadOwnerSchema,
  response: leadChange,
});

export const addLeadNoteApi = contract({
  method: "POST",
  path: "/api/add-lead-note",
  summary: "A note in a lead's timeline",
  access: "leads:change",
  body: leadNoteSchema,
  status: 201,
  response: z.strictObject({ event: leadEvent, message }),
});

export const leadTimelineApi = contract({
  method: "GET",
  path: "/api/lead-timeline/:id",
  summary: "A lead's notes, stage and owner changes, newest first",
  access: "leads:read",
  response: z.strictObject({ events: z.array(leadEvent) }),
});

export const leadOwnersApi = contract({
  method: "GET",
  path: "/api/lead-owners",
  summary: "The staff members who can own a lead",
  access: "leads:read",
  response: z.strictObject({ owners: z.array(leadOwner) }),
});

/** Another lead of the same buyer, as the card lists it. */
export const relatedLead = z.strictObject({
  id,
  fullName: z.string(),
  orgName: z.string(),
  email: z.string(),
  stage: z.string(),
  createdAt: iso,
  /** Why it is related: the same e-mail address, or only the same company domain. */
  match: z.enum(["email", "domain", "merged"]),
  mergedInto: id.nullable(),
  projectType: z.string(),
  file: z
    .strictObject({ name: z.string(), type: z.string().nullable(), size: z.number().nullable() })
    .nullable(),
});
export type RelatedLead = z.infer<typeof relatedLead>;

export const relatedLeadsApi = contract({
  method: "GET",
  path: "/api/lead-related/:id",
  summary: "A lead's earlier and later leads from the same buyer, and the leads merged into it",
  access: "leads:read",
  response: z.strictObject({
    earlier: z.array(relatedLead),
    later: z.array(relatedLead),
    merged: z.array(relatedLead),
  }),
});

export const mergeLeadsApi = contract({
  method: "POST",
  path: "/api/merge-leads",
  summary: "Merges one lead into another: both timelines and files stay, shown on the one kept",
  access: "leads:change",
  body: mergeLeadsSchema,
  response: leadChange,
});

export const LEADS = [
  inquiriesApi,
  inquiriesExportApi,
  updateInquiryApi,
  inquiryFileApi,
  resendNotificationApi,
  updateLeadStageApi,
  assignLeadApi,
  addLeadNoteApi,
  leadTimelineApi,
  leadOwnersApi,
  relatedLeadsApi,
  mergeLeadsApi,
];
