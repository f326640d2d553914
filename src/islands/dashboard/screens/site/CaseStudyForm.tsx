/** The form of one case study: the old front matter's fields, its Markdown body and its state. */
import { useState, type FormEvent } from "react";
import { SERVICE_ROUTES } from "../../../../config/site";
import { addCaseStudyApi, updateCaseStudyApi, type CaseStudy } from "../../../../shared/site/api";
import { Field, TextField, requiredMark } from "../../../ui/TextField";
import { api } from "../../api";
import s from "../../admin.module.css";
import c from "./site.module.css";
import { StateAndButtons } from "./parts";

type Draft = Omit<CaseStudy, "id" | "html" | "updatedAt">;

const EMPTY: Draft = {
  slug: "",
  title: "",
  client: "",
  anonymised: false,
  industry: "",
  location: "",
  services: [],
  summary: "",
  challenge: "",
  results: [
    { value: "", label: "" },
    { value: "", label: "" },
    { value: "", label: "" },
  ],
  duration: "",
  publishedOn: new Date().toISOString().slice(0, 10),
  body: "",
  status: "draft",
  example: false,
};

interface Props {
  initial?: CaseStudy;
  busy: boolean;
  onDone: (task: () => Promise<{ message: string }>) => void;
  onCancel: () => void;
}

export default function CaseStudyForm({ initial, busy, onDone, onCancel }: Props) {
  const [d, setD] = useState<Draft>(initial ?? EMPTY);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((x) => ({ ...x, [key]: value }));
  const id = (name: string) => `study-${initial?.id ?? "new"}-${name}`;
  const titleId = id("form-title");

  function submit(e: FormEvent) {
    e.preventDefault();
    const { slug, ...rest } = d;
    const body = {
      ...rest,
      ...(slug.trim() ? { slug: slug.trim() } : {}),
      results: d.results.filter((r) => r.value.trim() || r.label.trim()),
    };
    onDone(() =>
      initial
        ? api(updateCaseStudyApi, { params: { id: initial.id }, body })
        : api(addCaseStudyApi, { body }),
    );
  }

  const text = (
    name: "title" | "client" | "industry" | "location" | "duration",
    label: string,
    hint?: string,
  ) => (
    <TextField
      id={id(name)}
      label={label}
      mark={requiredMark}
      value={d[name]}
      onChange={(v) => set(name, v)}
      hint={hint}
      required
    />
  );
  const area = (name: "summary" | "challenge" | "body", label: string, hint: string, required = true) => (
    <Field
      id={id(name)}
      label={label}
      mark={required ? requiredMark : " (optional)"}
      hint={hint}
      fieldClass={s.wide}
    >
      <textarea
        id={id(name)}
        className={c.textarea}
        value={d[name]}
        onChange={(e) => set(name, e.target.value)}
        aria-describedby={`${id(name)}-hint`}
        rows={name === "body" ? 10 : 3}
        required={required}
      />
    </Field>
  );

  return (
    <form className={s.panel} onSubmit={submit} aria-labelledby={titleId}>
      <h3 id={titleId}>{initial ? `Edit case study: ${initial.title}` : "New case study"}</h3>
      <div className={s.formGrid}>
        {text("title", "Title", "10 to 110 characters.")}
        {text("client", "Client", "The client's name, or a description of it when anonymised.")}
        {text("industry", "Industry")}
        {text("location", "Location", "Where the client works, e.g. Ohio, USA.")}
        {text("duration", "Engagement", "How long, e.g. 9 months.")}
        <TextField
          id={id("published")}
          type="date"
          label="Publication date"
          mark={requiredMark}
          value={d.publishedOn}
          onChange={(v) => set("publishedOn", v)}
          required
        />
        <TextField
          id={id("slug")}
          label="Address"
          mark=" (optional)"
          value={d.slug}
          onChange={(v) => set("slug", v)}
          hint="The page is /case-studies/<address>; made from the title when left empty."
        />
        {area(
          "summary",
          "Summary",
          "One or two sentences (40 to 200 characters): the card and the description.",
        )}
        {area("challenge", "The challenge", "At least 40 characters.")}
        {area(
          "body",
          "What we did (Markdown)",
          "Headings, lists, bold and links; shown under the challenge.",
          false,
        )}
      </div>
      <fieldset className={c.choices}>
        <legend>Services used (at least one)</legend>
        {SERVICE_ROUTES.map((route) => (
          <label key={route} className={s.choice}>
            <input
              type="checkbox"
              checked={d.services.includes(route)}
              onChange={() =>
                set(
                  "services",
                  d.services.includes(route) ? d.services.filter((x) => x !== route) : [...d.services, route],
                )
              }
            />
            <span>{route}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className={c.choices}>
        <legend>Results (at least three; the first three are shown on cards)</legend>
        <div className={c.results}>
          {d.results.map((r, i) => (
            <div key={i} style={{ display: "contents" }}>
              <TextField
                id={id(`value-${i}`)}
                label={`Result ${i + 1}: figure`}
                value={r.value}
                maxLength={12}
                onChange={(v) =>
                  set(
                    "results",
                    d.results.map((x, j) => (j === i ? { ...x, value: v } : x)),
                  )
                }
              />
              <TextField
                id={id(`label-${i}`)}
                label={`Result ${i + 1}: what it measures`}
                value={r.label}
                onChange={(v) =>
                  set(
                    "results",
                    d.results.map((x, j) => (j === i ? { ...x, label: v } : x)),
                  )
                }
              />
            </div>
          ))}
        </div>
        {d.results.length < 8 && (
          <button
            type="button"
            className={s.smallButton}
            onClick={() => set("results", [...d.results, { value: "", label: "" }])}
          >
            Add a result
          </button>
        )}
      </fieldset>
      <StateAndButtons
        status={d.status}
        example={d.example}
        onStatus={(v) => set("status", v)}
        onExample={(v) => set("example", v)}
        before={
          <label className={s.choice}>
            <input
              type="checkbox"
              checked={d.anonymised}
              onChange={(e) => set("anonymised", e.target.checked)}
            />
            <span>Client anonymised</span>
          </label>
        }
        busy={busy}
        submit={initial ? "Save" : "Add the case study"}
        onCancel={onCancel}
      />
    </form>
  );
}
