/**
 * Field rules shared by the request schemas of every feature. Bodies arrive as strings (JSON
 * values, form fields and multipart fields share one parser), so numbers are read from text here.
 */
import * as z from "zod";
import "./zod-config";

/** A required text field: trimmed, not blank, with a length limit. */
export function text(label: string, max: number) {
  return z
    .string({ error: `${label} is required.` })
    .transform((v) => v.replace(/\r\n?/g, "\n")) // browsers send a textarea's line breaks as CRLF
    .pipe(
      z
        .string()
        .trim()
        .min(1, `${label} is required.`)
        .max(max, `${label} must be at most ${max} characters.`),
    );
}

/** A positive whole-number id, given as a number or as text. */
export const idField = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({ error: "id must be a positive whole number." })
    .int("id must be a positive whole number.")
    .min(1, "id must be a positive whole number.")
    .max(999_999_999, "id must be a positive whole number."),
);

/** A page number from a query string; absent means the first page. */
export const pageField = z.preprocess(
  (v) => (v === undefined || v === "" ? 1 : typeof v === "string" && /^\d{1,6}$/.test(v) ? Number(v) : v),
  z
    .number({ error: "page must be a whole number from 1." })
    .int("page must be a whole number from 1.")
    .min(1, "page must be a whole number from 1.")
    .max(100_000, "page must be a whole number from 1."),
);

/** An optional day of a filter (a query string's from or to): YYYY-MM-DD, a real date; blank means none. */
export const dayField = (label: string) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2025-03-31.`)
      .refine((v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      }, `${label} is not a real date.`)
      .optional(),
  );

/** A list's day range and page (query string), with from on or before to. */
export function withDayRange<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ...shape, from: dayField("from"), to: dayField("to"), page: pageField }).refine(
    (q) => {
      const { from, to } = q as { from?: string; to?: string };
      return !from || !to || from <= to;
    },
    {
      message: "from must be on or before to.",
      path: ["from"],
    },
  );
}

/** An optional field: absent or blank means "not given". */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
    schema.optional(),
  );

export const listQuery = z.object({ page: pageField });

/** Query-string values as an object for the schemas above (the last value of a repeated key). */
export function queryOf(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (k !== "__proto__") out[k] = v;
  return out;
}

/** The first message a schema gives for each field of a form (what the form shows beside each field). */
export function fieldErrors<K extends string = string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === "string" && key && !out[key as K]) out[key as K] = issue.message;
  }
  return out;
}
