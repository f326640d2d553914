/** A CSV file to download (the leads and the audit trail exports). */
import { applySecurityHeaders, NO_STORE } from "./headers";

/** The file as an attachment named `filename`, never cached. */
export function csvDownload(filename: string, csv: string): Response {
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": NO_STORE,
    }),
  );
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  return new Response(`\ufeff${csv}\r\n`, { headers });
}
