/**
 * What the carousels share (the service page's cards in Deck, its two sections in
 * ServiceCarousels): the Previous and Next buttons, and keeping the shown item scrolled into view.
 */
import { useEffect, type ReactNode, type RefObject } from "react";
import { ICONS } from "../shared/common/icons";
import { scrollBehavior } from "./hooks";

/**
 * Scrolls `track` to its child at `index` while `active` (the one-at-a-time layout), smoothly
 * unless the visitor asked for reduced motion, and again at once when the window is resized.
 */
export function useScrollToItem(track: RefObject<HTMLElement | null>, index: number, active: boolean) {
  useEffect(() => {
    const el = track.current;
    if (!el || !active) return;
    const place = (behavior: ScrollBehavior) => {
      const item = el.children[index] as HTMLElement | undefined;
      if (item) el.scrollTo({ left: item.offsetLeft, behavior });
    };
    place(scrollBehavior());
    const onResize = () => place("auto");
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [track, index, active]);
}

export interface StepButtonProps {
  /** -1: Previous (arrow left), 1: Next (arrow right). */
  step: -1 | 1;
  className: string;
  /** The id of the element the button moves. */
  controls: string;
  /** Until hydration the button does nothing, and says so. */
  ready: boolean;
  /**
   * At the end it can go no further: aria-disabled, but it stays focusable (a disabled button
   * would drop the keyboard's focus). Left out for a carousel that wraps around.
   */
  atEnd?: boolean;
  iconSize: number;
  onClick: () => void;
  /** The button's name, read by screen readers ("Next card in ..."). */
  children: ReactNode;
}

/** A Previous or Next button of a carousel: an arrow, and its name for screen readers. */
export function StepButton({
  step,
  className,
  controls,
  ready,
  atEnd,
  iconSize,
  onClick,
  children,
}: StepButtonProps) {
  return (
    <button
      type="button"
      className={className}
      aria-controls={controls}
      disabled={!ready}
      aria-disabled={atEnd ? true : undefined}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width={iconSize} height={iconSize} aria-hidden="true" focusable="false">
        <path
          d={ICONS[step < 0 ? "arrow-left" : "arrow-right"]}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden">{children}</span>
    </button>
  );
}
