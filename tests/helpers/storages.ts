/**
 * The two storage adapters a test runs on: local files in a temp folder, and S3 through s3rver
 * (an S3-compatible server from npm, started for the file that calls `storageBackends()`).
 */
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import { createS3Storage } from "../../src/server/platform/storage/s3";
import type { Storage } from "../../src/server/platform/storage/storage";

/** Starts s3rver before the file's tests and stops it after; returns [name, open] per adapter. */
export function storageBackends(secret: string): [string, () => Promise<Storage>][] {
  let s3: S3rver;
  let s3Port = 0;
  beforeAll(async () => {
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: mkdtempSync(path.join(os.tmpdir(), "s3rver-")),
      configureBuckets: [{ name: "uploads", configs: [] }],
    });
    s3Port = ((await s3.run()) as AddressInfo).port;
  });
  afterAll(async () => {
    await s3.close();
  });
  return [
    ["local files", async () => createLocalStorage(mkdtempSync(path.join(os.tmpdir(), "uploads-")), secret)],
    [
      "s3rver",
      () =>
        createS3Storage({
          kind: "s3",
          bucket: "uploads",
          region: "us-east-1",
          endpoint: `http://127.0.0.1:${s3Port}`,
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
        }),
    ],
  ];
}
