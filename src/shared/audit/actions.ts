/**
 * What the audit trail records, in people's words: the one table of actions. The recorder
 * (src/server/common/audit.ts) takes an `AuditAction` only, so an action the code records has a
 * label here or the code does not compile; tests/unit/audit-actions.test.ts reads every recording
 * call of src/server and checks the same. An entry that names no account (`who` is null) says who
 * acted instead: the person themselves (self-service), the site, or an unknown account.
 */

/** Who acted when an entry names no staff account. */
export type NoAccount = "self-service" | "site" | "unknown";

interface ActionInfo {
  /** What happened, as the audit screen says it. */
  label: string;
  /** Who acted when no account is named (default: an unknown account, e.g. a failed sign-in). */
  noAccount?: NoAccount;
}

export const AUDIT_ACTIONS = {
  "auth.login": { label: "Signed in" },
  "auth.login_failed": { label: "Sign-in failed" },
  "auth.lockout": { label: "Account locked after failed sign-ins" },
  "auth.logout": { label: "Signed out" },
  "auth.reset_requested": { label: "Password reset requested" },
  "auth.reset_failed": { label: "Password reset failed" },
  "auth.password_reset": { label: "Password reset" },
  "profile.update": { label: "Profile changed" },
  "profile.password_failed": { label: "Wrong current password (profile)" },
  "session.end": { label: "Session ended" },
  "user.create": { label: "Staff member added" },
  "user.update": { label: "Staff member changed" },
  "user.delete": { label: "Staff member deleted" },
  "lead.stage": { label: "Lead stage changed" },
  "lead.owner": { label: "Lead owner changed", noAccount: "site" },
  "lead.note": { label: "Note added to a lead" },
  "lead.merge": { label: "Leads merged" },
  "lead.notification_resent": { label: "Lead notification sent again" },
  "availability.update": { label: "Availability for calls changed" },
  "availability.feed_renewed": { label: "Calendar feed address renewed" },
  "assignment_rule.create": { label: "Assignment rule added" },
  "assignment_rule.update": { label: "Assignment rule changed" },
  "assignment_rule.delete": { label: "Assignment rule deleted" },
  "post.create": { label: "Blog post added" },
  "post.update": { label: "Blog post edited" },
  "post.delete": { label: "Blog post deleted" },
  "post.image_upload": { label: "Blog image uploaded" },
  "comment.approve": { label: "Comment approved" },
  "comment.spam": { label: "Comment marked as spam" },
  "comment.delete": { label: "Comment deleted" },
  "faq.answer": { label: "FAQ answered" },
  "faq.delete": { label: "FAQ question deleted" },
  "job.create": { label: "Job post added" },
  "job.update": { label: "Job post edited" },
  "job.delete": { label: "Job post deleted" },
  "application.status": { label: "Application status changed" },
  "application.withdraw": { label: "Application withdrawn", noAccount: "self-service" },
  "application.extend": { label: "Talent-pool application kept longer", noAccount: "self-service" },
  "case_study.create": { label: "Case study added" },
  "case_study.update": { label: "Case study changed" },
  "case_study.delete": { label: "Case study deleted" },
  "proof_item.create": { label: "Testimonial, client or partner added" },
  "proof_item.update": { label: "Testimonial, client or partner changed" },
  "proof_item.delete": { label: "Testimonial, client or partner deleted" },
  "proof_item.logo": { label: "Client logo uploaded" },
  "subprocessor.create": { label: "Subprocessor added" },
  "subprocessor.update": { label: "Subprocessor changed" },
  "subprocessor.delete": { label: "Subprocessor removed" },
  "trust_document.upload": { label: "Trust center document uploaded (draft)" },
  "trust_document.publish": { label: "Trust center document published" },
  "trust_document.unpublish": { label: "Trust center document unpublished" },
  "trust_document.delete": { label: "Trust center document removed" },
  "trust_request.approve": { label: "Security documents request approved" },
  "trust_request.deny": { label: "Security documents request denied" },
  "webhook.create": { label: "Webhook endpoint added" },
  "webhook.delete": { label: "Webhook endpoint deleted" },
  "webhook.retry": { label: "Webhook delivery sent again" },
  "webhook.test": { label: "Webhook test delivery sent" },
  "privacy.search": { label: "Personal data looked up" },
  "privacy.erase": { label: "Personal data erased" },
  "privacy.erase_self": { label: "Personal data erased", noAccount: "self-service" },
  "privacy.housekeeping": { label: "Expired personal data removed (daily housekeeping)", noAccount: "site" },
} as const satisfies Record<string, ActionInfo>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The areas of the screen's "What" filter: the first part of each action, in the table's order. */
export const AUDIT_AREAS = [...new Set(Object.keys(AUDIT_ACTIONS).map((a) => a.split(".")[0]!))];

const AREA_LABELS: Record<string, string> = {
  auth: "Sign-ins and passwords",
  profile: "Profiles",
  session: "Sessions",
  user: "Staff members",
  lead: "Leads",
  assignment_rule: "Assignment rules",
  availability: "Availability for calls",
  post: "Blog posts",
  comment: "Comments",
  faq: "FAQ questions",
  job: "Job posts",
  application: "Applications",
  case_study: "Case studies",
  proof_item: "Testimonials, clients and partners",
  subprocessor: "Subprocessors",
  trust_document: "Trust center documents",
  trust_request: "Security documents requests",
  webhook: "Webhooks",
  privacy: "Personal data",
};

export const areaLabel = (area: string): string => AREA_LABELS[area] ?? area;

const known = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action);

/** An action's label; an action no longer recorded (older entries) is shown as it was stored. */
export function actionLabel(action: string): string {
  return known(action) ? AUDIT_ACTIONS[action].label : action;
}

const NO_ACCOUNT: Record<NoAccount, string> = {
  "self-service": "the person, by self-service",
  site: "the site (automatic)",
  unknown: "unknown account",
};

/** Who acted, as the screen says it: the staff member's e-mail, or who acted without an account. */
export function whoLabel(who: string | null, action: string): string {
  if (who) return who;
  const info: ActionInfo | undefined = known(action) ? AUDIT_ACTIONS[action] : undefined;
  return NO_ACCOUNT[info?.noAccount ?? "unknown"];
}
