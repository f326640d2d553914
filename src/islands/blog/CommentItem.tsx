/**
 * One comment of the Recent Comments list, with its Report button, and the reader's reports: one
 * per comment from this page (three addresses hide a comment), announced in the list's status line.
 */
import { useState } from "react";
import { formatDate } from "../../shared/blog/blog";
import { commentParts, UGC_REL } from "../../shared/blog/comment-links";
import { reportCommentApi, type PublicComment } from "../../shared/blog/api";
import { send } from "../lib/api-client";
import styles from "./Comments.module.css";

type ReportState = "sending" | "done";

/** The comments this reader reported (or is reporting), and what the last report said. */
export function useReports() {
  const [reported, setReported] = useState<Record<number, ReportState>>({});
  const [reportNote, setReportNote] = useState("");
  async function report(c: PublicComment) {
    if (reported[c.id]) return;
    setReported((r) => ({ ...r, [c.id]: "sending" }));
    setReportNote("");
    try {
      const res = await send(reportCommentApi, { body: { id: c.id } });
      if (!res.ok) throw new Error(res.data.error ?? "The report could not be sent. Please try again.");
      setReported((r) => ({ ...r, [c.id]: "done" }));
      setReportNote(`Thanks: the comment by ${c.name} was reported to our team.`);
    } catch (err) {
      setReported(({ [c.id]: _, ...r }) => r);
      setReportNote(err instanceof Error ? err.message : "The report could not be sent. Please try again.");
    }
  }
  return { reported, reportNote, report };
}

export function CommentItem({
  comment: c,
  reported,
  onReport,
}: {
  comment: PublicComment;
  reported: ReportState | undefined;
  onReport: () => void;
}) {
  return (
    <li className={styles.comment}>
      <p className={styles.who}>
        <span className={styles.avatar} aria-hidden="true">
          {c.name.trim().charAt(0).toUpperCase()}
        </span>
        <span className={styles.name}>{c.name}</span>
        <time dateTime={c.date} className={styles.date}>
          {formatDate(c.date)}
        </time>
        {c.id > 0 && (
          <button type="button" className={styles.report} disabled={Boolean(reported)} onClick={onReport}>
            {reported === "done" ? "Reported" : "Report"}
            <span className="visually-hidden"> the comment by {c.name}</span>
          </button>
        )}
      </p>
      <p className={styles.text}>
        {commentParts(c.comment).map((part, j) =>
          "href" in part ? (
            <a key={j} href={part.href} rel={UGC_REL}>
              {part.text}
            </a>
          ) : (
            part.text
          ),
        )}
      </p>
    </li>
  );
}
