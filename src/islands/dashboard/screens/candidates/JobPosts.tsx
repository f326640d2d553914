import { usePagedList } from "../../use-paged-list";
import { useRef, useState, type FormEvent } from "react";
import { jobSchema } from "../../../../shared/careers/admin-schemas";
import {
  addJobPostApi,
  adminJobsApi,
  deleteJobPostApi,
  updateJobPostApi,
  type StaffJob,
} from "../../../../shared/careers/admin-api";
import { fieldErrors } from "../../../../shared/common/schema-fields";
import { formatDay, Pager, type useNotice } from "../../admin-ui";
import { api } from "../../api";
import { useConfirm } from "../../../ui/useConfirm";
import s from "../../admin.module.css";

type Job = StaffJob;

type Notices = ReturnType<typeof useNotice>;
const EMPTY = { job_title: "", required_experience: "", skills: "", description: "" };

/** Job Posts: the add/edit form (admin, root_admin) and the openings with Edit and Delete. */
export default function JobPosts({ writer, notices }: { writer: boolean; notices: Notices }) {
  const { show, fail } = notices;
  const { ask, dialog } = useConfirm();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState(EMPTY);
  const [editing, setEditing] = useState<Job | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);

  const { rows: jobs, info, reload: load } = usePagedList(adminJobsApi, "jobs", { page }, fail);

  function reset() {
    setForm(EMPTY);
    setEditing(null);
    setErrors({});
  }

  function startEdit(j: Job) {
    setEditing(j);
    setForm({
      job_title: j.job_title,
      required_experience: String(j.required_experience),
      skills: j.skills,
      description: j.description,
    });
    setErrors({});
    titleRef.current?.scrollIntoView({ block: "center" });
    titleRef.current?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = jobSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      show("error", "Please correct the errors in the form.");
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const res = editing
        ? await api(updateJobPostApi, { body: { id: editing.id, ...parsed.data } })
        : await api(addJobPostApi, { body: parsed.data });
      show("success", res.message);
      reset();
      await load();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function remove(j: Job) {
    const extra = j.applications ? ` Its ${j.applications} applications are kept.` : "";
    if (
      !(await ask({
        title: "Delete the job post?",
        body: (
          <p>
            “{j.job_title}” is taken off the careers page. This cannot be undone.{extra}
          </p>
        ),
        confirm: "Delete",
      }))
    )
      return;
    try {
      const res = await api(deleteJobPostApi, { params: { id: j.id } });
      show("success", res.message);
      if (editing?.id === j.id) reset();
      await load();
    } catch (err) {
      fail(err);
    }
  }

  const field = (name: keyof typeof EMPTY) => ({
    id: `job-${name}`,
    value: form[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `job-${name}-error` : undefined,
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
    },
  });
  const err = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`job-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <div>
      {writer && (
        <form className={s.panel} onSubmit={submit} noValidate aria-labelledby="job-form-title">
          <h2 id="job-form-title">{editing ? `Edit “${editing.job_title}”` : "Add a job post"}</h2>
          <div className={s.formGrid}>
            <div className="field">
              <label htmlFor="job-job_title">Job title</label>
              <input ref={titleRef} {...field("job_title")} maxLength={200} required />
              {err("job_title")}
            </div>
            <div className="field">
              <label htmlFor="job-required_experience">Required experience (years)</label>
              <input
                {...field("required_experience")}
                type="number"
                min={0}
                max={50}
                step={1}
                inputMode="numeric"
                required
              />
              {err("required_experience")}
            </div>
            <div className={`field ${s.wide}`}>
              <label htmlFor="job-skills">Skills (optional)</label>
              <input
                {...field("skills")}
                maxLength={1000}
                aria-describedby={errors.skills ? "job-skills-error job-skills-hint" : "job-skills-hint"}
              />
              <p className={s.hint} id="job-skills-hint">
                Separate skills with commas, for example: Kubernetes, Terraform, AWS
              </p>
              {err("skills")}
            </div>
            <div className={`field ${s.wide}`}>
              <label htmlFor="job-description">Description</label>
              <textarea {...field("description")} rows={6} maxLength={10000} required />
              {err("description")}
            </div>
          </div>
          <div className={s.actions}>
            <button type="submit" className="btn" disabled={busy}>
              {busy ? "Saving..." : editing ? "Update Job Post" : "Add Job Post"}
            </button>
            {editing && (
              <button type="button" className="btn btn--ghost" onClick={reset}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
      <h2 id="jobs-title">Job posts{info ? ` (${info.total})` : ""}</h2>
      {jobs === null ? (
        <p>Loading job posts...</p>
      ) : jobs.length === 0 ? (
        <p>No job posts yet.</p>
      ) : (
        <ul className={s.list} aria-labelledby="jobs-title">
          {jobs.map((j) => (
            <li key={j.id} className={s.item}>
              <h3>{j.job_title}</h3>
              <dl className={s.defs}>
                <dt>Required experience</dt>
                <dd>
                  {j.required_experience} year{j.required_experience === 1 ? "" : "s"}
                </dd>
                <dt>Skills</dt>
                <dd>{j.skills || "—"}</dd>
                <dt>Posted</dt>
                <dd>{formatDay(j.created_at)}</dd>
                <dt>Applications</dt>
                <dd>{j.applications}</dd>
              </dl>
              <p className={s.pre}>{j.description}</p>
              {writer && (
                <div className={s.actions}>
                  <button
                    type="button"
                    className={s.smallButton}
                    aria-label={`Edit ${j.job_title}`}
                    onClick={() => startEdit(j)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={s.dangerButton}
                    aria-label={`Delete ${j.job_title}`}
                    onClick={() => void remove(j)}
                  >
                    Delete
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager info={info} onPage={setPage} label="Job post pages" />
      {dialog}
    </div>
  );
}
