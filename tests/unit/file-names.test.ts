/**
 * Attachment names are shown to staff: a name must not display as something it is not. With a
 * right-to-left override, "invoice\u202Efdp.exe.PDF" displays as "invoiceFDP.exe.pdf"; without
 * the bidirectional controls it shows what it is, an .exe.PDF.
 */
import { describe, expect, it } from "vitest";
import { checkUpload, cleanFileName } from "../../src/server/common/files";

const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

describe("file names strip bidirectional controls", () => {
  it.each([
    ["invoice\u202Efdp.exe.PDF", "invoicefdp.exe.PDF"],
    ["cv\u202Dfdp.exe", "cvfdp.exe"],
    ["a\u202Ab\u202Bc\u202Cd.pdf", "abcd.pdf"],
    ["\u2066x\u2067y\u2068z\u2069.pdf", "xyz.pdf"],
    ["\u200Fright\u200Eleft\u061C.pdf", "rightleft.pdf"],
    ["\u202E", "file"],
    ["résumé 2026 (final).pdf", "résumé 2026 (final).pdf"],
    ["عربي.pdf", "عربي.pdf"],
  ])("%j -> %j", (name, shown) => {
    expect(cleanFileName(name)).toBe(shown);
  });

  it("an uploaded attachment keeps no override in the name staff see", async () => {
    const file = new File([PDF], "invoice\u202Efdp.exe.PDF", { type: "application/pdf" });
    const checked = await checkUpload(file, { field: "f", label: "File", kinds: ["pdf"] });
    expect(checked?.name).toBe("invoicefdp.exe.PDF");
    expect(checked?.name).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });
});
