/** The sample files of tests/helpers/office-files.ts are what their kind says, judged by bytes. */
import { fileTypeFromBuffer } from "file-type";
import { describe, expect, it } from "vitest";
import { FILE_KINDS, type FileKind } from "../../src/shared/common/upload-limits";
import { sampleFile } from "../helpers/office-files";

const DETECTED: Record<FileKind, string> = {
  pdf: "pdf",
  doc: "cfb",
  docx: "docx",
  pptx: "pptx",
  xlsx: "xlsx",
  png: "png",
  jpg: "jpg",
  webp: "webp",
};

describe.each(Object.keys(FILE_KINDS) as FileKind[])("a sample %s", (kind) => {
  it("is detected as that kind", async () => {
    const { bytes } = await sampleFile(kind);
    expect((await fileTypeFromBuffer(bytes))?.ext).toBe(DETECTED[kind]);
  });
});
