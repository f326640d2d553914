/** The site's proof in the dashboard: case studies and proof items (testimonials, clients, partners). */
import * as z from "zod";
import "../common/zod-config";
import { contract } from "../api/contract";
import { day, id, iso, message, removed } from "../api/fields";
import {
  caseStudySchema,
  caseStudyUpdateSchema,
  CONTENT_STATUSES,
  LOGO_MARKS,
  logoSchema,
  PROOF_KINDS,
  proofItemSchema,
  proofItemUpdateSchema,
} from "./site-content";

const contentState = {
  status: z.enum(CONTENT_STATUSES),
  /** Demo content: production refuses to publish it. */
  example: z.boolean(),
  updatedAt: iso,
};

export const caseStudy = z.strictObject({
  id,
  /** The page's address is /case-studies/<slug>. */
  slug: z.string(),
  title: z.string(),
  client: z.string(),
  anonymised: z.boolean(),
  industry: z.string(),
  location: z.string(),
  services: z.array(z.string()),
  summary: z.string(),
  challenge: z.string(),
  results: z.array(z.strictObject({ value: z.string(), label: z.string() })),
  duration: z.string(),
  publishedOn: day,
  /** The Markdown as written. */
  body: z.string(),
  /** The body as sanitised HTML, rendered when saved. */
  html: z.string(),
  ...contentState,
});
export type CaseStudy = z.infer<typeof caseStudy>;

const itemBase = { id, ...contentState };
export const proofItem = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("testimonial"),
    ...itemBase,
    quote: z.string(),
    author: z.string(),
    company: z.string(),
  }),
  z.strictObject({
    kind: z.literal("client"),
    ...itemBase,
    name: z.string(),
    mark: z.enum(LOGO_MARKS),
    /** The uploaded logo's URL (WebP), or null: the mark is drawn instead. */
    logo: z.string().nullable(),
  }),
  z.strictObject({
    kind: z.literal("partner"),
    ...itemBase,
    cloud: z.string(),
    programme: z.string(),
  }),
]);
export type ProofItem = z.infer<typeof proofItem>;

/** The published proof items by kind, as the public pages show them. */
export interface PublishedProof {
  testimonials: Extract<ProofItem, { kind: "testimonial" }>[];
  clients: Extract<ProofItem, { kind: "client" }>[];
  partners: Extract<ProofItem, { kind: "partner" }>[];
}

export const caseStudiesApi = contract({
  method: "GET",
  path: "/api/case-studies",
  summary: "Every case study, drafts included, newest first",
  access: "site:read",
  response: z.strictObject({ caseStudies: z.array(caseStudy) }),
});

export const addCaseStudyApi = contract({
  method: "POST",
  path: "/api/case-studies",
  summary: "A new case study (a draft unless `status` says published)",
  access: "site:change",
  body: caseStudySchema,
  status: 201,
  response: z.strictObject({ caseStudy, message }),
});

export const updateCaseStudyApi = contract({
  method: "PUT",
  path: "/api/case-studies/:id",
  summary: "Changes the fields given (`{ status: 'published' }` publishes); published pages follow at once",
  access: "site:change",
  ids: { id: "case study id" },
  body: caseStudyUpdateSchema,
  response: z.strictObject({ caseStudy, message }),
});

export const deleteCaseStudyApi = contract({
  method: "DELETE",
  path: "/api/case-studies/:id",
  summary: "Removes a case study and its page",
  access: "site:change",
  ids: { id: "case study id" },
  response: removed,
});

export const proofItemsQuery = z.object({
  kind: z.enum(PROOF_KINDS, { error: "The kind must be testimonial, client or partner." }).optional(),
});

export const proofItemsApi = contract({
  method: "GET",
  path: "/api/proof-items",
  summary: "Testimonials, client logos and partner badges, drafts included (optionally of one kind)",
  access: "site:read",
  query: proofItemsQuery,
  response: z.strictObject({ items: z.array(proofItem) }),
});

export const addProofItemApi = contract({
  method: "POST",
  path: "/api/proof-items",
  summary: "A new testimonial, client or partner badge (a draft unless `status` says published)",
  access: "site:change",
  body: proofItemSchema,
  status: 201,
  response: z.strictObject({ item: proofItem, message }),
});

export const updateProofItemApi = contract({
  method: "PUT",
  path: "/api/proof-items/:id",
  summary: "Changes the fields given (its kind stays); published pages follow at once",
  access: "site:change",
  ids: { id: "proof item id" },
  body: proofItemUpdateSchema,
  response: z.strictObject({ item: proofItem, message }),
});

export const deleteProofItemApi = contract({
  method: "DELETE",
  path: "/api/proof-items/:id",
  summary: "Removes a proof item (and a client's logo)",
  access: "site:change",
  ids: { id: "proof item id" },
  response: removed,
});

export const uploadLogoApi = contract({
  method: "POST",
  path: "/api/proof-items/:id/logo",
  summary: "A client's logo (PNG, JPEG or WebP; re-encoded as WebP; SVG is refused with 415)",
  access: "site:change",
  ids: { id: "proof item id" },
  body: logoSchema,
  files: { logo: true },
  response: z.strictObject({ item: proofItem, message }),
});

export const SITE = [
  caseStudiesApi,
  addCaseStudyApi,
  updateCaseStudyApi,
  deleteCaseStudyApi,
  proofItemsApi,
  addProofItemApi,
  updateProofItemApi,
  deleteProofItemApi,
  uploadLogoApi,
];
