/** The site's own endpoints: health, the visitor's country, stored images and files, this catalogue. */
import * as z from "zod";
import "../common/zod-config";
import { contract, errorBody } from "./contract";

const partHealth = z.strictObject({
  ok: z.boolean(),
  /** Milliseconds for one round trip; null when it failed. */
  roundTripMs: z.number().nullable(),
  /** An error code or name (ECONNREFUSED, NoSuchBucket, timeout...), never a message. */
  problem: z.string().optional(),
});

/** What a root_admin is told: each part's health and the migrations (never a secret). */
export const healthReport = z.strictObject({
  ok: z.boolean(),
  adapters: z.strictObject({ database: z.string(), storage: z.string(), mail: z.string() }),
  migrations: z.strictObject({
    current: z.boolean().nullable(),
    applied: z.number().int(),
    pending: z.array(z.string()),
  }),
  parts: z.strictObject({ database: partHealth, storage: partHealth, mail: partHealth }),
  /** Published content still marked example (demo), e.g. "testimonial #3: VP of Engineering", "trust document soc2-type2"; null when unread. */
  publishedExamples: z.array(z.string()).nullable(),
});

const publicHealth = z.strictObject({ ok: z.boolean() });

export const healthApi = contract({
  method: "GET",
  alsoMethods: ["HEAD"],
  path: "/api/health",
  summary: "Whether the site works (503 when not); a root_admin gets the full report",
  access: "public",
  response: z.union([publicHealth, healthReport]),
  statuses: { 503: z.union([publicHealth, healthReport, errorBody]) },
});

export const geoApi = contract({
  method: "GET",
  path: "/api/geo",
  summary: "The visitor's country (two letters; US when unknown), for the phone field",
  access: "public",
  response: z.strictObject({ country: z.string().regex(/^[A-Z]{2}$/) }),
});

export const mediaApi = contract({
  method: "GET",
  alsoMethods: ["HEAD"],
  path: "/api/media/*",
  summary: "A public image (post images, profile pictures), cached for a year",
  access: "public",
  produces: "application/octet-stream",
});

export const filesApi = contract({
  method: "GET",
  path: "/api/files/*",
  summary: "A private file through a signed, short-lived link (resumes, attachments)",
  access: "public",
  query: z.object({
    exp: z.string(),
    name: z.string().optional(),
    sig: z.string(),
    view: z.literal("inline").optional(),
  }),
  produces: "application/octet-stream",
});

export const openApiApi = contract({
  method: "GET",
  path: "/api/openapi.json",
  summary: "This API's OpenAPI 3.1 document",
  access: "account:read",
  response: z.looseObject({
    openapi: z.string(),
    info: z.looseObject({}),
    paths: z.record(z.string(), z.unknown()),
  }),
});

export const PLATFORM = [healthApi, geoApi, mediaApi, filesApi, openApiApi];
