import type { Env } from "../env";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { Storage } from "./storage";

export async function openStorage(e: Env, secret: string): Promise<Storage> {
  return e.storage.kind === "s3" ? createS3Storage(e.storage) : createLocalStorage(e.uploadsDir, secret);
}
