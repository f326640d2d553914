/**
 * The largest pictures an upload may hold (MAX_IMAGE_PIXELS), written as files, and a child
 * process that re-encodes them: its peak memory and times (bench/pictures-child.ts); the section of `npm run bench`
 * and tests/unit/picture-memory.test.ts..
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { FUNCTION_MEMORY_MB, MAX_IMAGE_PIXELS } from "../src/server/platform/images/webp";

/**
 * The shapes that cost the most: a landscape picture at the cap (decoded, then resized to 1600
 * px) and one 1600 px wide (encoded at full size), each as PNG, progressive JPEG and WebP.
 */
export function largestShapes(): { width: number; height: number }[] {
  return [
    { width: 4000, height: Math.floor(MAX_IMAGE_PIXELS / 4000) },
    { width: 1600, height: Math.floor(MAX_IMAGE_PIXELS / 1600) },
  ];
}

export interface PictureRun {
  /** The child's peak resident memory, MB. */
  peakMb: number;
  /** Each picture's re-encoding, ms. */
  times: number[];
  files: string[];
}

/** Writes the largest pictures of one shape and re-encodes them all in one child process. */
export async function reencodeLargest(shape: { width: number; height: number }): Promise<PictureRun> {
  const dir = await mkdtemp(path.join(tmpdir(), "pictures-"));
  try {
    const picture = () => sharp({ create: { ...shape, channels: 3, background: { r: 40, g: 90, b: 160 } } });
    const files: [string, Buffer][] = [
      ["largest.png", await picture().png().toBuffer()],
      ["largest.jpg", await picture().jpeg({ progressive: true }).toBuffer()],
      ["largest.webp", await picture().webp().toBuffer()],
    ];
    for (const [name, bytes] of files) await writeFile(path.join(dir, name), bytes);
    const child = path.join(import.meta.dirname, "pictures-child.ts");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", child, ...files.map(([name]) => path.join(dir, name))],
      { cwd: path.join(import.meta.dirname, ".."), maxBuffer: 1 << 20 },
    );
    const run = JSON.parse(stdout.trim().split("\n").at(-1)!) as Omit<PictureRun, "files">;
    return { ...run, files: files.map(([name]) => name) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The section of bench/latest.md: each shape's peak memory and times, against the function's. */
export function picturesSection(
  runs: { shape: { width: number; height: number }; run: PictureRun }[],
): string {
  const rows = runs.map(
    ({ shape, run }) =>
      `| ${shape.width} x ${shape.height} | ${run.peakMb} MB | ${run.files.map((f, i) => `${f.split(".")[1]} ${run.times[i]} ms`).join(", ")} |`,
  );
  return [
    `## The largest accepted picture (${MAX_IMAGE_PIXELS / 1e6} megapixels), re-encoded in a child process`,
    "",
    `PNG, progressive JPEG and WebP one after another, as one warm function; a function has ${FUNCTION_MEMORY_MB} MB.`,
    "",
    "| shape | peak memory (RSS) | time per picture |",
    "| ----- | ----------------- | ---------------- |",
    ...rows,
  ].join("\n");
}

/** Over budget: a peak at or over the function's memory. */
export function picturesProblems(runs: { shape: { width: number; height: number }; run: PictureRun }[]) {
  return runs
    .filter(({ run }) => run.peakMb >= FUNCTION_MEMORY_MB)
    .map(({ shape, run }) => `pictures: ${shape.width} x ${shape.height} peaked at ${run.peakMb} MB`);
}
