export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
export const median = (v: number[]) => percentile(v, 50);
export const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 2 : 0)} ms` : "n/a");
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** A Markdown table. */
export function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}
