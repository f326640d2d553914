/**
 * Unpacks function zips as the platform does before it runs them: each into its own folder of
 * the task root, owned by the unpacking user (root here) so the function cannot write there.
 */
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";

export async function unpackZip(zipFile: string, targetDir: string): Promise<void> {
  mkdirSync(targetDir, { recursive: true, mode: 0o755 });
  const zip = await yauzl.openPromise(zipFile, { autoClose: false });
  try {
    for await (const entry of zip.eachEntry()) {
      const dest = path.resolve(targetDir, entry.fileName);
      if (dest !== targetDir && !dest.startsWith(targetDir + path.sep))
        throw new Error(`${zipFile}: entry outside its folder (${entry.fileName})`);
      if (entry.fileName.endsWith("/")) {
        mkdirSync(dest, { recursive: true, mode: 0o755 });
        continue;
      }
      mkdirSync(path.dirname(dest), { recursive: true, mode: 0o755 });
      const mode = (entry.externalFileAttributes >>> 16) & 0o555;
      await pipeline(
        await zip.openReadStreamPromise(entry),
        createWriteStream(dest, { mode: mode || 0o444 }),
      );
    }
  } finally {
    zip.close();
  }
}

/** Unpacks every zip of a build's functions folder into taskRoot/<name>. */
export async function unpackFunctions(functionsDir: string, names: string[], taskRoot: string) {
  rmSync(taskRoot, { recursive: true, force: true });
  mkdirSync(taskRoot, { recursive: true, mode: 0o755 });
  for (const name of names)
    await unpackZip(path.join(functionsDir, `${name}.zip`), path.join(taskRoot, name));
}
