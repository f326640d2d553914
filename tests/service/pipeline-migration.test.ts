/**
 * The pipeline's migration on a database holding leads from before stages: handled leads become
 * Contacted with who handled them, and when, in their timeline; nothing else changes. Rows still
 * written the old way (the handled flag only) stay consistent.
 */
import { cpSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/server/platform/db/db";
import { createPgliteDb } from "../../src/server/platform/db/pglite";
import { MIGRATIONS_DIR, migrate } from "../../src/server/platform/db/migrate";

let db: Db;
const ids: Record<string, number> = {};
let before: Record<string, unknown>[];

const INQUIRY = `INSERT INTO inquiries (full_name, email, org_name, job_title, industry, company_size, mobile,
  budget, project_type, project_details, handled, handled_at, handled_by, created_at)
  VALUES ($1, 'lead@company.example', 'Company', 'CTO', 'Retail', '10-30', '+14155550100', '$1000-$5000',
  'Normal', 'Details', $2, $3, $4, '2026-01-05T10:00:00Z') RETURNING id`;

beforeAll(async () => {
  db = createPgliteDb(await PGlite.create());
  // The schema as it was before the pipeline: every migration before 005.
  const older = mkdtempSync(path.join(os.tmpdir(), "nimbus-migrations-"));
  for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f < "005"))
    cpSync(path.join(MIGRATIONS_DIR, f), path.join(older, f));
  await migrate(db, older);
  const [u] = await db.query<{ id: number }>(
    "INSERT INTO users (email, password_hash, role) VALUES ('sales@company.example', 'x', 'admin') RETURNING id",
  );
  ids.user = u!.id;
  ids.open = (await db.query<{ id: number }>(INQUIRY, ["Open Lead", false, null, null]))[0]!.id;
  ids.handled = (
    await db.query<{ id: number }>(INQUIRY, ["Handled Lead", true, "2026-01-06T09:30:00Z", ids.user])
  )[0]!.id;
  ids.orphan = (await db.query<{ id: number }>(INQUIRY, ["Handled By Nobody", true, null, null]))[0]!.id;
  before = await db.query(
    "SELECT id, full_name, email, project_details, created_at FROM inquiries ORDER BY id",
  );
  await migrate(db);
}, 60_000);
afterAll(() => db.close());

describe("005: stages from the handled flag", () => {
  it("handled leads are Contacted, open ones New, and every other field is as it was", async () => {
    const rows = await db.query<{
      id: number;
      stage: string;
      handled: boolean;
      stage_changed_at: Date | null;
    }>("SELECT id, stage, handled, stage_changed_at FROM inquiries ORDER BY id");
    expect(rows.map((r) => [r.id, r.stage, r.handled])).toEqual([
      [ids.open, "New", false],
      [ids.handled, "Contacted", true],
      [ids.orphan, "Contacted", true],
    ]);
    expect(new Date(rows[1]!.stage_changed_at!).toISOString()).toBe("2026-01-06T09:30:00.000Z");
    expect(
      await db.query("SELECT id, full_name, email, project_details, created_at FROM inquiries ORDER BY id"),
    ).toEqual(before);
  });

  it("who handled a lead, and when, is kept in its timeline", async () => {
    const events = await db.query<Record<string, unknown>>(
      "SELECT inquiry_id, kind, from_value, to_value, author_id, author_email, created_at FROM inquiry_events ORDER BY inquiry_id",
    );
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      inquiry_id: ids.handled,
      kind: "stage",
      from_value: "New",
      to_value: "Contacted",
      author_id: ids.user,
      author_email: "sales@company.example",
    });
    expect(new Date(events[0]!.created_at as Date).toISOString()).toBe("2026-01-06T09:30:00.000Z");
    expect(events[1]).toMatchObject({ inquiry_id: ids.orphan, author_email: "unknown" });
  });

  it("a lead still written with the handled flag only is Contacted; handled always follows the stage", async () => {
    const [{ id }] = (await db.query<{ id: number }>(INQUIRY, ["Old Writer", true, null, null])) as [
      { id: number },
    ];
    const [row] = await db.query<{ stage: string }>("SELECT stage FROM inquiries WHERE id = $1", [id]);
    expect(row!.stage).toBe("Contacted");
    await db.query("UPDATE inquiries SET stage = 'New' WHERE id = $1", [id]);
    const [back] = await db.query<{ handled: boolean }>("SELECT handled FROM inquiries WHERE id = $1", [id]);
    expect(back!.handled).toBe(false);
  });
});
