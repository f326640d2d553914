/**
 * Requests for restricted documents (POST /api/trust-request): each is a lead of kind "security
 * review", stored with its request (the documents, the click-through NDA's version and time) and
 * given its owner, its targets, the sales mail and the CRM webhook like any lead. Staff who may
 * change leads approve or deny it (audited, on the lead's timeline); approval mails the requester
 * a link to each document, signed for the request and valid DOCUMENT_LINK_DAYS.
 */
import { site } from "../../config/site";
import type { TrustRequestView } from "../../shared/trust/api";
import {
  DOCUMENT_LINK_DAYS,
  NDA,
  trustRequestSchema,
  type TrustRequestInput,
} from "../../shared/trust/trust";
import { recordAudit, type Actor } from "../common/audit";
import type { Deps } from "../common/deps";
import { Invalid, NotFound } from "../common/errors";
import { sendAndRecord } from "../common/notify";
import { validate } from "../common/validate";
import { emitWebhookEvent } from "../common/webhooks/events";
import { assignOnArrival, type Assigned } from "./routing";
import { getLead } from "./lead-list";
import { leadUrl, notifySales } from "./sales-mail";
import type { Db } from "../platform/db/db";
import { documentLink } from "../common/document-links";
import { trustRequestOf, type TrustRequestColumns } from "./request-view";
import type { MailMessage } from "../platform/mail/mail";

type RequestDeps = Pick<
  Deps,
  "db" | "mail" | "now" | "env" | "requestId" | "log" | "after" | "raise" | "secret"
>;

/** The request's schema as the server applies it (the deployment's blocked e-mail domains). */
export function requestSchema(deps: Pick<Deps, "env">) {
  return trustRequestSchema({ blockedDomains: deps.env.blockedEmailDomains });
}

/** The restricted documents a request may name, by id, with their titles. */
async function requestable(db: Db, examples: boolean): Promise<Map<string, string>> {
  // A deployed site publishes no example document (server/trust/document-admin.ts).
  const rows = await db.query<{ id: string; title: string }>(
    `SELECT id, title FROM trust_documents
      WHERE published AND access = 'restricted' AND file_key IS NOT NULL AND (NOT example OR $1)
      ORDER BY position, title`,
    [examples],
  );
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Checks and stores a request; answers its lead's id. */
export async function receiveTrustRequest(
  deps: RequestDeps,
  fields: Readonly<Record<string, unknown>>,
): Promise<number> {
  const input = validate(requestSchema(deps), fields);
  return submitTrustRequest(deps, input);
}

export async function submitTrustRequest(deps: RequestDeps, input: TrustRequestInput): Promise<number> {
  const documents = await requestable(deps.db, !deps.env.deployed);
  const unknown = input.documents.filter((d) => !documents.has(d));
  if (unknown.length)
    throw new Invalid(
      `"${unknown[0]}" is not a document shared by request. Choose among: ${[...documents.keys()].join(", ") || "none at the moment"}.`,
    );
  const titles = input.documents.map((d) => documents.get(d)!);
  const now = deps.now();
  let assigned: Assigned | undefined;
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO inquiries (kind, full_name, email, org_name, project_details, source_page, created_at)
       VALUES ('security review', $1, $2, $3, $4, '/trust', $5) RETURNING id`,
      [
        input.name,
        input.email,
        input.company,
        `Security review: asks for ${titles.join(", ")} under the click-through NDA (version ${NDA.version}).`,
        now.toISOString(),
      ],
    );
    const lead = row!.id;
    await tx.query(
      `INSERT INTO trust_requests (id, inquiry_id, documents, nda_version, nda_accepted_at, created_at)
       VALUES ($1, $1, $2, $3, $4, $4)`,
      [lead, input.documents, NDA.version, now.toISOString()],
    );
    await tx.query(
      `INSERT INTO inquiry_events (inquiry_id, kind, from_value, to_value, author_id, author_email, created_at)
       VALUES ($1, 'documents', 'requested', $2, NULL, 'the requester', $3)`,
      [lead, titles.join(", ").slice(0, 254), now.toISOString()],
    );
    assigned = await assignOnArrival(tx, deps, {
      id: lead,
      kind: "security review",
      companySize: "",
      budget: "",
    });
    const full = await getLead(tx, lead, deps.env);
    if (full) await emitWebhookEvent(tx, deps, "lead.created", full);
    return lead;
  });
  await notifySales(deps, id);
  const owner = assigned;
  if (owner)
    deps.after(() =>
      sendAndRecord(deps, ownerMail(deps.env.siteUrl, id, input, titles, owner), {
        kind: "lead-owner",
        refTable: "inquiries",
        refId: id,
      }),
    );
  return id;
}

const GONE = "This request no longer exists.";

/**
 * Approves or denies a pending request, with its audit entry, its timeline entry and the CRM's
 * lead.updated, in one transaction; then mails the requester (the links, or the refusal). A
 * request already decided is answered as it stands (changed: false): a decision is final.
 */
export async function decideTrustRequest(
  deps: RequestDeps,
  actor: Actor,
  requestId: number,
  verdict: "approved" | "denied",
): Promise<{ request: TrustRequestView; changed: boolean }> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const [cur] = await tx.query<{ id: number; inquiry_id: number; status: string; documents: string[] }>(
      "SELECT id, inquiry_id, status, documents FROM trust_requests WHERE id = $1 FOR UPDATE",
      [requestId],
    );
    if (!cur) throw new NotFound(GONE);
    const changed = cur.status === "pending";
    if (changed) {
      // Whole seconds: the link carries the expiry, and finds its request by it.
      const expires = new Date(Math.floor(now.getTime() / 1000) * 1000 + DOCUMENT_LINK_DAYS * 86_400_000);
      await tx.query(
        `UPDATE trust_requests SET status = $2, decided_at = $3, decided_by = $4, link_expires_at = $5
          WHERE id = $1`,
        [
          requestId,
          verdict,
          now.toISOString(),
          (actor.email ?? "unknown").slice(0, 254),
          verdict === "approved" ? expires.toISOString() : null,
        ],
      );
      await tx.query(
        `INSERT INTO inquiry_events (inquiry_id, kind, from_value, to_value, author_id, author_email, created_at)
         VALUES ($1, 'documents', $2, $3, $4, $5, $6)`,
        [
          cur.inquiry_id,
          verdict,
          cur.documents.join(", ").slice(0, 254),
          actor.userId,
          actor.email ?? "unknown",
          now.toISOString(),
        ],
      );
      await recordAudit({ db: tx, now: () => now }, actor, {
        action: verdict === "approved" ? "trust_request.approve" : "trust_request.deny",
        entity: "lead",
        entityId: cur.inquiry_id,
        changes: { request: [null, requestId], status: ["pending", verdict] },
      });
    }
    const lead = await getLead(tx, cur.inquiry_id, deps.env);
    if (!lead?.securityReview) throw new NotFound(GONE);
    if (changed) await emitWebhookEvent(tx, deps, "lead.updated", lead);
    return { request: lead.securityReview, changed, email: lead.email, name: lead.fullName };
  });
  if (result.changed && result.email) {
    const to = result.email;
    const request = result.request;
    const titles = await documentTitles(deps.db, request.documents);
    deps.after(() =>
      sendAndRecord(deps, requesterMail(deps, to, result.name, request, titles), {
        kind: "trust-documents",
        refTable: "inquiries",
        refId: request.lead,
      }),
    );
  }
  return { request: result.request, changed: result.changed };
}

async function documentTitles(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; title: string }>(
    "SELECT id, title FROM trust_documents WHERE id = ANY($1::text[])",
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The requester's mail: a link per document (approved), or the refusal. Plain text. */
export function requesterMail(
  deps: Pick<Deps, "env" | "secret">,
  to: string,
  name: string,
  request: TrustRequestView,
  titles: ReadonlyMap<string, string>,
) {
  if (request.status !== "approved" || !request.linksExpireAt)
    return {
      to,
      subject: `Your request for security documents from ${site.name}`,
      text: [
        `Hello ${name},`,
        "",
        `Thank you for your interest in ${site.name}. We cannot share the documents you asked for at this stage of our conversation; your account manager will be in touch to explain and to answer your security questions directly.`,
        "",
        `${site.name}`,
      ].join("\n"),
    };
  const exp = Math.floor(new Date(request.linksExpireAt).getTime() / 1000);
  const until = new Date(exp * 1000).toUTCString();
  return {
    to,
    subject: `Your security documents from ${site.name}`,
    text: [
      `Hello ${name},`,
      "",
      `Your request was approved. Each link below opens one document; they work until ${until} and are for you and your review team only, under the non-disclosure terms you accepted (version ${request.ndaVersion}).`,
      "",
      ...request.documents.map(
        (d) =>
          `${titles.get(d) ?? d}: ${documentLink(deps.env.siteUrl, deps.secret, { request: request.id, document: d, exp })}`,
      ),
      "",
      `${site.name}`,
    ].join("\n"),
  };
}

/** The request behind a lead, for the dashboard (null when the lead is a contact inquiry). */
export async function requestOfLead(db: Db, lead: number): Promise<TrustRequestView | null> {
  const [row] = await db.query<TrustRequestColumns & { id: number }>(
    `SELECT inquiry_id AS id, id AS tr_id, documents AS tr_documents, nda_version AS tr_nda_version,
            nda_accepted_at AS tr_nda_accepted_at, status AS tr_status, decided_at AS tr_decided_at,
            decided_by AS tr_decided_by, link_expires_at AS tr_link_expires_at
       FROM trust_requests WHERE inquiry_id = $1`,
    [lead],
  );
  return row ? trustRequestOf(row) : null;
}

/** The owner's mail about a new security review: theirs, with a link to the lead. */
export function ownerMail(
  siteUrl: string,
  id: number,
  input: Pick<TrustRequestInput, "name" | "company">,
  titles: readonly string[],
  a: Pick<Assigned, "ownerEmail" | "rule">,
): MailMessage {
  return {
    to: a.ownerEmail,
    subject: `Lead #${id} is yours: security review by ${input.company}`,
    text: [
      `${input.name} at ${input.company} asks for restricted documents for a security review (lead #${id}), assigned to you by the assignment rule "${a.rule}".`,
      "",
      `Documents: ${titles.join(", ")}`,
      "",
      `Approve or deny the request from the lead in the dashboard (sign-in required): ${leadUrl(siteUrl, id)}`,
    ].join("\n"),
  };
}
