/**
 * A small Chrome DevTools Protocol client for the benches that need what Playwright does not give:
 * throttling on every target of the browser, prerendered pages included (a prerendered page is a
 * target of its own, created by the browser, which Playwright does not attach to).
 *
 * Chromium is started by chrome-launcher (as Lighthouse is); the client attaches to every tab and,
 * under each tab, to every page (the page itself, and any page Chromium prerenders for it), each
 * paused on start until its throttling is set, so nothing a page does escapes the emulation.
 */
import type * as chromeLauncher from "chrome-launcher";
import WebSocket from "ws";
import { launchChrome } from "./chrome";

export interface Throttling {
  /** CPU slowdown (Emulation.setCPUThrottlingRate). */
  cpu: number;
  /** Round-trip latency in ms and throughput in bytes/s (Network.emulateNetworkConditions). */
  latency: number;
  down: number;
  up: number;
  viewport: { width: number; height: number; deviceScaleFactor: number; mobile: boolean };
}

/** A mid-range phone on a slow connection, as bench/island.ts emulates it with Playwright. */
export const PHONE: Throttling = {
  cpu: 4,
  latency: 150,
  down: 200_000,
  up: 93_750,
  viewport: { width: 390, height: 844, deviceScaleFactor: 3, mobile: true },
};

/** A laptop on a good connection: no CPU slowdown, 40 ms round trips, 10 Mbps down. */
export const LAPTOP: Throttling = {
  cpu: 1,
  latency: 40,
  down: 1_250_000,
  up: 625_000,
  viewport: { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false },
};

/**
 * Applies a throttling's network and CPU emulation, with the cache off, to one page through a
 * Playwright CDP session (the page's viewport is its context's, from the same Throttling).
 */
export async function throttlePage(
  cdp: { send(method: string, params?: Record<string, unknown>): Promise<unknown> },
  t: Throttling,
): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: t.latency,
    downloadThroughput: t.down,
    uploadThroughput: t.up,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: t.cpu });
}

export interface Target {
  sessionId: string;
  targetId: string;
  type: string;
  subtype?: string;
}

type Message = { id?: number; method?: string; params?: Record<string, unknown>; sessionId?: string };

export class Cdp {
  private next = 0;
  private readonly pending = new Map<number, { res: (v: unknown) => void; rej: (e: Error) => void }>();
  private readonly listeners = new Set<(m: Message) => void>();
  /** Attached page targets, by session. */
  readonly pages = new Map<string, Target>();

  private constructor(
    private readonly ws: WebSocket,
    private readonly chrome: chromeLauncher.LaunchedChrome,
    private readonly throttling: Throttling,
  ) {
    ws.on("message", (data: Buffer) => {
      const m = JSON.parse(data.toString()) as Message & {
        result?: unknown;
        error?: { message: string };
      };
      const p = m.id !== undefined ? this.pending.get(m.id) : undefined;
      if (p) {
        this.pending.delete(m.id!);
        if (m.error) p.rej(new Error(`${m.error.message}`));
        else p.res(m.result);
      } else for (const l of this.listeners) l(m);
    });
    this.on((m) => void this.attached(m));
  }

  static async launch(throttling: Throttling): Promise<Cdp> {
    const chrome = await launchChrome();
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
      webSocketDebuggerUrl: string;
    };
    const ws = new WebSocket(version.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const cdp = new Cdp(ws, chrome, throttling);
    // Tabs first; each tab's pages (its page, and what Chromium prerenders for it) in attached().
    await cdp.send("Target.setAutoAttach", {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
      filter: [{ type: "tab" }],
    });
    return cdp;
  }

  send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<T> {
    const id = ++this.next;
    return new Promise<T>((res, rej) => {
      this.pending.set(id, { res: res as (v: unknown) => void, rej });
      this.ws.send(JSON.stringify({ id, method, params, sessionId }));
    });
  }

  on(listener: (m: Message) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every new target: throttled, then let go. */
  private async attached(m: Message) {
    if (m.method === "Target.detachedFromTarget") {
      this.pages.delete((m.params as { sessionId: string }).sessionId);
      return;
    }
    if (m.method !== "Target.attachedToTarget") return;
    const { sessionId, targetInfo } = m.params as {
      sessionId: string;
      targetInfo: { targetId: string; type: string; subtype?: string };
    };
    const quiet = (p: Promise<unknown>) => p.catch(() => undefined);
    if (targetInfo.type === "tab") {
      await quiet(
        this.send(
          "Target.setAutoAttach",
          { autoAttach: true, waitForDebuggerOnStart: true, flatten: true },
          sessionId,
        ),
      );
    } else if (targetInfo.type === "page") {
      // Sent in order without waiting for the answers: a paused target answers some commands
      // (Page.enable) only once it runs, and the session applies commands in the order sent.
      const t = this.throttling;
      void quiet(this.send("Emulation.setCPUThrottlingRate", { rate: t.cpu }, sessionId));
      void quiet(this.send("Network.enable", {}, sessionId));
      void quiet(
        this.send(
          "Network.emulateNetworkConditions",
          { offline: false, latency: t.latency, downloadThroughput: t.down, uploadThroughput: t.up },
          sessionId,
        ),
      );
      void quiet(this.send("Emulation.setDeviceMetricsOverride", t.viewport, sessionId));
      void quiet(this.send("Preload.enable", {}, sessionId));
      this.pages.set(sessionId, {
        sessionId,
        targetId: targetInfo.targetId,
        type: targetInfo.type,
        ...(targetInfo.subtype ? { subtype: targetInfo.subtype } : {}),
      });
    }
    await quiet(this.send("Runtime.runIfWaitingForDebugger", {}, sessionId));
  }

  /** A new tab in a fresh browser context (no cache, no cookies), and its page's session. */
  async newPage(): Promise<{ sessionId: string; close: () => Promise<void> }> {
    const { browserContextId } = await this.send<{ browserContextId: string }>("Target.createBrowserContext");
    const { targetId } = await this.send<{ targetId: string }>("Target.createTarget", {
      url: "about:blank",
      browserContextId,
    });
    for (let i = 0; i < 100; i++) {
      const page = [...this.pages.values()].find((p) => p.targetId === targetId);
      if (page)
        return {
          sessionId: page.sessionId,
          close: async () => {
            await this.send("Target.disposeBrowserContext", { browserContextId }).catch(() => undefined);
          },
        };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("the new page was never attached");
  }

  /** Evaluates an expression in a session's page (awaiting a promise), returning its value. */
  async evaluate<T>(sessionId: string, expression: string, timeoutMs = 30_000): Promise<T> {
    const run = this.send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
      "Runtime.evaluate",
      { expression, awaitPromise: true, returnByValue: true },
      sessionId,
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, rej) => {
      timer = setTimeout(() => rej(new Error(`evaluate timed out: ${expression.slice(0, 60)}`)), timeoutMs);
    });
    try {
      const r = await Promise.race([run, timeout]);
      if (r.exceptionDetails) throw new Error(r.exceptionDetails.text);
      return r.result.value;
    } finally {
      clearTimeout(timer);
    }
  }

  close() {
    this.ws.close();
    this.chrome.kill();
  }
}
