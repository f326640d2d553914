/** The form of one testimonial, client or partner badge, and its state. */
import { useState, type FormEvent } from "react";
import { addProofItemApi, updateProofItemApi, type ProofItem } from "../../../../shared/site/api";
import {
  LOGO_MARKS,
  PROOF_KIND_LABELS,
  PROOF_KINDS,
  type LogoMark,
  type ProofKind,
} from "../../../../shared/site/site-content";
import { Field, TextField, requiredMark } from "../../../ui/TextField";
import { api } from "../../api";
import s from "../../admin.module.css";
import c from "./site.module.css";
import { StateAndButtons } from "./parts";

interface Draft {
  kind: ProofKind;
  quote: string;
  author: string;
  company: string;
  name: string;
  mark: LogoMark;
  cloud: string;
  programme: string;
  status: "draft" | "published";
  example: boolean;
}

const EMPTY: Draft = {
  kind: "testimonial",
  quote: "",
  author: "",
  company: "",
  name: "",
  mark: "circle",
  cloud: "",
  programme: "",
  status: "draft",
  example: false,
};

const FIELDS: Record<ProofKind, (keyof Draft)[]> = {
  testimonial: ["quote", "author", "company"],
  client: ["name", "mark"],
  partner: ["cloud", "programme"],
};

interface Props {
  initial?: ProofItem;
  busy: boolean;
  onDone: (task: () => Promise<{ message: string }>) => void;
  onCancel: () => void;
}

export default function ProofItemForm({ initial, busy, onDone, onCancel }: Props) {
  const [d, setD] = useState<Draft>({ ...EMPTY, ...(initial as Partial<Draft> | undefined) });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((x) => ({ ...x, [key]: value }));
  const id = (name: string) => `item-${initial?.id ?? "new"}-${name}`;
  const titleId = id("form-title");

  function submit(e: FormEvent) {
    e.preventDefault();
    const own = Object.fromEntries(FIELDS[d.kind].map((f) => [f, d[f]]));
    const state = { status: d.status, example: d.example };
    onDone(() =>
      initial
        ? api(updateProofItemApi, { params: { id: initial.id }, body: { ...own, ...state } })
        : api(addProofItemApi, { body: { kind: d.kind, ...own, ...state } as never }),
    );
  }

  const text = (
    name: "quote" | "author" | "company" | "name" | "cloud" | "programme",
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

  return (
    <form className={s.panel} onSubmit={submit} aria-labelledby={titleId}>
      <h4 id={titleId}>{initial ? `Edit ${PROOF_KIND_LABELS[initial.kind].toLowerCase()}` : "New item"}</h4>
      <div className={s.formGrid}>
        {!initial && (
          <Field id={id("kind")} label="Kind" mark={requiredMark}>
            <select id={id("kind")} value={d.kind} onChange={(e) => set("kind", e.target.value as ProofKind)}>
              {PROOF_KINDS.map((k) => (
                <option key={k} value={k}>
                  {PROOF_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </Field>
        )}
        {d.kind === "testimonial" && (
          <>
            <Field
              id={id("quote")}
              label="Quote"
              mark={requiredMark}
              hint="10 to 600 characters."
              fieldClass={s.wide}
            >
              <textarea
                id={id("quote")}
                className={c.textarea}
                value={d.quote}
                onChange={(e) => set("quote", e.target.value)}
                aria-describedby={`${id("quote")}-hint`}
                required
              />
            </Field>
            {text("author", "Author", "The person's name, or their title when the client is not named.")}
            {text("company", "Company", "The client, or a description of it when it is not named.")}
          </>
        )}
        {d.kind === "client" && (
          <>
            {text("name", "Name")}
            <Field id={id("mark")} label="Mark" hint="Drawn beside the name until a logo is uploaded.">
              <select
                id={id("mark")}
                value={d.mark}
                onChange={(e) => set("mark", e.target.value as LogoMark)}
                aria-describedby={`${id("mark")}-hint`}
              >
                {LOGO_MARKS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
        {d.kind === "partner" && (
          <>
            {text("cloud", "Cloud", "e.g. AWS")}
            {text("programme", "Programme", "e.g. Select Tier Services Partner")}
          </>
        )}
      </div>
      <StateAndButtons
        status={d.status}
        example={d.example}
        onStatus={(v) => set("status", v)}
        onExample={(v) => set("example", v)}
        busy={busy}
        submit={initial ? "Save" : "Add"}
        onCancel={onCancel}
      />
    </form>
  );
}
