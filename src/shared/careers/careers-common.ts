/**
 * Careers constants, messages and pure helpers (search, tags) without zod, so the openings and
 * FAQ islands stay small; the schemas live in careers.ts and load with the forms that need them.
 */

export const NOTICE_PERIODS = ["immediate", "15 Days", "30 Days", "90 Days"] as const;
export const GENDERS = ["Male", "Female", "Other", "Prefer not to say"] as const;
export const RELOCATE = ["Yes", "No"] as const;
export type NoticePeriod = (typeof NOTICE_PERIODS)[number];

/** Without a search term only the first answered FAQs show (SPEC section 9). */
export const FAQ_DEFAULT_COUNT = 4;
/** A verification is good for this long before an application must be re-verified. */
export const VERIFICATION_MINUTES = 30;
export const MAX_TAGS = 30;
export const MAX_TAG_LENGTH = 60;

export const MESSAGES = {
  codeSent: "OTP sent to your email.",
  codeSendFailed: "Failed to send OTP. Please try again.",
  codeSendError: "Error sending OTP. Please try again.",
  verified: "Email verified!",
  wrongCode: "Incorrect email OTP",
  verifyError: "Error verifying OTP. Please try again.",
  verifyFirst: "Please verify your email before submitting.",
  submitted: "Application Submitted!",
  submitError: "Error submitting application. Please try again.",
  faqSubmitted: "FAQ submitted. Your question will appear once answered.",
  /** Said with faqSubmitted: who answers, where the answer appears and roughly when. */
  faqNext:
    "What happens next: our recruitment team reads every question and answers it here, in the list of questions on this page, usually within a few working days. We do not e-mail you, so come back to this page to read the answer.",
  faqError: "Error submitting FAQ question. Please try again.",
} as const;

/** An opening's skills ("a, b, c") as a list. */
export function skillList(skills: string): string[] {
  return skills
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
}

/** "1 year", "4 years". */
export const yearsText = (n: number) => `${n} ${n === 1 ? "year" : "years"}`;

// ---- search -------------------------------------------------------------------------------

function normal(s: string): string {
  return s.toLocaleLowerCase("en-US").replace(/\s+/g, " ").trim();
}

/** Openings whose title, description or skills contain the term, ignoring case. */
export function jobMatches(
  job: { job_title: string; description: string; skills: string },
  term: string,
): boolean {
  const t = normal(term);
  return (
    t === "" ||
    normal(job.job_title).includes(t) ||
    normal(job.description).includes(t) ||
    normal(job.skills).includes(t)
  );
}

/**
 * The FAQs to show: with a term, every answered FAQ whose question or answer contains it; without
 * one, the first FAQ_DEFAULT_COUNT.
 */
export function visibleFaqs<T extends { question: string; answer: string }>(faqs: T[], term: string): T[] {
  const t = normal(term);
  if (t === "") return faqs.slice(0, FAQ_DEFAULT_COUNT);
  return faqs.filter((f) => normal(f.question).includes(t) || normal(f.answer).includes(t));
}

// ---- tags ---------------------------------------------------------------------------------

/** Splits typed text on commas into trimmed, non-empty tags. */
export function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** Adds tags to a list: trimmed, without duplicates (ignoring case), in the order typed. */
export function addTags(current: readonly string[], text: string): string[] {
  const out = [...current];
  const seen = new Set(out.map((t) => t.toLowerCase()));
  for (const tag of splitTags(text)) {
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag.slice(0, MAX_TAG_LENGTH));
  }
  return out;
}

/** Tags as submitted: joined with a comma and a space (SPEC section 3). */
export function joinTags(tags: readonly string[]): string {
  return tags.join(", ");
}
