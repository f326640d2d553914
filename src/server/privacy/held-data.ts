/**
 * Everything held under one e-mail address, as the person downloads it (and a root_admin exports
 * it for them): leads, applications (each with a short-lived link to its resume), blog comments
 * and the consents given. Anonymised rows hold nothing of the person and are not listed.
 */
import type { Deps } from "../common/deps";
import { spamEmailKey } from "../common/spam-senders";
import type {
  HeldApplication,
  HeldComment,
  HeldConsent,
  HeldData,
  HeldInquiry,
  HeldSecurityReview,
} from "../../shared/privacy/api";

/** Seconds a resume link of the export stays valid. */
export const EXPORT_LINK_SECONDS = 300;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const EXT: Record<string, string> = {
  "application/pdf": "pdf",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
};

/** True when anything is held under the address (cheap: four indexed reads). */
export async function holdsAnything(deps: Pick<Deps, "db" | "secret">, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const rows = await deps.db.query(
    `SELECT 1 WHERE EXISTS (SELECT 1 FROM applications WHERE email = $1)
        OR EXISTS (SELECT 1 FROM inquiries WHERE lower(email) = $1)
        OR EXISTS (SELECT 1 FROM comments WHERE lower(email) = $1)
        OR EXISTS (SELECT 1 FROM comment_spam_senders WHERE kind = 'email' AND key = $2)`,
    [address, spamEmailKey(deps.secret, address)],
  );
  return rows.length > 0;
}

/** The security reviews among the person's leads: what they asked for, the NDA they accepted, each download. */
async function securityReviewsOf(db: Deps["db"], leads: number[]): Promise<Map<number, HeldSecurityReview>> {
  if (leads.length === 0) return new Map();
  const rows = await db.query<{
    inquiry_id: number;
    documents: string[];
    nda_version: string;
    nda_accepted_at: Date | string;
    status: string;
  }>(
    `SELECT inquiry_id, documents, nda_version, nda_accepted_at, status FROM trust_requests
      WHERE inquiry_id = ANY($1::int[])`,
    [leads],
  );
  const downloads = await db.query<{
    inquiry_id: number;
    to_value: string | null;
    created_at: Date | string;
  }>(
    `SELECT inquiry_id, to_value, created_at FROM inquiry_events
      WHERE kind = 'documents' AND from_value = 'downloaded' AND inquiry_id = ANY($1::int[]) ORDER BY id`,
    [leads],
  );
  return new Map(
    rows.map((r) => [
      r.inquiry_id,
      {
        documents: r.documents,
        ndaVersion: r.nda_version,
        ndaAcceptedAt: iso(r.nda_accepted_at)!,
        status: r.status,
        downloads: downloads
          .filter((d) => d.inquiry_id === r.inquiry_id)
          .map((d) => ({ document: d.to_value ?? "", at: iso(d.created_at)! })),
      },
    ]),
  );
}

export async function heldData(
  deps: Pick<Deps, "db" | "storage" | "now" | "secret" | "env">,
  email: string,
): Promise<HeldData> {
  const address = email.trim().toLowerCase();
  const { db } = deps;
  const leads = await db.query<Record<string, unknown> & { id: number }>(
    `SELECT id, kind, full_name, email, org_name, job_title, industry, company_size, mobile, budget,
            project_type, deadline::text AS deadline, project_details, file_name, stage, created_at,
            marketing_consent, marketing_consent_version, marketing_consent_at
       FROM inquiries WHERE lower(email) = $1 ORDER BY id`,
    [address],
  );
  const apps = await db.query<Record<string, unknown> & { id: number }>(
    `SELECT a.id, j.job_title, a.first_name, a.last_name, a.email, a.mobile, a.native_place, a.gender,
            a.total_experience, a.it_experience, a.current_company, a.notice_period, a.expected_salary,
            a.willing_to_relocate, a.skills, a.certifications, a.status, a.talent_pool,
            a.talent_pool_consent_at, a.privacy_consent_version, a.privacy_consent_at, a.created_at,
            a.resume_key, a.resume_type
       FROM applications a LEFT JOIN jobs j ON j.id = a.job_id WHERE a.email = $1 ORDER BY a.id`,
    [address],
  );
  const comments = await db.query<{ id: number; title: string; name: string; comment: string; date: Date }>(
    `SELECT c.id, p.title, c.name, c.comment, c.date FROM comments c JOIN posts p ON p.id = c.post_id
      WHERE lower(c.email) = $1 ORDER BY c.id`,
    [address],
  );
  const [spam] = await db.query<{ created_at: Date | string }>(
    "SELECT created_at FROM comment_spam_senders WHERE kind = 'email' AND key = $1",
    [spamEmailKey(deps.secret, address)],
  );
  const reviews = await securityReviewsOf(
    db,
    leads.map((r) => r.id),
  );
  const meetings = await db.query<{
    inquiry_id: number;
    starts_at: Date;
    ends_at: Date;
    time_zone: string;
    cancelled_at: Date | null;
  }>(
    `SELECT inquiry_id, starts_at, ends_at, time_zone, cancelled_at FROM meetings
      WHERE inquiry_id = ANY($1::int[]) ORDER BY starts_at`,
    [leads.map((r) => r.id)],
  );
  const callsOf = (id: number) =>
    meetings
      .filter((m) => m.inquiry_id === id)
      .map((m) => ({
        start: iso(m.starts_at)!,
        end: iso(m.ends_at)!,
        timeZone: m.time_zone,
        cancelled: m.cancelled_at !== null,
      }));
  const inquiries: HeldInquiry[] = leads.map((r) => ({
    id: r.id,
    kind: r.kind === "security review" ? "security review" : "contact",
    fullName: String(r.full_name),
    email: String(r.email),
    orgName: String(r.org_name),
    jobTitle: String(r.job_title ?? ""),
    industry: String(r.industry ?? ""),
    companySize: String(r.company_size ?? ""),
    mobile: String(r.mobile ?? ""),
    budget: String(r.budget ?? ""),
    projectType: String(r.project_type ?? ""),
    deadline: (r.deadline as string | null) ?? null,
    projectDetails: String(r.project_details),
    attachment: (r.file_name as string | null) ?? null,
    stage: String(r.stage),
    createdAt: iso(r.created_at as Date)!,
    securityReview: reviews.get(r.id) ?? null,
    calls: callsOf(r.id),
  }));
  const applications: HeldApplication[] = [];
  for (const r of apps) {
    const key = r.resume_key as string | null;
    const type = (r.resume_type as string | null) ?? "";
    applications.push({
      id: r.id,
      job: (r.job_title as string | null) ?? null,
      firstName: String(r.first_name),
      lastName: String(r.last_name),
      email: String(r.email),
      mobile: (r.mobile as string | null) ?? null,
      address: (r.native_place as string | null) ?? null,
      gender: (r.gender as string | null) ?? null,
      totalExperience: Number(r.total_experience),
      itExperience: Number(r.it_experience),
      currentCompany: (r.current_company as string | null) ?? null,
      noticePeriod: String(r.notice_period),
      expectedSalary: r.expected_salary === null ? null : Number(r.expected_salary),
      willingToRelocate: String(r.willing_to_relocate),
      skills: (r.skills as string | null) ?? null,
      certifications: String(r.certifications),
      status: String(r.status),
      talentPool: Boolean(r.talent_pool),
      createdAt: iso(r.created_at as Date)!,
      resume: key
        ? {
            filename: `application-${r.id}-resume.${EXT[type] ?? "pdf"}`,
            url: await deps.storage.signedUrl(key, {
              expiresIn: EXPORT_LINK_SECONDS,
              downloadName: `application-${r.id}-resume.${EXT[type] ?? "pdf"}`,
            }),
          }
        : null,
    });
  }
  const consents: HeldConsent[] = [
    ...apps.flatMap((r): HeldConsent[] => [
      {
        kind: "privacy notice",
        given: `application #${r.id}`,
        value: r.privacy_consent_at !== null,
        version: (r.privacy_consent_version as string | null) ?? null,
        at: iso(r.privacy_consent_at as Date | null),
      },
      {
        kind: "talent pool",
        given: `application #${r.id}`,
        value: Boolean(r.talent_pool),
        version: null,
        at: iso(r.talent_pool_consent_at as Date | null),
      },
    ]),
    ...leads.map((r): HeldConsent => ({
      kind: "marketing",
      given: `inquiry #${r.id}`,
      value: Boolean(r.marketing_consent),
      version: (r.marketing_consent_version as string | null) ?? null,
      at: iso(r.marketing_consent_at as Date | null),
    })),
  ];
  // Copies sent to the CRM carry the person's address in their data (erasure deletes them too).
  const deliveries = await db.query<{ event_type: string; url: string; created_at: Date; status: string }>(
    `SELECT d.event_type, e.url, d.created_at, d.status
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE lower(d.payload -> 'data' ->> 'email') = $1 ORDER BY d.id`,
    [address],
  );
  const held: HeldComment[] = comments.map((c) => ({
    id: c.id,
    post: c.title,
    name: c.name,
    comment: c.comment,
    date: iso(c.date)!,
  }));
  return {
    email: address,
    exportedAt: deps.now().toISOString(),
    inquiries,
    applications,
    comments: held,
    spamMark: spam
      ? {
          markedAt: iso(spam.created_at)!,
          until: new Date(
            new Date(spam.created_at).getTime() + deps.env.retention.spamSenders * 86_400_000,
          ).toISOString(),
        }
      : null,
    consents,
    sentToCrm: deliveries.map((d) => ({
      event: d.event_type,
      receiver: URL.canParse(d.url) ? new URL(d.url).hostname : "",
      at: iso(d.created_at)!,
      status: d.status,
    })),
  };
}
