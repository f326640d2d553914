import { useCallback, useLayoutEffect, useRef, useSyncExternalStore } from "react";

const noop = () => () => {};

/** True once the island runs in the browser; false in the server render and during hydration. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/** Follows a media query (and window resizing); undefined on the server. */
export function useMedia(query: string): boolean | undefined {
  return useSyncExternalStore(
    (onChange) => {
      const m = window.matchMedia(query);
      m.addEventListener("change", onChange);
      return () => m.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => undefined,
  );
}

/** Smooth scrolling unless the visitor asked for reduced motion. */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

/**
 * A function whose identity never changes and that always calls the latest `fn`: a handler that
 * can be handed to a memoised child (React.memo) without re-rendering it on every change of the
 * parent's state (the contact form re-renders on each key; its phone field need not).
 */
export function useStableHandler<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
