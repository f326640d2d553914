/**
 * A deck of cards. Above 1024 px the cards form a grid (CSS); at or below 1024 px one card shows
 * at a time, with Previous and Next buttons and dot buttons (so no move needs a drag: WCAG 2.5.7),
 * arrow keys and a horizontal swipe of more than 50 px, all stopping at either end. The server render already holds every card, in a horizontally scrollable list, so
 * the content works without JavaScript; hydration only swaps native scrolling for these controls.
 */
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { DECK_QUERY, clampIndex, keyIndex, stepIndex, swipeStep } from "../shared/common/carousel";
import { useHydrated, useMedia } from "./hooks";
import { StepButton, useScrollToItem } from "./carousel";

export interface DeckProps<T> {
  /** Accessible name of the carousel, e.g. the section heading. */
  label: string;
  items: readonly T[];
  /** Short name of a card for the dots and the announcement. */
  itemName: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Grid columns above 1024 px. */
  columns?: 2 | 3;
  className?: string;
}

export default function Deck<T>({
  label,
  items,
  itemName,
  renderItem,
  columns = 3,
  className,
}: DeckProps<T>) {
  const ready = useHydrated();
  const single = useMedia(DECK_QUERY) === true;
  const [index, setIndex] = useState(0);
  const track = useRef<HTMLUListElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const id = useId();
  const count = items.length;
  const current = clampIndex(index, count);

  // Keep the visible card in view when the index or the layout (window width) changes.
  useScrollToItem(track, current, single);

  const go = (i: number) => setIndex(clampIndex(i, count));

  const onPointerDown = (e: PointerEvent) => {
    if (!single || (e.pointerType === "mouse" && e.button !== 0)) return;
    // A mouse drag over text would start a selection (or drag the selected text, which cancels
    // the pointer); links and buttons keep their normal behaviour.
    if (e.pointerType === "mouse" && !(e.target as Element).closest("a, button")) e.preventDefault();
    start.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const s = start.current;
    start.current = null;
    if (!s || !single) return;
    const step = swipeStep(e.clientX - s.x, e.clientY - s.y);
    if (step !== 0) go(stepIndex(current, step, count, false));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!single) return;
    const next = keyIndex(e.key, current, count);
    if (next === undefined) return;
    e.preventDefault();
    go(next);
  };

  return (
    <div
      className={["deck", `deck--cols-${columns}`, className].filter(Boolean).join(" ")}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-ready={ready ? "" : undefined}
      data-index={current}
    >
      <ul
        ref={track}
        className="deck__track"
        id={`${id}-track`}
        // Focusable so keyboard users can scroll it without JavaScript and use arrows with it.
        tabIndex={0}
        aria-label={`${label}: cards`}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
        onKeyDown={onKeyDown}
      >
        {items.map((item, i) => (
          <li
            key={i}
            className="deck__slide"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            inert={ready && single && i !== current}
            data-active={!single || i === current ? "" : undefined}
          >
            {renderItem(item, i)}
          </li>
        ))}
      </ul>
      <div className="deck__nav">
        <StepButton
          step={-1}
          className="deck__step"
          controls={`${id}-track`}
          ready={ready}
          atEnd={current === 0}
          iconSize={20}
          onClick={() => go(current - 1)}
        >
          Previous card in {label}
        </StepButton>
        <div className="deck__dots" role="group" aria-label={`Choose a card in ${label}`}>
          {items.map((item, i) => (
            <button
              key={i}
              type="button"
              className="deck__dot"
              aria-controls={`${id}-track`}
              aria-current={i === current ? "true" : undefined}
              aria-label={`Card ${i + 1} of ${count}: ${itemName(item)}`}
              disabled={!ready}
              onClick={() => go(i)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
        <StepButton
          step={1}
          className="deck__step"
          controls={`${id}-track`}
          ready={ready}
          atEnd={current === count - 1}
          iconSize={20}
          onClick={() => go(current + 1)}
        >
          Next card in {label}
        </StepButton>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {ready && single ? `Card ${current + 1} of ${count}: ${itemName(items[current]!)}` : ""}
      </p>
    </div>
  );
}
