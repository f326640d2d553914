/**
 * A trust center document's upload from the dashboard, without its screen: the checks on a chosen
 * file before anything is sent, the draft and signed link the server answers, and the PUT of the
 * file straight to storage with its progress (fetch reports none for an upload). Sizes in words.
 */
import { uploadTrustDocumentApi } from "../../../../shared/trust/api";
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_LABEL, type DocumentAccess } from "../../../../shared/trust/trust";
import { api, ApiError } from "../../api";

export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
/** A file's size as people read it: kB under a megabyte. */
export const fileSize = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} kB` : megabytes(bytes);

/** What is wrong with a chosen file before anything is sent, in words; undefined when it may go. */
export function fileProblem(file: File | undefined): string | undefined {
  if (!file) return "Choose the PDF file to upload.";
  const pdf = file.type === "application/pdf" || /\.pdf$/i.test(file.name);
  if (!pdf) return `“${file.name}” is not a PDF. Choose the document as a PDF file.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_DOCUMENT_BYTES)
    return `“${file.name}” is ${megabytes(file.size)}: the limit is ${MAX_DOCUMENT_LABEL}.`;
  return undefined;
}

export type UploadLink = Awaited<ReturnType<typeof startUpload>>["upload"];
/** Asks for a draft document and a signed link to send its file to. */
export const startUpload = (body: { id?: string; title: string; access: DocumentAccess; size: number }) =>
  api(uploadTrustDocumentApi, { body });

/**
 * Sends the file to the signed link, reporting progress (fetch reports none for an upload). A
 * refusal by storage or a lost connection is thrown in words.
 */
export function putFile(link: UploadLink, file: File, onProgress: (sent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(link.method, link.url);
    for (const [k, v] of Object.entries(link.headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let error = "";
      try {
        error = (JSON.parse(xhr.responseText) as { error?: string }).error ?? "";
      } catch {
        /* storage answered in its own words (S3: XML) */
      }
      reject(
        new ApiError(
          xhr.status,
          error ||
            `Storage refused the file (${xhr.status}). Try the upload again; if it fails again, tell the site's owner.`,
        ),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError(0, "The upload was cut off: check your connection and try again."));
    xhr.send(file);
  });
}
