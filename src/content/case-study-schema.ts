/**
 * The front matter of a case study (src/content/case-studies/*.md). The Markdown body tells what
 * was done; the figures live here, typed, so cards, pages and structured data read the same.
 */
import * as z from "zod";
import "../shared/common/zod-config";
import { SERVICE_ROUTES } from "../config/site";

export const caseStudySchema = z.strictObject({
  title: z.string().min(10).max(110),
  /** The client's name, or a description of it when anonymised ("A US regional healthcare network"). */
  client: z.string().min(3),
  anonymised: z.boolean(),
  industry: z.string().min(3),
  /** Where the client works, e.g. "Ohio, USA". */
  location: z.string().min(2),
  /** The service pages whose services were used; each of those pages links back here. */
  services: z.array(z.enum(SERVICE_ROUTES)).min(1),
  /** One or two sentences: the card text and the meta description. */
  summary: z.string().min(40).max(200),
  challenge: z.string().min(40),
  /** Measurable results, the first three shown on cards. */
  results: z
    .array(z.strictObject({ value: z.string().min(1).max(12), label: z.string().min(3).max(80) }))
    .min(3),
  duration: z.string().min(2),
  published: z.coerce.date(),
  /** Demo content: shows an "Example" badge, and a production build refuses it. */
  example: z.boolean().default(false),
});

export type CaseStudy = z.infer<typeof caseStudySchema>;

export const CASE_STUDIES_PATH = "/case-studies";
export const caseStudyPath = (id: string) => `${CASE_STUDIES_PATH}/${id}`;
