/**
 * The privacy notice at /privacy, in plain English. Every lifetime it states comes from the
 * retention table (src/shared/privacy/retention.ts) with the lifetimes of this build
 * (publicEnv().retention), the same figures the housekeeping job enforces: the page renders what
 * `privacyNotice()` returns and writes no figure of its own (tests/unit/privacy-notice.test.ts,
 * and the built page in tests/e2e/privacy-notice.spec.ts and tests/e2e-analytics/).
 */
import { MY_DATA_PATH, PRIVACY_NOTICE, retentionRows, type RetentionRow } from "../shared/privacy/notice";
import type { RetentionDays, RetentionKey } from "../shared/privacy/retention";

/** Who receives personal data, by role. A new recipient is named here before it receives anything. */
export const RECIPIENTS = [
  {
    role: "Hosting",
    who: "Netlify, Inc. (USA)",
    what: "Serves the website and runs the code that handles the forms; it sees every request, including your network address, to deliver it.",
  },
  {
    role: "Database",
    who: "Neon, Inc. (PostgreSQL, USA)",
    what: "Stores the forms' contents, staff accounts and the audit trail.",
  },
  {
    role: "File storage",
    who: "Amazon Web Services (Amazon S3)",
    what: "Stores resumes and inquiry attachments in a private bucket that only staff can reach, through links valid for minutes.",
  },
  {
    role: "E-mail",
    who: "Amazon Web Services (Amazon SES)",
    what: "Delivers the mail the site sends: e-mail codes, confirmations and notices to our sales team.",
  },
  {
    role: "Sales CRM (when one is connected)",
    who: "The customer-relationship system our sales team uses, when one is connected",
    what: "Receives a copy of each lead and job application as our staff see it (without attached files or resumes), and of each change of its stage, owner or status, over signed HTTPS messages (webhooks). Our copies of what was sent are deleted after the lifetime in the table below.",
  },
  {
    role: "Analytics (only if you accept)",
    who: "Google LLC (Google Analytics)",
    what: "Counts visits and pages viewed. It loads only after you choose Accept, never with Global Privacy Control on, and never on staff pages. Advertising signals stay off.",
  },
] as const;

export interface DataGroup {
  id: string;
  who: string;
  collected: string;
  why: string;
  receivers: string;
  /** The retention rows that apply, in the table's words. */
  kept: RetentionRow[];
  extra?: string;
}

/** The notice's figures and groups for the given lifetimes and contact address. */
export function privacyNotice(opts: { retention: RetentionDays; privacyEmail: string }) {
  const rows = retentionRows(opts.retention);
  const row = (key: RetentionKey) => rows.find((r) => r.key === key)!;
  const groups: DataGroup[] = [
    {
      id: "buyers",
      who: "Buyers who use the contact form",
      collected:
        "Your name, business e-mail, phone number, organisation, job title, industry, company size, budget, project details, deadline and any file you attach; the page you came from and campaign tags in the link (utm_…); and, only if you tick the box, your permission to send you news by e-mail, with the time and the notice's version. If you book a call with us: its time and the time zone you chose, and the calendar invitations we send you.",
      why: "To answer your inquiry, hold the call you booked and prepare a proposal (steps you asked for before a contract), and to follow up as a sales lead. News mail only with your permission, which you can withdraw at any time.",
      receivers:
        "Our sales team, the customer-relationship system our sales team uses (when one is connected), and the hosting, database, file storage and e-mail providers below.",
      kept: [row("leads"), row("meetings"), row("webhookDeliveries")],
    },
    {
      id: "reviewers",
      who: "Security reviewers who request documents from the trust center",
      collected:
        "Your name, work e-mail and company; the documents you ask for; your acceptance of the non-disclosure terms, with their version and the time; our decision; and each time a document link mailed to you is opened.",
      why: "To decide whether to share restricted security documents with you under the non-disclosure terms you accepted, to send you the links, to know who opened them, and to follow up as a sales lead.",
      receivers:
        "Our sales team, the customer-relationship system our sales team uses (when one is connected), and the hosting, database, file storage and e-mail providers below.",
      kept: [row("leads"), row("webhookDeliveries")],
    },
    {
      id: "candidates",
      who: "Job candidates",
      collected:
        "Your name, e-mail (verified with a code), mobile number, address, gender, total and IT experience, current company, notice period, expected salary, willingness to relocate, skills, certifications and resume; your consent to this notice, and to the talent pool if you choose it, each with the time and the notice's version.",
      why: "To consider you for the opening you applied for, and, only if you tick the talent pool box, for other openings. Gender is asked for our diversity figures; it is never used to decide.",
      receivers:
        "Our recruitment team, the customer-relationship system our sales team uses (when one is connected), and the hosting, database, file storage and e-mail providers below.",
      kept: [row("applications"), row("talentPool"), row("webhookDeliveries")],
    },
    {
      id: "readers",
      who: "Readers who comment on the blog, and people who ask a question in the careers FAQ",
      collected:
        "For a comment: your name, e-mail address and comment, and the network address it came from. A reader who reports a comment leaves a keyed fingerprint of their network, so that one network reports a comment once. For an FAQ question: the question only (please leave personal details out).",
      why: "To publish your comment under your name (your e-mail is never shown to anyone), to answer questions, and to keep spam off the blog: when a comment is marked as spam, keyed fingerprints of its e-mail and network address (not the addresses themselves) are kept, so that the sender's next comments wait for review.",
      receivers: "Our editors, and the hosting and database providers below.",
      kept: [row("commentEmails"), row("spamSenders")],
      extra:
        "Comments and answered questions stay on the site until they are deleted; ask us and we delete yours.",
    },
    {
      id: "staff",
      who: "Staff who sign in to the dashboard",
      collected:
        "Your e-mail, role, password (stored only as a bcrypt hash) and profile picture; while a session is active, its device (browser and system) and network address; failed sign-in counts under a keyed hash of the address you typed; and an audit trail of what you changed and of sign-ins, with the network address they came from.",
      why: "To keep the dashboard secure: to let you see and end your own sessions, to stop password guessing, and to know who changed what.",
      receivers:
        "Root administrators (the audit trail), you (your own sessions), and the hosting and database providers below.",
      kept: [row("auditAddresses"), row("audit"), row("shortLived")],
      extra:
        "A session's device and address are kept only while it is active, shown only to you, and never written to logs.",
    },
    {
      id: "visitors",
      who: "Every visitor",
      collected:
        "Your network address and browser details reach our hosting provider with each request. We count requests per address against abuse (rate limits), under a keyed hash of the address, never the address itself, and use them for nothing else. If you accept analytics, Google Analytics also sets its own cookies and receives the pages you view.",
      why: "To deliver the site and protect it from floods of requests; analytics only with your consent, to learn which pages help visitors.",
      receivers: "Our hosting and database providers; Google only if you accept analytics.",
      kept: [row("shortLived")],
    },
  ];
  return { notice: PRIVACY_NOTICE, email: opts.privacyEmail, myDataPath: MY_DATA_PATH, rows, groups };
}

/** The cookies the site itself sets: none of them tracks you across sites. */
export const COOKIES = [
  {
    name: "privacy_consent",
    what: "Remembers whether you accepted or rejected analytics, for 6 months. Set only on a site with analytics.",
  },
  {
    name: "__Host-ack",
    what: "Lets the thank-you page greet you by name after you send the contact form, for 30 minutes.",
  },
  {
    name: "__Host-apply",
    what: "Proves, for 30 minutes, that this browser verified the applicant's e-mail address.",
  },
  { name: "__Host-session", what: "Keeps staff signed in (8 hours at most, 30 minutes idle)." },
] as const;
