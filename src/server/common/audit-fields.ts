/**
 * The fields of each record the audit trail keeps a before/after of. Never a password hash, a
 * code or a storage secret (src/server/common/audit.ts also hides any such field by its name).
 */
export const AUDIT_FIELDS = {
  posts: ["title", "author", "category", "status", "slug", "date", "format", "content", "image1", "image2"],
  comments: ["post_id", "name", "email", "comment"],
  /** A moderation decision: the state, not the commenter's e-mail or text. */
  moderation: ["post_id", "name", "status", "report_count"],
  faqs: ["question", "answer"],
  jobs: ["job_title", "required_experience", "skills", "description"],
  applications: ["status"],
  users: ["email", "role"],
  profile: ["email", "profile_image"],
  caseStudies: [
    "slug",
    "title",
    "client",
    "services",
    "published_on",
    "status",
    "example",
    "summary",
    "body",
  ],
  proofItems: [
    "kind",
    "status",
    "example",
    "quote",
    "author",
    "company",
    "name",
    "mark",
    "logo",
    "cloud",
    "programme",
  ],
  /** Never the secret. */
  webhooks: ["url", "events", "enabled"],
} as const;
