/**
 * Free slots for 10 lead owners over 14 days with 1,000 booked calls: p50 and p99 of the slot
 * computation (src/server/contact/slots.ts), and of the same with its two queries on an
 * in-process PGlite (loadWeeks). Goal: the computation's p99 at most 20 ms.
 *
 *   npm run bench -- --only=slots     (bench/run.ts)
 *   tsx bench/slots.ts                on its own: prints the section
 */
import { PGlite } from "@electric-sql/pglite";
import { loadWeeks } from "../src/server/contact/availability";
import { offeredSlots, ownerSlots, type OwnerWeek } from "../src/server/contact/slots";
import { createPgliteDb } from "../src/server/platform/db/pglite";
import { migrate } from "../src/server/platform/db/migrate";
import { ms, percentile, table } from "./lib/stats";

export const SLOTS_GOAL_P99_MS = 20;
const ITERATIONS = 300;
const NOW = Date.parse("2026-11-30T06:00:00Z");
const DAYS = 14;

export interface SlotsFigure {
  what: string;
  slots: number;
  p50: number;
  p99: number;
}

function weekOf(i: number): OwnerWeek["availability"] {
  const kolkata = i < 7;
  const day = kolkata
    ? i % 2
      ? [{ start: "18:30", end: "02:30" }]
      : [
          { start: "10:00", end: "13:00" },
          { start: "18:30", end: "23:30" },
        ]
    : [{ start: "09:00", end: "17:00" }];
  return {
    timeZone: kolkata
      ? "Asia/Kolkata"
      : i === 7
        ? "America/New_York"
        : i === 8
          ? "America/Chicago"
          : "America/Los_Angeles",
    weekly: [day, day, day, day, day, [], []],
    daysOff: i === 3 ? ["2026-12-03"] : [],
    meetingMinutes: 30,
    bufferMinutes: i % 3 === 0 ? 10 : 0,
  };
}

/** 10 owners with 100 booked calls each, taken from their own free times. */
function owners(): OwnerWeek[] {
  return Array.from({ length: 10 }, (_, i) => {
    const week: OwnerWeek = { ownerId: i + 1, availability: weekOf(i), busy: [] };
    const free = ownerSlots(week, NOW, NOW + DAYS * 86_400_000);
    const step = Math.max(1, Math.floor(free.length / 100));
    const busy = free
      .filter((_, k) => k % step === 0)
      .slice(0, 100)
      .map((s) => ({ start: s.start, until: s.end + week.availability.bufferMinutes * 60_000 }));
    return { ...week, busy };
  });
}

function time(fn: () => number): { p50: number; p99: number; n: number } {
  const times: number[] = [];
  let n = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    n = fn();
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), n };
}

async function timeAsync(fn: () => Promise<number>): Promise<{ p50: number; p99: number; n: number }> {
  const times: number[] = [];
  let n = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    n = await fn();
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), n };
}

export async function benchSlots(): Promise<SlotsFigure[]> {
  const weeks = owners();
  const meetings = weeks.reduce((a, w) => a + w.busy.length, 0);
  if (meetings !== 1000) throw new Error(`expected 1,000 meetings, made ${meetings}`);
  const to = NOW + DAYS * 86_400_000;
  const pure = time(() => offeredSlots(weeks, NOW, to).length);
  const each = time(() => weeks.reduce((a, w) => a + ownerSlots(w, NOW, to).length, 0));

  const pg = await PGlite.create();
  const db = createPgliteDb(pg);
  await migrate(db);
  for (const w of weeks) {
    await db.query("INSERT INTO users (id, email, password_hash, role) VALUES ($1, $2, 'x', 'admin')", [
      w.ownerId,
      `owner${w.ownerId}@example.com`,
    ]);
    await db.query(
      `INSERT INTO staff_availability (user_id, time_zone, weekly, days_off, buffer_minutes, calendar_token)
       VALUES ($1, $2, $3::jsonb, $4::date[], $5, $6)`,
      [
        w.ownerId,
        w.availability.timeZone,
        JSON.stringify(w.availability.weekly),
        w.availability.daysOff,
        w.availability.bufferMinutes,
        `token-${w.ownerId}-${"x".repeat(30)}`,
      ],
    );
  }
  // One live call per lead (db/019): 1,000 leads.
  const leads = await db.query<{ id: number }>(
    `INSERT INTO inquiries (full_name, email, org_name, job_title, industry, company_size, mobile, budget,
       project_type, project_details)
     SELECT 'B', 'b' || g || '@example.com', 'O', 'CTO', 'Retail', '10-30', '+14155550100', '$1000-$5000',
            'Normal', 'x' FROM generate_series(1, 1000) g RETURNING id`,
  );
  await db.query(
    `INSERT INTO meetings (inquiry_id, owner_id, starts_at, ends_at, blocked_until, time_zone, booked_via, uid)
     SELECT l, o, to_timestamp(s / 1000.0), to_timestamp((s + 1800000) / 1000.0), to_timestamp(u / 1000.0),
            'America/New_York', 'visit', 'bench-' || l
       FROM unnest($1::int[], $2::int[], $3::float8[], $4::float8[]) AS t(l, o, s, u)`,
    [
      leads.map((l) => l.id),
      weeks.flatMap((w) => w.busy.map(() => w.ownerId)),
      weeks.flatMap((w) => w.busy.map((b) => b.start)),
      weeks.flatMap((w) => w.busy.map((b) => b.until)),
    ],
  );
  const ids = weeks.map((w) => w.ownerId);
  const withDb = await timeAsync(async () => {
    const loaded = await loadWeeks(db, ids, new Date(NOW), new Date(to));
    return offeredSlots(loaded, NOW, to).length;
  });
  await db.close();
  return [
    { what: "the buyer's slots (10 owners, one list by time)", slots: pure.n, p50: pure.p50, p99: pure.p99 },
    { what: "each owner's own slots", slots: each.n, p50: each.p50, p99: each.p99 },
    { what: "with its two queries (PGlite, in-process)", slots: withDb.n, p50: withDb.p50, p99: withDb.p99 },
  ];
}

export function slotsSection(figures: SlotsFigure[]): string {
  return (
    `## Booking slots: 10 owners, ${DAYS} days, 1,000 booked calls (goal: computation p99 at most ${SLOTS_GOAL_P99_MS} ms)\n\n` +
    table(
      ["what", "slots", "p50", "p99"],
      figures.map((f) => [f.what, f.slots, ms(f.p50), ms(f.p99)]),
    )
  );
}

export function slotsProblems(figures: SlotsFigure[]): string[] {
  return figures
    .slice(0, 2)
    .filter((f) => f.p99 > SLOTS_GOAL_P99_MS)
    .map((f) => `slots: ${f.what} p99 ${ms(f.p99)} (goal ${SLOTS_GOAL_P99_MS} ms)`);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(slotsSection(await benchSlots()));
