/**
 * Netlify Scheduled Functions (a function whose config has `schedule`, a cron expression) run
 * here on the same schedule, in this process, as Netlify runs them in production: a POST whose
 * JSON body names the next run. https://docs.netlify.com/build/functions/scheduled-functions/
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Cron } from "croner";
import { functionFiles } from "./functions";

export interface ScheduledFunction {
  name: string;
  schedule: string;
  handler: (req: Request, ctx?: unknown) => Promise<Response>;
}

export async function loadScheduled(root = process.cwd()): Promise<ScheduledFunction[]> {
  const out: ScheduledFunction[] = [];
  for (const file of functionFiles(root)) {
    const mod = (await import(pathToFileURL(file).href)) as {
      default: ScheduledFunction["handler"];
      config?: { schedule?: string };
    };
    if (mod.config?.schedule)
      out.push({
        name: path.basename(file).replace(/\.\w+$/, ""),
        schedule: mod.config.schedule,
        handler: mod.default,
      });
  }
  return out;
}

/** Starts a timer per scheduled function; a run that is still going is not started twice. */
export function startSchedules(fns: ScheduledFunction[], origin: string): () => void {
  const jobs = fns.map(
    (fn) =>
      new Cron(fn.schedule, { protect: true, unref: true }, async (job: Cron) => {
        const next = job.nextRun();
        const req = new Request(`${origin}/.netlify/functions/${fn.name}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ next_run: next?.toISOString() ?? null }),
        });
        try {
          const res = await fn.handler(req, {});
          if (!res.ok) console.error(`${fn.name}: answered ${res.status} ${await res.text()}`);
        } catch (err) {
          console.error(`${fn.name} failed: ${String(err)}`);
        }
      }),
  );
  return () => jobs.forEach((j) => j.stop());
}
