/**
 * GET /api/health on the deployed configuration: anyone learns only whether the site is well;
 * the root_admin sees the production adapters (Neon's driver, S3, SES), that the migrations
 * `npm run db:migrate` applied are current, and one round trip per part, with no secret.
 */
import { expect, test } from "@playwright/test";
import { ADMIN, apiSignIn } from "./helpers";

test("the health answer: ok for anyone; adapters, migrations and round trips for the root_admin", async ({
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const pub = await anonymous.get("/api/health");
  expect(pub.status()).toBe(200);
  expect(await pub.json()).toEqual({ ok: true });
  await anonymous.dispose();

  const staff = await playwright.request.newContext({ baseURL });
  await apiSignIn(staff);
  const res = await staff.get("/api/health");
  const text = await res.text();
  expect(res.status(), text).toBe(200);
  const report = JSON.parse(text) as {
    ok: boolean;
    adapters: { database: string; storage: string; mail: string };
    migrations: { current: boolean | null; pending: string[] };
    parts: Record<string, { ok: boolean; roundTripMs: number | null }>;
  };
  expect(report.ok).toBe(true);
  expect(report.adapters).toEqual({
    database: "neon",
    storage: "s3 (custom endpoint)",
    mail: "ses (custom endpoint)",
  });
  expect(report.migrations).toMatchObject({ current: true, pending: [] });
  for (const part of ["database", "storage", "mail"]) {
    expect(report.parts[part]?.ok, part).toBe(true);
    expect(report.parts[part]?.roundTripMs, part).toEqual(expect.any(Number));
  }
  // Nothing of the settings' values: no address, key or password.
  for (const secret of [ADMIN.password, "S3RVER", "postgres://", "127.0.0.1", "rehearsal-uploads"])
    expect(text).not.toContain(secret);
  await staff.dispose();
});
