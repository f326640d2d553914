/** The trust center's endpoints: its documents, requests for restricted ones, and subprocessors. */
import * as z from "zod";
import "../common/zod-config";
import { contract } from "../api/contract";
import { id, iso, message, removed } from "../api/fields";
import {
  DOCUMENT_ACCESS,
  DOCUMENT_ID,
  documentUploadSchema,
  subprocessorSchema,
  trustRequestSchema,
} from "./trust";

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

/** A document as staff see it: its state as well (drafts, examples, the stored file's size). */
export const trustDocumentView = z.strictObject({
  id: z.string(),
  title: z.string(),
  access: z.enum(DOCUMENT_ACCESS),
  published: z.boolean(),
  /** A demo document seeded by `npm start`: a production site refuses to publish it. */
  example: z.boolean(),
  /** The checked file's size once published; null for a draft whose file is not checked yet. */
  size: z.number().int().nullable(),
  updatedAt: iso,
});
export type TrustDocumentView = z.infer<typeof trustDocumentView>;

export const adminTrustDocumentsApi = contract({
  method: "GET",
  path: "/api/admin-trust-documents",
  summary: "Every trust center document, drafts and examples included, in the order /trust lists them",
  access: "site:read",
  response: z.strictObject({ documents: z.array(trustDocumentView) }),
});

/** Where and how the browser sends the file: straight to storage, not through a function. */
export const signedUpload = z.strictObject({
  url: z.string(),
  method: z.literal("PUT"),
  /** Headers the PUT must carry exactly (signed). */
  headers: z.record(z.string(), z.string()),
  expiresAt: iso,
});

export const uploadTrustDocumentApi = contract({
  method: "POST",
  path: "/api/trust-documents",
  summary:
    "Starts an upload: a new draft document, or (with `id`) a new file for one, which goes back to draft; answers a signed link the browser PUTs the PDF to, then POST …/publish checks and publishes it",
  access: "documents:change",
  body: documentUploadSchema,
  status: 201,
  response: z.strictObject({ document: trustDocumentView, upload: signedUpload, message }),
});

const documentChange = (verb: "publish" | "unpublish", summary: string) =>
  contract({
    method: "POST",
    path: `/api/trust-documents/:id/${verb}`,
    summary,
    access: "documents:change",
    params: { id: documentId },
    response: z.strictObject({ document: trustDocumentView, message }),
  });

export const publishTrustDocumentApi = documentChange(
  "publish",
  "Publishes a document once its uploaded file is checked: a PDF by its bytes (415 otherwise), within the size limit (413, and the file is removed); a production site refuses an example (400)",
);
export const unpublishTrustDocumentApi = documentChange(
  "unpublish",
  "Takes a document off /trust (kept as a draft)",
);

export const deleteTrustDocumentApi = contract({
  method: "DELETE",
  path: "/api/trust-documents/:id",
  summary: "Removes a document and its stored file",
  access: "documents:change",
  params: { id: documentId },
  response: z.strictObject({ id: z.string(), message }),
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
  adminTrustDocumentsApi,
  uploadTrustDocumentApi,
  publishTrustDocumentApi,
  unpublishTrustDocumentApi,
  deleteTrustDocumentApi,
  subprocessorsApi,
  addSubprocessorApi,
  updateSubprocessorApi,
  deleteSubprocessorApi,
];
