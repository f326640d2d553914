/**
 * The size limits of every upload, defined once for the server and the forms.
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
