/**
 * The logo's words, as src/components/layout/Logo.astro draws them: the company's short name (or
 * its name) from src/config/company.json, the first word dark and the rest blue, stretched by
 * `textLength` to a width fixed at build time, so the header and footer take the same room whatever
 * font the visitor's system has (no layout shift). The width follows the words: the advance widths
 * of a bold sans-serif (Arial Bold's, in thousandths of an em), scaled so that the demo company's
 * three words keep the 156 px the logo was first drawn with.
 */

/** Advance widths of A-Z and a-z, then of a few signs. */
const UPPER = [
  722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611,
];
const LOWER = [
  556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611,
  556, 778, 556, 556, 500,
];
const SIGNS: Record<string, number> = {
  " ": 278,
  "&": 722,
  ".": 278,
  ",": 278,
  "-": 333,
  "'": 238,
  "!": 333,
};
const DIGIT = 556;
const OTHER = 611;
/** 16 px text, and the stretch that gives the demo company's name its 156 px. */
const SCALE = (16 / 1000) * (156 / 144.016);
/** The widest the words may be: a long name is squeezed (the schema keeps it to 24 characters). */
export const LOGO_TEXT_MAX = 240;
/** The mark and the gap before the words, and the margin after them. */
const BEFORE = 36;
const AFTER = 4;

function width(ch: string): number {
  const code = ch.charCodeAt(0);
  if (code >= 65 && code <= 90) return UPPER[code - 65]!;
  if (code >= 97 && code <= 122) return LOWER[code - 97]!;
  return SIGNS[ch] ?? (/\d/.test(ch) ? DIGIT : OTHER);
}

export interface LogoText {
  /** The first word (dark) and the rest with its leading space (blue; empty for one word). */
  first: string;
  rest: string;
  textLength: number;
  /** The drawing's width: the mark, the words and a margin. */
  width: number;
}

export function logoText(name: string): LogoText {
  const words = name.trim().split(/\s+/);
  const first = words[0] ?? "";
  const rest = words.length > 1 ? ` ${words.slice(1).join(" ")}` : "";
  let em = 0;
  for (const ch of first + rest) em += width(ch);
  const textLength = Math.min(LOGO_TEXT_MAX, Math.round(em * SCALE));
  return { first, rest, textLength, width: BEFORE + textLength + AFTER };
}
