/**
 * Small real files of every kind the site accepts, made here so the tests need no fixtures:
 * PDF, PNG, JPG and WebP (sharp draws the images), DOCX, PPTX and XLSX (minimal Office Open XML
 * packages in a ZIP written here) and DOC (a Compound File Binary container with a WordDocument
 * stream, the container Word 97-2003 files use).
 */
import { crc32 } from "node:zlib";
import sharp from "sharp";
import type { FileKind } from "../../src/shared/common/upload-limits";

const enc = new TextEncoder();

/** A ZIP archive with stored (uncompressed) entries. */
export function zip(files: Record<string, string>): Uint8Array {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(enc.encode(text));
    const nameBytes = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4); // version needed
    head.writeUInt16LE(0, 6); // flags
    head.writeUInt16LE(0, 8); // stored
    head.writeUInt32LE(0, 10); // time, date
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(data.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    head.writeUInt16LE(0, 28);
    local.push(head, nameBytes, data);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBytes.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, nameBytes);
    offset += head.length + nameBytes.length + data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...local, dirBytes, end]));
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument";

function ooxml(mainPart: string, contentType: string, main: string, extra: Record<string, string> = {}) {
  return zip({
    "[Content_Types].xml": `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${mainPart}" ContentType="${contentType}"/></Types>`,
    "_rels/.rels": `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}" Target="${mainPart}"/></Relationships>`,
    [mainPart]: main,
    ...extra,
  });
}

export const docx = () =>
  ooxml(
    "word/document.xml",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
    `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Resume of Asha Raman</w:t></w:r></w:p></w:body></w:document>`,
  );

export const xlsx = () =>
  ooxml(
    "xl/workbook.xml",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
    `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Budget" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    {
      "xl/_rels/workbook.xml.rels": `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      "xl/worksheets/sheet1.xml": `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Budget</t></is></c></row></sheetData></worksheet>`,
    },
  );

export const pptx = () =>
  ooxml(
    "ppt/presentation.xml",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
    `${XML}<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
  );

/** A Compound File Binary (version 3) with a root entry and an empty WordDocument stream. */
export function doc(): Uint8Array {
  const FREE = 0xffffffff;
  const END = 0xfffffffe;
  const FATSECT = 0xfffffffd;
  const out = Buffer.alloc(512 * 3, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(out, 0);
  out.writeUInt16LE(0x003e, 24); // minor version
  out.writeUInt16LE(3, 26); // major version
  out.writeUInt16LE(0xfffe, 28); // byte order
  out.writeUInt16LE(9, 30); // 512-byte sectors
  out.writeUInt16LE(6, 32); // 64-byte mini sectors
  out.writeUInt32LE(1, 44); // FAT sectors
  out.writeUInt32LE(1, 48); // first directory sector
  out.writeUInt32LE(4096, 56); // mini stream cutoff
  out.writeUInt32LE(END, 60); // first mini FAT sector
  out.writeUInt32LE(END, 68); // first DIFAT sector
  out.writeUInt32LE(0, 76); // DIFAT[0]: the FAT is sector 0
  for (let i = 1; i < 109; i++) out.writeUInt32LE(FREE, 76 + i * 4);
  const fat = 512; // sector 0
  out.writeUInt32LE(FATSECT, fat);
  out.writeUInt32LE(END, fat + 4);
  for (let i = 2; i < 128; i++) out.writeUInt32LE(FREE, fat + i * 4);
  const dir = 1024; // sector 1: four 128-byte entries
  const entry = (i: number, name: string, type: number, child: number) => {
    const at = dir + i * 128;
    const n = Buffer.from(`${name}\0`, "utf16le");
    n.copy(out, at);
    out.writeUInt16LE(n.length, at + 64);
    out.writeUInt8(type, at + 66);
    out.writeUInt8(1, at + 67); // black
    out.writeUInt32LE(FREE, at + 68); // left sibling
    out.writeUInt32LE(FREE, at + 72); // right sibling
    out.writeUInt32LE(child, at + 76);
    out.writeUInt32LE(END, at + 116); // start sector
  };
  entry(0, "Root Entry", 5, 1);
  entry(1, "WordDocument", 2, FREE);
  for (const i of [2, 3]) {
    out.writeUInt32LE(FREE, dir + i * 128 + 68);
    out.writeUInt32LE(FREE, dir + i * 128 + 72);
    out.writeUInt32LE(FREE, dir + i * 128 + 76);
  }
  return new Uint8Array(out);
}

export const pdf = () =>
  enc.encode(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );

async function image(format: "png" | "jpeg" | "webp"): Promise<Uint8Array> {
  const img = sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 20, g: 90, b: 200 } } });
  return new Uint8Array(await img.toFormat(format).toBuffer());
}

/** One small real file of each kind, with a usual file name. */
export async function sampleFile(kind: FileKind): Promise<{ bytes: Uint8Array; name: string }> {
  switch (kind) {
    case "pdf":
      return { bytes: pdf(), name: "brief.pdf" };
    case "doc":
      return { bytes: doc(), name: "brief.doc" };
    case "docx":
      return { bytes: docx(), name: "brief.docx" };
    case "pptx":
      return { bytes: pptx(), name: "deck.pptx" };
    case "xlsx":
      return { bytes: xlsx(), name: "budget.xlsx" };
    case "png":
      return { bytes: await image("png"), name: "photo.png" };
    case "jpg":
      return { bytes: await image("jpeg"), name: "photo.jpg" };
    case "webp":
      return { bytes: await image("webp"), name: "photo.webp" };
  }
}
