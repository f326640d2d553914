/**
 * The rules of a comment's own text that hold it for review: two or more links, or a blocked word
 * (COMMENT_BLOCKED_WORDS), however it is disguised: other scripts' look-alike letters, invisible
 * characters, full-width forms, spaced-out or hyphenated spellings, digits for letters.
 */
import { countLinks } from "../../shared/blog/comment-links";
import type { HeldReason } from "../../shared/blog/moderation";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Letters of other scripts that look like Latin ones (Cyrillic, Greek, IPA), and the digits and
 * signs written for letters (v1agra, p0rn, c@sino, ca$ino), as the Latin letter they stand for.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  з: "e",
  и: "u",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  п: "n",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ь: "b",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  һ: "h",
  ӏ: "l",
  ү: "y",
  ԍ: "g",
  // Greek
  α: "a",
  β: "b",
  γ: "y",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  μ: "u",
  ν: "v",
  ο: "o",
  π: "n",
  ρ: "p",
  ς: "c",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  // Latin variants that no normal form takes apart
  ı: "i",
  ł: "l",
  ø: "o",
  ɑ: "a",
  ɡ: "g",
  ꞵ: "b",
  // Digits and signs
  "1": "i",
  "0": "o",
  "3": "e",
  "4": "a",
  "5": "s",
  "@": "a",
  $: "s",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).map(escape).join("")}]`, "gu");

/**
 * The text as the blocked words are matched in it: compatibility forms undone (full-width
 * letters, ligatures) and accents dropped (NFKD, marks removed), invisible characters removed
 * (zero-width joiners and spaces, soft hyphens, bidirectional marks: Unicode's format characters),
 * lower case, look-alikes folded to the Latin letter, every run of other characters (spaces,
 * hyphens, dots, underscores) one space, and spaced-out single letters joined ("c a s i n o").
 * For matching only: the comment is stored and shown as written.
 */
export function foldForMatching(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\p{M}\p{Cf}\u115F\u1160\u3164\uFFA0]/gu, "")
    .toLowerCase()
    .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c]!)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/(?<![\p{L}\p{N}])[\p{L}\p{N}](?: [\p{L}\p{N}](?![\p{L}\p{N}])){2,}/gu, (run) =>
      run.replaceAll(" ", ""),
    );
}

/**
 * One expression for the blocked words, folded as the text is (foldForMatching): each word or
 * phrase matches whole (not inside a longer word, so "casino" does not hold "occasional"), with
 * an optional plural ending. Null for no words.
 */
export function blockedWordsPattern(words: readonly string[]): RegExp | null {
  const alternatives = words
    .map(foldForMatching)
    .filter(Boolean)
    .map((w) => w.split(" ").map(escape).join(" "));
  if (alternatives.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})(?:e?s)?(?![\\p{L}\\p{N}])`, "u");
}

/** Whether the text holds a blocked word, however it is disguised (foldForMatching). */
export function holdsBlockedWord(text: string, words: readonly string[]): boolean {
  return blockedWordsPattern(words)?.test(foldForMatching(text)) ?? false;
}

/** The rules of the comment's own text: links and blocked words. */
export function textReasons(
  input: { name: string; comment: string },
  blockedWords: readonly string[],
): HeldReason[] {
  const reasons: HeldReason[] = [];
  const text = `${input.name}\n${input.comment}`;
  if (countLinks(text) >= 2) reasons.push("links");
  if (holdsBlockedWord(text, blockedWords)) reasons.push("words");
  return reasons;
}
