/** Storage in an S3 bucket; its signed links point at S3 itself. */
import type { Env } from "../env";
import { assertKey, isValidKey, type Storage } from "./storage";

export async function createS3Storage(cfg: Extract<Env["storage"], { kind: "s3" }>): Promise<Storage> {
  const s3 = await import("@aws-sdk/client-s3");
  const { getSignedUrl } = await import("@aws-sdk/s3-request-presigner");
  const client = new s3.S3Client({
    region: cfg.region,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint, forcePathStyle: true } : {}),
    ...(cfg.accessKeyId && cfg.secretAccessKey
      ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } }
      : {}),
  });
  const Bucket = cfg.bucket;
  return {
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(new s3.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const res = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
        const body = await res.Body!.transformToByteArray();
        return { body, contentType: res.ContentType ?? "application/octet-stream" };
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === "NoSuchKey" || name === "NotFound") return null;
        throw err;
      }
    },
    async readStart(key, bytes) {
      if (!isValidKey(key)) return null;
      try {
        const res = await client.send(
          new s3.GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
        );
        return await res.Body!.transformToByteArray();
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === "NoSuchKey" || name === "NotFound" || name === "InvalidRange") return null;
        throw err;
      }
    },
    async head(key) {
      if (!isValidKey(key)) return null;
      try {
        const res = await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
        return { size: res.ContentLength ?? 0, contentType: res.ContentType ?? "application/octet-stream" };
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === "NoSuchKey" || name === "NotFound") return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async signedUrl(key, { expiresIn, downloadName, inlinePdf = false }) {
      assertKey(key);
      const filename = downloadName.replace(/[^\w.-]/g, "_");
      const cmd = new s3.GetObjectCommand({
        Bucket,
        Key: key,
        // A PDF opens in the browser, from the bucket's own origin, never from the site's.
        ...(inlinePdf
          ? {
              ResponseContentDisposition: `inline; filename="${filename}"`,
              ResponseContentType: "application/pdf",
            }
          : { ResponseContentDisposition: `attachment; filename="${filename}"` }),
      });
      return getSignedUrl(client, cmd, { expiresIn });
    },
    /**
     * A presigned PUT with its Content-Type signed. S3 cannot cap the size of a presigned PUT (only
     * a presigned POST policy can): the caller reads the stored size (head) before using the
     * object, and refuses and deletes a larger one. The bucket's CORS rules must allow PUT from
     * the site's origin.
     */
    async signedUploadUrl(key, { contentType, expiresIn }) {
      assertKey(key);
      const cmd = new s3.PutObjectCommand({ Bucket, Key: key, ContentType: contentType });
      const url = await getSignedUrl(client, cmd, { expiresIn, signableHeaders: new Set(["content-type"]) });
      return { url, method: "PUT", headers: { "Content-Type": contentType } };
    },
  };
}
