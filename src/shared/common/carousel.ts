/**
 * Pure index and gesture math for the carousels (SPEC section 4 and 9): card decks stop at
 * either end, the side-by-side section switcher wraps, and a horizontal swipe counts only past
 * 50 px and only when it is more horizontal than vertical (so page scrolling is never hijacked).
 */
export const SWIPE_THRESHOLD = 50;
/** At or below this width the card decks show one card at a time (SPEC: 1024 px or less). */
export const DECK_MAX_WIDTH = 1024;
/** Above this width the two carousel sections sit side by side (SPEC: above 768 px). */
export const SIDE_BY_SIDE_MIN_WIDTH = 768;

/** Media queries matching the breakpoints, shared by the island and the CSS comments. */
export const DECK_QUERY = `(max-width: ${DECK_MAX_WIDTH}px)`;
export const SIDE_BY_SIDE_QUERY = `(min-width: ${SIDE_BY_SIDE_MIN_WIDTH + 1}px)`;

/** Keeps an index inside 0..count-1 (0 for an empty list). */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), count - 1);
}

/** Moves by `step` (-1 or +1); with `wrap` the ends join, without it they stop. */
export function stepIndex(index: number, step: number, count: number, wrap: boolean): number {
  if (count <= 0) return 0;
  const next = index + step;
  if (wrap) return ((next % count) + count) % count;
  return clampIndex(next, count);
}

/**
 * The direction a finished touch gesture asks for: +1 (next: finger moved left), -1 (previous:
 * finger moved right) or 0 (too short, or mostly vertical).
 */
export function swipeStep(dx: number, dy: number, threshold = SWIPE_THRESHOLD): -1 | 0 | 1 {
  if (Math.abs(dx) <= threshold || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** The slide a keyboard key asks for inside a deck, or undefined when the key is not ours. */
export function keyIndex(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case "ArrowRight":
      return stepIndex(index, 1, count, false);
    case "ArrowLeft":
      return stepIndex(index, -1, count, false);
    case "Home":
      return 0;
    case "End":
      return clampIndex(count - 1, count);
    default:
      return undefined;
  }
}
