/**
 * One process at a time in the embedded database's folder. PGlite is not safe with two
 * processes writing the same files, so whoever opens the folder (the local server, db:migrate,
 * db:seed, create-admin) first creates `owner.pid` in it, atomically, with its process id. Anyone
 * else finds the file, sees its owner is alive and stops with a clear message; a file left by a
 * process that is gone (killed, crashed) is taken over.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export const LOCK_FILE = "owner.pid";

export class DataDirBusyError extends Error {
  constructor(
    public dir: string,
    public pid: number,
    public owner: string,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}: ${owner}). ` +
        "Stop that process first (for `npm start`, Ctrl+C in its terminal), then run this again. " +
        `If no such process is yours, delete ${path.join(dir, LOCK_FILE)}.`,
    );
    this.name = "DataDirBusyError";
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM"; // alive, but another user's
  }
}

function describe(): string {
  return (
    process.argv
      .slice(1)
      .map((a) => path.basename(a))
      .join(" ") || "node"
  );
}

/** Takes the folder for this process; returns the function that gives it back. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine = `${process.pid}\n${describe()}\n`;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, mine, { flag: "wx", mode: 0o644 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 5) throw err;
    }
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue; // its owner just let go
    }
    const [pidLine = "", owner = "unknown"] = text.split("\n");
    const pid = Number(pidLine);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
      throw new DataDirBusyError(dir, pid, owner);
    // Left behind by a process that is gone (or half-written): take it over.
    try {
      unlinkSync(file);
    } catch {
      /* another process took it over first: the next attempt sees its file */
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    try {
      if (readFileSync(file, "utf8") === mine) unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
  process.once("exit", release);
  return release;
}
