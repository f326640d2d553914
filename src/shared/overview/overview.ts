/** The dashboard overview's figures (GET /api/overview), shared by the server and the screen. */
export interface Overview {
  /** Today (UTC), YYYY-MM-DD. */
  today: string;
  /** Monday of this week and of last week, and last week's Sunday (UTC dates). */
  thisWeekStart: string;
  lastWeekStart: string;
  lastWeekEnd: string;
  newLeads: { thisWeek: number; lastWeek: number };
  stages: { stage: string; count: number }[];
  unansweredFaqs: number;
  /** Applications still New (no decision yet). */
  applicationsWaiting: number;
  /** Published comments of the last 7 days. */
  commentsLast7Days: number;
  /** Comments held for review, or public with reports since their last review. */
  commentsToReview: number;
  /** 12 weeks, oldest first; `start` is the week's Monday. */
  weeks: { start: string; leads: number; applications: number }[];
}
