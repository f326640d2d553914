/**
 * The leads pipeline's contract, shared by the leads screen and the functions: the stages, the
 * list's search, filters and sorts, and the bodies of the stage, owner and note changes.
 */
import * as z from "zod";
import "../common/zod-config";
import { idField } from "../common/schema-fields";
import { inquiryListQuery } from "./admin-schemas";

export * from "./pipeline-terms";
import { LEAD_DUE, LEAD_SORTS, LEAD_STAGES, MAX_NOTE_LENGTH, MAX_SEARCH_LENGTH } from "./pipeline-terms";

const blankToUndefined = (v: unknown) => (v === undefined || v === "" || v === "all" ? undefined : v);

/**
 * GET /api/inquiries: the filters it always had (handled, from, to, page) and the pipeline's:
 * q (words of the name, company, e-mail or text; each word matches as a prefix), stage, owner (a
 * staff id, or "none" for leads nobody owns) and sort.
 */
export const leadListQuery = z
  .intersection(
    inquiryListQuery,
    z.object({
      q: z.preprocess(
        (v) => (typeof v === "string" ? v.trim() : v),
        z
          .string({ error: "q must be text." })
          .max(MAX_SEARCH_LENGTH, `q must be at most ${MAX_SEARCH_LENGTH} characters.`)
          .optional(),
      ),
      stage: z.preprocess(
        blankToUndefined,
        z.enum(LEAD_STAGES, { error: `stage must be one of ${LEAD_STAGES.join(", ")}.` }).optional(),
      ),
      owner: z.preprocess(
        blankToUndefined,
        z
          .union([z.literal("none"), idField], {
            error: "owner must be a staff member's id or none.",
          })
          .optional(),
      ),
      due: z.preprocess(
        blankToUndefined,
        z.enum(LEAD_DUE, { error: `due must be one of ${LEAD_DUE.join(", ")}.` }).optional(),
      ),
      /** One lead by its id (a link from another lead's card); merged ones too. */
      lead: z.preprocess(blankToUndefined, idField.optional()),
      sort: z.preprocess(
        (v) => (v === undefined || v === "" ? "newest" : v),
        z.enum(LEAD_SORTS, { error: `sort must be one of ${LEAD_SORTS.join(", ")}.` }),
      ),
    }),
  )
  .transform((v) => ({ ...v, q: v.q ? v.q : undefined }));
export type LeadFilters = z.infer<typeof leadListQuery>;

/**
 * POST /api/update-lead-stage. `expected` is the stage the person saw: when someone else moved
 * the lead meanwhile, the change is refused (409) instead of silently overwriting theirs.
 */
export const leadStageSchema = z.object({
  id: idField,
  stage: z.enum(LEAD_STAGES, { error: `Stage must be one of ${LEAD_STAGES.join(", ")}.` }),
  expected: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(LEAD_STAGES, { error: `expected must be one of ${LEAD_STAGES.join(", ")}.` }).optional(),
  ),
});

/** POST /api/assign-lead: an owner's id, or "none" (or empty) to leave the lead unowned. */
export const leadOwnerSchema = z.object({
  id: idField,
  owner: z.preprocess((v) => (v === undefined || v === "" || v === "none" ? null : v), idField.nullable()),
  /** The owner the person saw ("none" or an id); a different current owner gives 409. */
  expected: z.preprocess(
    (v) => (v === undefined || v === "" ? undefined : v === "none" ? null : v),
    idField.nullable().optional(),
  ),
});

/** POST /api/add-lead-note. */
export const leadNoteSchema = z.object({
  id: idField,
  body: z
    .string({ error: "Note is required." })
    .transform((v) => v.replace(/\r\n?/g, "\n"))
    .pipe(
      z
        .string()
        .trim()
        .min(1, "Note is required.")
        .max(MAX_NOTE_LENGTH, `Note must be at most ${MAX_NOTE_LENGTH} characters.`),
    ),
  contacted: z.preprocess(
    (v) => (v === "true" ? true : v === "false" || v === undefined || v === "" ? false : v),
    z.boolean("contacted must be true or false."),
  ),
});

/**
 * POST /api/merge-leads { from, into }: `from` goes into `into` (the lead kept). Nothing is
 * deleted; `from` leaves the list and its timeline and file show on `into`.
 */
export const mergeLeadsSchema = z
  .object({
    from: idField,
    into: idField,
  })
  .refine((m) => m.from !== m.into, { message: "Choose two different leads to merge." });
