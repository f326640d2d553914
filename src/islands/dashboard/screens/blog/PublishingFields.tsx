import type { ReactNode } from "react";
import s from "../../admin.module.css";
import { TIME_ZONE, type Form } from "./post-form";

interface Props {
  status: Form["status"];
  /** The post's address as typed (empty: made from the title when saved). */
  slug: string;
  /** The post being edited is public already ("Published" rather than "Publish now"). */
  editingPublished: boolean;
  /** The schedule input's props (id, value, change and error wiring). */
  publishAt: Record<string, unknown>;
  error: ReactNode;
  onStatus(status: Form["status"]): void;
}

/** Draft, scheduled (with its time in the staff member's time zone) or published, and what each means. */
export default function PublishingFields({
  status,
  slug,
  editingPublished,
  publishAt,
  error,
  onStatus,
}: Props) {
  const address = slug ? `/blog/${slug}` : "/blog/<its address, made from the title>";
  return (
    <fieldset className={`field ${s.wide}`}>
      <legend>Publishing</legend>
      <div className={s.actions}>
        {(["draft", "scheduled", "published"] as const).map((st) => (
          <label key={st} className={s.choice}>
            <input
              type="radio"
              name="post-status"
              value={st}
              checked={status === st}
              onChange={() => onStatus(st)}
            />{" "}
            {st === "draft"
              ? "Draft"
              : st === "scheduled"
                ? "Scheduled"
                : editingPublished
                  ? "Published"
                  : "Publish now"}
          </label>
        ))}
      </div>
      {status === "scheduled" && (
        <div className="field">
          <label htmlFor="post-publishAt">Publish at ({TIME_ZONE} time)</label>
          <input {...publishAt} type="datetime-local" required />
          {error}
        </div>
      )}
      <p className={s.hint}>
        {status === "draft"
          ? "Only staff can see a draft, through its preview link."
          : status === "scheduled"
            ? "The post goes public by itself at this time; until then only staff can preview it."
            : "The post is public on the blog, its tag page, the feed and the sitemap."}
      </p>
      {status !== "draft" && (
        <p className={s.hint}>
          {status === "scheduled" ? "Will appear" : "Will appear now"} on /blog and at {address}.
        </p>
      )}
    </fieldset>
  );
}
