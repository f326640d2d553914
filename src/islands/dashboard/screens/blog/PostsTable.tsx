import { postPath } from "../../../../shared/blog/blog";
import { formatDateTime, formatDay, RowMenu } from "../../admin-ui";
import s from "../../admin.module.css";
import tb from "../../table.module.css";
import { STATUS_LABEL } from "./post-form";
import { type AdminPost } from "../../../../shared/blog/admin-api";

interface Props {
  posts: AdminPost[];
  writer: boolean;
  onEdit(p: AdminPost): void;
  onComments(p: AdminPost): void;
  onRemove(p: AdminPost): void;
}

/** The blog admin's table of posts, with each row's actions (admin, root_admin) or its comments (reader). */
export default function PostsTable({ posts, writer, onEdit, onComments, onRemove }: Props) {
  return (
    <div className={tb.tableWrap} role="region" aria-labelledby="posts-title" tabIndex={0}>
      <table className={`${tb.table} ${tb.stack}`}>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Author</th>
            <th scope="col">Category</th>
            <th scope="col">Status</th>
            <th scope="col">Date</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {posts.map((p) => (
            <tr key={p.id}>
              <td data-label="Title">
                <a href={p.status === "published" ? postPath(p) : `/blog/preview/${p.id}`}>{p.title}</a>
                <br />
                <span className={s.hint}>
                  {p.commentCount} comment{p.commentCount === 1 ? "" : "s"}
                </span>
              </td>
              <td data-label="Author">{p.author}</td>
              <td data-label="Category" className={tb.nowrap}>
                {p.category}
              </td>
              <td data-label="Status" className={tb.nowrap}>
                {STATUS_LABEL[p.status]}
              </td>
              <td data-label="Date" className={tb.nowrap}>
                {p.status === "scheduled" ? formatDateTime(p.date) : formatDay(p.date)}
              </td>
              <td data-label="Actions">
                {writer ? (
                  <RowMenu
                    label={`Actions for ${p.title}`}
                    items={[
                      { label: "Edit", onSelect: () => onEdit(p) },
                      {
                        label: "Preview",
                        onSelect: () => window.open(`/blog/preview/${p.id}`, "_blank", "noopener"),
                      },
                      { label: "Comments", onSelect: () => onComments(p) },
                      { label: "Delete", onSelect: () => onRemove(p), danger: true },
                    ]}
                  />
                ) : (
                  <button type="button" className={s.smallButton} onClick={() => onComments(p)}>
                    Comments<span className="visually-hidden"> on {p.title}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
