import { useEffect, useRef, useState } from "react";
import type { Overview } from "../../../../shared/audit/api";
import p from "../../pipeline.module.css";

/**
 * Leads and applications per week as a bar chart in plain SVG (no chart library: the dashboard
 * is the only island that draws one, and this is all it needs). Both bar colours have a contrast
 * of at least 3:1 with the white background (WCAG 1.4.11) and differ in hue for colour-blind
 * readers; the figures themselves are in a table that screen readers read instead of the picture.
 * The drawing is as wide as its box in CSS pixels, so its text keeps its size on a phone, and
 * week labels thin out to what fits.
 */
const DEFAULT_W = 600;
const MIN_W = 240;
const H = 260;
/** Room one week label ("Nov 23" at 14 px) needs. */
const LABEL_W = 56;
// The right margin holds half of the newest week's label, which is centred under its bars.
const M = { top: 12, right: 24, bottom: 36, left: 40 };
export const SERIES = [
  { key: "leads", label: "Leads", color: "#0b5fd4" },
  { key: "applications", label: "Applications", color: "#b45309" },
] as const;

/**
 * The axis's ticks for counts up to `n`: whole numbers only (a week has no half lead), 0 first,
 * a step of 1, 2 or 5 times a power of ten, at most 4 steps, the top at or above `n` (at least 4).
 */
export function axisTicks(n: number): number[] {
  const max = Math.max(4, Math.ceil(n));
  for (let pow = 1; ; pow *= 10)
    for (const f of [1, 2, 5]) {
      const step = f * pow;
      if (step * 4 < max) continue;
      const steps = Math.ceil(max / step);
      return Array.from({ length: steps + 1 }, (_, i) => i * step);
    }
}

const shortDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/** The series the caller's role reads (a recruiter's chart has applications only). */
export const seriesOf = (weeks: Overview["weeks"]) =>
  SERIES.filter((sr) => weeks.some((w) => w[sr.key] !== undefined));

export default function WeeklyChart({ weeks, labelledBy }: { weeks: Overview["weeks"]; labelledBy: string }) {
  const series = seriesOf(weeks);
  const box = useRef<HTMLDivElement>(null);
  const [W, setW] = useState(DEFAULT_W);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(([entry]) => {
      if (entry) setW(Math.max(MIN_W, Math.round(entry.contentRect.width)));
    });
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  const ticks = axisTicks(Math.max(0, ...weeks.flatMap((w) => series.map((sr) => w[sr.key] ?? 0))));
  const top = ticks[ticks.length - 1]!;
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const slot = plotW / Math.max(1, weeks.length);
  const bar = Math.max(2, Math.min(16, (slot - 6) / 2));
  // Every n-th week is labelled, counted back from the newest, so this week always is.
  const every = Math.max(1, Math.ceil(LABEL_W / slot));
  const y = (v: number) => M.top + plotH - (v / top) * plotH;
  return (
    <div className={p.chartWrap} ref={box}>
      <ul className={p.legend} aria-hidden="true">
        {series.map((sr) => (
          <li key={sr.key}>
            <span className={p.swatch} style={{ background: sr.color }} />
            {sr.label}
          </li>
        ))}
      </ul>
      <svg className={p.chart} viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke="#d9e0e8" />
            <text x={M.left - 6} y={y(t) + 5} textAnchor="end" fontSize="14" fill="#334155">
              {t}
            </text>
          </g>
        ))}
        {weeks.map((w, i) => {
          const x0 = M.left + i * slot + (slot - series.length * (bar + 2) + 2) / 2;
          return (
            <g key={w.start}>
              {series.map((sr, j) => {
                const v = w[sr.key] ?? 0;
                return (
                  <rect
                    key={sr.key}
                    x={x0 + j * (bar + 2)}
                    y={y(v)}
                    width={bar}
                    height={Math.max(0, M.top + plotH - y(v))}
                    fill={sr.color}
                  >
                    <title>{`${sr.label}, week of ${shortDay(w.start)}: ${v}`}</title>
                  </rect>
                );
              })}
              {(weeks.length - 1 - i) % every === 0 && (
                <text
                  x={M.left + i * slot + slot / 2}
                  y={H - M.bottom + 22}
                  textAnchor="middle"
                  fontSize="14"
                  fill="#334155"
                >
                  {shortDay(w.start)}
                </text>
              )}
            </g>
          );
        })}
        <line x1={M.left} x2={W - M.right} y1={M.top + plotH} y2={M.top + plotH} stroke="#52606d" />
      </svg>
      {/* The wrapper hides it: a table grows to its rows whatever height it is given. */}
      <div className="visually-hidden">
        <table aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">Week starting</th>
              {series.map((sr) => (
                <th key={sr.key} scope="col">
                  {sr.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.start}>
                <th scope="row">{shortDay(w.start)}</th>
                {series.map((sr) => (
                  <td key={sr.key}>{w[sr.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
