/**
 * `client:near`: an island whose code is fetched (and its modules run) while the visitor comes
 * near it, within one screen height of the view, and which hydrates when it comes into view.
 * `client:visible` starts fetching only then, so a visitor who scrolls down to a form waits for
 * the download after reaching it; with this, the download overlaps the scrolling. Every module the
 * island loads is asked for at once (`data-modules`, written by the build: ./index.ts), not one
 * import level after another. A page that is never scrolled towards the island (a crawler,
 * Lighthouse's load) fetches nothing, as before.
 */
import type { ClientDirective } from "astro";

const nearDirective: ClientDirective = (load, _options, el) => {
  let loading: ReturnType<typeof load> | undefined;
  const fetchOnce = () => {
    if (!loading) {
      for (const href of (el.getAttribute("data-modules") ?? "").split(" ").filter(Boolean)) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        document.head.append(link);
      }
      loading = load();
    }
    return loading;
  };
  /** Calls `then` once, when a child of the island first comes within `rootMargin` of the view. */
  const when = (rootMargin: string, then: () => void) => {
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        then();
      },
      { rootMargin },
    );
    for (const child of el.children) io.observe(child);
  };
  when("100% 0px", () => void fetchOnce());
  when("0px", () => void fetchOnce().then((hydrate) => hydrate()));
};

export default nearDirective;
