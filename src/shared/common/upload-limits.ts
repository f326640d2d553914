/**
 * Every upload the site takes, defined once for the server and the forms: the file kinds (judged
 * by their bytes on the server), which kinds each form accepts, the words the forms use for them,
 * and the size limits.
 *
 * A Netlify Function receives the whole request buffered, at most 6 MB, and a binary body
 * (multipart form data) travels base64-encoded, which makes it a third larger. So one request
 * can carry about 4.5 MB of raw bytes. MAX_REQUEST_BYTES is that figure with room for the rest of
 * the invocation (headers, path), and every form's files together stay within MAX_FILES_BYTES,
 * which leaves room for the form's own fields (a blog post's text may be 100,000 characters).
 */

/** What the platform accepts per request, encoded (read conservatively as 6,000,000 bytes). */
export const PLATFORM_BODY_BYTES = 6_000_000;

/** Base64 turns every 3 bytes into 4. */
export const base64Size = (bytes: number) => 4 * Math.ceil(bytes / 3);

/** The largest multipart request the server reads: 5.87 MB once encoded, under the 6 MB. */
export const MAX_REQUEST_BYTES = 4_400_000;

/** The files of one form together: one attachment, one resume, one picture, or both post images. */
export const MAX_FILES_BYTES = 4_000_000;

/** "4 MB", for messages and hints. */
export const MAX_FILES_LABEL = `${MAX_FILES_BYTES / 1_000_000} MB`;

/** Each kind of file the site stores: the MIME type and extension it is stored under, its name. */
export const FILE_KINDS = {
  pdf: { mime: "application/pdf", label: "PDF", extensions: [".pdf"] },
  doc: { mime: "application/msword", label: "DOC", extensions: [".doc"] },
  docx: {
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    label: "DOCX",
    extensions: [".docx"],
  },
  pptx: {
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    label: "PPTX",
    extensions: [".pptx"],
  },
  xlsx: {
    mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    label: "XLSX",
    extensions: [".xlsx"],
  },
  png: { mime: "image/png", label: "PNG", extensions: [".png"] },
  jpg: { mime: "image/jpeg", label: "JPG", extensions: [".jpg", ".jpeg"] },
  webp: { mime: "image/webp", label: "WebP", extensions: [".webp"] },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

/** One form's upload: its kinds, and what the browser needs to offer and pre-check them. */
export interface UploadRule<K extends FileKind = FileKind> {
  kinds: readonly K[];
  /** MIME types of the kinds (what a browser reports as `File.type`). */
  mimes: readonly string[];
  /** File-name endings of the kinds, lowercase with the dot. */
  extensions: readonly string[];
  /** The file input's `accept` attribute. */
  accept: string;
  /** The kinds in the form's words, e.g. "PDF, DOC or DOCX". */
  names: string;
  maxBytes: number;
}

function rule<K extends FileKind>(kinds: readonly K[], names: string): UploadRule<K> {
  const mimes = kinds.map((k) => FILE_KINDS[k].mime);
  const extensions = kinds.flatMap((k) => FILE_KINDS[k].extensions);
  return {
    kinds,
    mimes,
    extensions,
    accept: [...extensions, ...mimes].join(","),
    names,
    maxBytes: MAX_FILES_BYTES,
  };
}

/** The uploads of each form. */
export const UPLOADS = {
  /** The contact form's attachment. */
  attachment: rule(
    ["pdf", "doc", "docx", "pptx", "xlsx", "png", "jpg"],
    "PDF, DOC, DOCX, PPTX, XLSX, PNG or JPG",
  ),
  /** A candidate's resume. */
  resume: rule(["pdf", "doc", "docx"], "PDF, DOC or DOCX"),
  /** Blog banners, editor images and profile pictures. */
  image: rule(["png", "jpg", "webp"], "PNG, JPEG or WebP"),
} as const;

/** The ending of a file name, lowercase with the dot ("" without one). */
export function fileExtension(name: string): string {
  return name.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? "";
}

/** "1.2 MB" / "340 KB": a file size for people. */
export function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
