/** The trust center's endpoints: its documents, requests for restricted ones, and subprocessors. */
import * as z from "zod";
import "../common/zod-config";
import { contract } from "../api/contract";
import { id, iso, message, removed } from "../api/fields";
import { DOCUMENT_ACCESS, DOCUMENT_ID, subprocessorSchema, trustRequestSchema } from "./trust";

export const trustDocument = z.strictObject({
  id: z.string(),
  title: z.string(),
  access: z.enum(DOCUMENT_ACCESS),
  /** Public documents only: where to download it. */
  url: z.string().optional(),
});

const documentId = z
  .string()
  .regex(DOCUMENT_ID, "The document id is not valid.")
  .describe("The document's id from GET /api/trust-documents");

export const trustDocumentsApi = contract({
  method: "GET",
  path: "/api/trust-documents",
  summary: "The trust center's documents: public ones with their address, restricted ones by request",
  access: "public",
  response: z.strictObject({ documents: z.array(trustDocument) }),
});

export const trustRequestApi = contract({
  method: "POST",
  path: "/api/trust-request",
  summary:
    'Asks for restricted documents under the click-through NDA (JSON or the browser\'s own form post); stored as a lead of kind "security review"',
  access: "public",
  body: trustRequestSchema({ blockedDomains: [] }),
  nativeForm: true,
  status: 201,
  /** The request's id, which is its lead's too (the approval's path takes it). */
  response: z.strictObject({ id }),
});

/** A request for restricted documents as staff see it. */
export const trustRequestView = z.strictObject({
  id,
  lead: id,
  documents: z.array(z.string()),
  ndaVersion: z.string(),
  ndaAcceptedAt: iso,
  status: z.enum(["pending", "approved", "denied"]),
  decidedAt: iso.nullable(),
  decidedBy: z.string().nullable(),
  linksExpireAt: iso.nullable(),
});
export type TrustRequestView = z.infer<typeof trustRequestView>;

const decision = (verb: "approve" | "deny", summary: string) =>
  contract({
    method: "POST",
    path: `/api/trust-requests/:id/${verb}`,
    summary,
    access: "leads:change",
    ids: { id: "request id" },
    response: z.strictObject({ request: trustRequestView, changed: z.boolean(), message }),
  });

export const approveTrustRequestApi = decision(
  "approve",
  "Approves a request: the requester is mailed a link to each document, signed for the request, valid 7 days",
);
export const denyTrustRequestApi = decision("deny", "Denies a request: the requester is told by mail");

export const trustDocumentFileApi = contract({
  method: "GET",
  path: "/api/trust-document/:id",
  summary:
    "Downloads a document: a public one as it is, a restricted one through the link mailed on approval (403 with a page when tampered with or expired)",
  access: "public",
  params: { id: documentId },
  query: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
  produces: "application/octet-stream",
});

export const subprocessor = z.strictObject({
  id,
  name: z.string(),
  purpose: z.string(),
  location: z.string(),
  transfer: z.string(),
  updatedAt: iso,
});
export type Subprocessor = z.infer<typeof subprocessor>;

export const subprocessorsApi = contract({
  method: "GET",
  path: "/api/subprocessors",
  summary: "The subprocessors that touch clients' systems or data, with the date of each one's last change",
  access: "public",
  response: z.strictObject({ subprocessors: z.array(subprocessor) }),
});

export const addSubprocessorApi = contract({
  method: "POST",
  path: "/api/subprocessors",
  summary: "Adds a subprocessor (dated in the feed of changes)",
  access: "site:change",
  body: subprocessorSchema,
  status: 201,
  response: z.strictObject({ subprocessor, message }),
});

export const updateSubprocessorApi = contract({
  method: "PUT",
  path: "/api/subprocessors/:id",
  summary: "Changes a subprocessor (dated in the feed of changes)",
  access: "site:change",
  ids: { id: "subprocessor id" },
  body: subprocessorSchema,
  response: z.strictObject({ subprocessor, message }),
});

export const deleteSubprocessorApi = contract({
  method: "DELETE",
  path: "/api/subprocessors/:id",
  summary: "Removes a subprocessor (dated in the feed of changes)",
  access: "site:change",
  ids: { id: "subprocessor id" },
  response: removed,
});

export const TRUST = [
  trustDocumentsApi,
  trustRequestApi,
  approveTrustRequestApi,
  denyTrustRequestApi,
  trustDocumentFileApi,
  subprocessorsApi,
  addSubprocessorApi,
  updateSubprocessorApi,
  deleteSubprocessorApi,
];
