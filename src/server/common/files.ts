/**
 * Uploaded files are judged by their bytes, never by their name or declared type. The kinds, and
 * which form takes which, are listed in src/shared/common/upload-limits.ts.
 */
import { fileTypeFromBuffer } from "file-type";
import {
  FILE_KINDS,
  MAX_FILES_BYTES,
  MAX_FILES_LABEL,
  type FileKind,
} from "../../shared/common/upload-limits";
import { Invalid, TooLarge } from "./errors";

export interface CheckedFile {
  bytes: Uint8Array;
  kind: FileKind;
  mime: string;
  ext: FileKind;
  size: number;
  /** The visitor's file name, cleaned for display only (never used as a path). */
  name: string;
}

/** Maps what file-type detects to one of our kinds. */
function kindOf(ext: string | undefined): FileKind | undefined {
  switch (ext) {
    case "pdf":
    case "docx":
    case "pptx":
    case "xlsx":
    case "png":
    case "webp":
      return ext;
    case "jpg":
      return "jpg";
    case "cfb": // the OLE2 container of .doc files
      return "doc";
    default:
      return undefined;
  }
}

/**
 * The kind of a file judged by its first bytes (4,100 are enough for every kind we take), for a
 * file that reached storage without passing through a function (a signed upload).
 */
export async function kindOfBytes(start: Uint8Array): Promise<FileKind | undefined> {
  return kindOf((await fileTypeFromBuffer(start))?.ext);
}

/** How many first bytes kindOfBytes needs. */
export const KIND_BYTES = 4100;

/**
 * Bidirectional controls (embeddings, overrides, isolates and the directional marks): in a file
 * name they make "cv\u202Efdp.exe" display as "cvexe.pdf", so they are removed
 * (https://unicode.org/reports/tr9/#Explicit_Directional_Formatting_Characters).
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The visitor's file name for display: its last segment, without controls or reserved marks. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, "") // eslint-disable-line no-control-regex -- removing control characters on purpose
    .replace(BIDI_CONTROLS, "")
    .trim()
    .slice(0, 200);
  return cleaned || "file";
}

/**
 * Checks an optional upload field. Returns undefined when no file was sent; throws a 400 naming
 * the field for anything else that is not an allowed file within the size limit.
 */
export async function checkUpload(
  value: unknown,
  opts: { field: string; label: string; kinds: readonly FileKind[]; maxBytes?: number; required?: boolean },
): Promise<CheckedFile | undefined> {
  const max = opts.maxBytes ?? MAX_FILES_BYTES;
  const allowed = opts.kinds.map((k) => FILE_KINDS[k].label).join(", ");
  if (
    value === undefined ||
    value === "" ||
    (value instanceof File && value.size === 0 && value.name === "")
  ) {
    if (opts.required) throw new Invalid(`${opts.label} is required.`);
    return undefined;
  }
  if (!(value instanceof File)) throw new Invalid(`${opts.label} must be a file.`);
  if (value.size === 0) throw new Invalid(`${opts.label} is empty.`);
  if (value.size > max)
    throw new TooLarge(
      `${opts.label} is too large: the limit is ${max === MAX_FILES_BYTES ? MAX_FILES_LABEL : `${max / 1_000_000} MB`}.`,
    );
  const bytes = new Uint8Array(await value.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  const kind = kindOf(detected?.ext);
  if (!kind || !opts.kinds.includes(kind))
    throw new Invalid(`${opts.label} must be one of: ${allowed}. This file's contents are not.`);
  return {
    bytes,
    kind,
    mime: FILE_KINDS[kind].mime,
    ext: kind,
    size: bytes.length,
    name: cleanFileName(value.name),
  };
}

/** The files of one request together stay within MAX_FILES_BYTES (src/shared/common/upload-limits.ts). */
export function checkFilesTotal(files: (CheckedFile | undefined)[], what: string) {
  const total = files.reduce((n, f) => n + (f?.size ?? 0), 0);
  if (total > MAX_FILES_BYTES)
    throw new TooLarge(`${what} together are too large: the limit is ${MAX_FILES_LABEL} in all.`);
}
