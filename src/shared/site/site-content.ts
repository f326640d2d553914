/**
 * The site's proof as staff keep it in the dashboard ("Site content"): case studies, and the
 * testimonials, client logos and partner badges (proof items). The request schemas here are the
 * authority for the functions and give the screen its limits. A case study's fields are those of
 * the old front matter (src/content/case-study-schema.ts), its date named `publishedOn`.
 */
import * as z from "zod";
import "../common/zod-config";
import { SERVICE_ROUTES } from "../../config/site";
import { text } from "../common/schema-fields";

export const CONTENT_STATUSES = ["draft", "published"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const PROOF_KINDS = ["testimonial", "client", "partner"] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];

/** The small mark drawn beside a client's name (inline SVG) when it has no logo picture. */
export const LOGO_MARKS = ["circle", "square", "triangle", "hexagon", "bars", "wave"] as const;
export type LogoMark = (typeof LOGO_MARKS)[number];

export type ServiceRoute = (typeof SERVICE_ROUTES)[number];

/**
 * Other spellings of a service page's route, and the route they mean: SPEC's spelling of the
 * microservices page (/microervice-development) names the page at its corrected address.
 */
const SERVICE_ALIASES: Readonly<Record<string, ServiceRoute>> = {
  "/microervice-development": "/microservice-development",
};

/** A service page's route as written (with or without its slash), as the page's route; undefined if none. */
export function serviceRoute(value: string): ServiceRoute | undefined {
  const v = value.trim();
  const withSlash = v.startsWith("/") ? v : `/${v}`;
  return (
    ((SERVICE_ROUTES as readonly string[]).find((r) => r === withSlash) as ServiceRoute | undefined) ??
    SERVICE_ALIASES[withSlash]
  );
}

const SERVICES_MESSAGE = `Each service must be one of the service pages: ${SERVICE_ROUTES.join(", ")}.`;

const serviceField = z.string({ error: SERVICES_MESSAGE }).transform((v, ctx) => {
  const route = serviceRoute(v);
  if (!route) {
    ctx.addIssue({ code: "custom", message: SERVICES_MESSAGE });
    return z.NEVER;
  }
  return route;
});

/** A length-limited text with a lower bound too (the front matter's rules). */
function bounded(label: string, min: number, max: number) {
  return text(label, max).pipe(z.string().min(min, `${label} must be at least ${min} characters.`));
}

/** A yes/no as JSON gives it (or as a form field's text). */
const flag = (label: string) =>
  z.preprocess(
    (v) => (v === "true" ? true : v === "false" ? false : v),
    z.boolean({ error: `${label} must be true or false.` }),
  );

const status = z.enum(CONTENT_STATUSES, { error: "Status must be draft or published." });

/** YYYY-MM-DD, a real date. */
const dayField = z
  .string({ error: "The publication date is required (YYYY-MM-DD)." })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "The publication date must be a date like 2025-06-02.")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "The publication date is not a real date.");

export const caseStudySlug = z
  .string()
  .trim()
  .toLowerCase()
  .max(80, "The address must be at most 80 characters.")
  .regex(
    /^[a-z0-9]+(-[a-z0-9]+)*$/,
    "The address may use lowercase letters, digits and single hyphens between words.",
  );

export const MAX_RESULTS = 8;
export const MAX_BODY = 50_000;

export const caseStudyResult = z.strictObject({
  value: text("A result's value", 12),
  label: bounded("A result's label", 3, 80),
});

/** Every field of a case study; `slug`, `status`, `example` and `body` may be left out. */
export const caseStudyShape = {
  title: bounded("Title", 10, 110),
  /** The client's name, or a description of it when anonymised ("A US regional healthcare network"). */
  client: bounded("Client", 3, 200),
  anonymised: flag("Anonymised"),
  industry: bounded("Industry", 3, 120),
  /** Where the client works, e.g. "Ohio, USA". */
  location: bounded("Location", 2, 120),
  /** The service pages whose services were used; each of those pages links back here. */
  services: z
    .array(serviceField, { error: "Services must be a list of service page routes." })
    .min(1, "Choose at least one service.")
    .max(SERVICE_ROUTES.length, "Each service at most once.")
    .transform((list) => [...new Set(list)]),
  /** One or two sentences: the card text and the meta description. */
  summary: bounded("Summary", 40, 200),
  challenge: bounded("Challenge", 40, 2000),
  /** Measurable results, the first three shown on cards. */
  results: z
    .array(caseStudyResult, { error: "Results must be a list of { value, label }." })
    .min(3, "Give at least three results.")
    .max(MAX_RESULTS, `Give at most ${MAX_RESULTS} results.`),
  duration: bounded("Duration", 2, 120),
  publishedOn: dayField,
  /** What was done, in Markdown (rendered and sanitised when saved). */
  body: z
    .string({ error: "The body must be text (Markdown)." })
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(MAX_BODY, `The body must be at most ${MAX_BODY} characters.`)),
  /** The page's address, /case-studies/<slug>; made from the title when left out. */
  slug: caseStudySlug,
  status,
  /** Demo content: shows an "Example" badge, and production refuses to publish it. */
  example: flag("Example"),
};

const optionalShape = <S extends Record<string, z.ZodType>>(shape: S) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof S]: z.ZodOptional<S[K]>;
  };

/** POST /api/case-studies. */
export const caseStudySchema = z.object({
  ...caseStudyShape,
  body: caseStudyShape.body.optional(),
  slug: caseStudyShape.slug.optional(),
  status: status.optional(),
  example: caseStudyShape.example.optional(),
});
export type CaseStudyInput = z.output<typeof caseStudySchema>;

/** PUT /api/case-studies/:id: only the fields given change (`{ "status": "published" }` publishes). */
export const caseStudyUpdateSchema = z.object(optionalShape(caseStudyShape));
export type CaseStudyUpdate = z.output<typeof caseStudyUpdateSchema>;

/** A full case study as stored, checked again after an update is merged in. */
export const fullCaseStudySchema = z.object(caseStudyShape);

const testimonialShape = {
  quote: bounded("Quote", 10, 600),
  /** The person's name, or their title when the client is not named. */
  author: bounded("Author", 2, 120),
  /** The client, or a description of it when it is not named. */
  company: bounded("Company", 2, 120),
};
const clientShape = {
  name: bounded("Name", 2, 80),
  mark: z.enum(LOGO_MARKS, { error: `Mark must be one of: ${LOGO_MARKS.join(", ")}.` }),
};
const partnerShape = {
  /** The cloud, e.g. "AWS". */
  cloud: bounded("Cloud", 2, 60),
  /** The programme or tier, e.g. "Select Tier Services Partner". */
  programme: bounded("Programme", 3, 120),
};

export const PROOF_FIELDS = {
  testimonial: testimonialShape,
  client: clientShape,
  partner: partnerShape,
} as const;

const common = { status: status.optional(), example: flag("Example").optional() };
const KIND_MESSAGE = "The kind must be testimonial, client or partner.";

/** POST /api/proof-items: the kind decides the fields. */
export const proofItemSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("testimonial"), ...testimonialShape, ...common }),
    z.object({ kind: z.literal("client"), ...clientShape, ...common }),
    z.object({ kind: z.literal("partner"), ...partnerShape, ...common }),
  ],
  { error: KIND_MESSAGE },
);
export type ProofItemInput = z.output<typeof proofItemSchema>;

/**
 * PUT /api/proof-items/:id: only the fields given change; the kind stays (a field of another kind
 * is refused when the item is checked whole).
 */
export const proofItemUpdateSchema = z.object({
  kind: z.enum(PROOF_KINDS, { error: KIND_MESSAGE }).optional(),
  ...optionalShape(testimonialShape),
  ...optionalShape(clientShape),
  ...optionalShape(partnerShape),
  status: status.optional(),
  example: flag("Example").optional(),
});
export type ProofItemUpdate = z.output<typeof proofItemUpdateSchema>;

/** The logo upload's text fields: none besides the file. */
export const logoSchema = z.object({});

export const PROOF_KIND_LABELS: Readonly<Record<ProofKind, string>> = {
  testimonial: "Testimonial",
  client: "Client logo",
  partner: "Partner badge",
};

export const CASE_STUDIES_PATH = "/case-studies";
export const caseStudyPath = (slug: string) => `${CASE_STUDIES_PATH}/${slug}`;
