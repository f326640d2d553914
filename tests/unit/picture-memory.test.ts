/**
 * The largest picture an upload may hold decodes within the memory of a function (1024 MB by
 * default): re-encoded in a child process, as a warm instance would take a PNG, a progressive
 * JPEG and a WebP one after another, whose peak resident memory is measured. (A heap limit such
 * as --max-old-space-size does not bound the codecs' WebAssembly memory: the process's is.)
 */
import { describe, expect, it } from "vitest";
import {
  FUNCTION_MEMORY_MB,
  MAX_IMAGE_MEGAPIXELS,
  MAX_IMAGE_PIXELS,
  PictureTooLarge,
  toWebp,
} from "../../src/server/platform/images/webp";
import { largestShapes, reencodeLargest } from "../../bench/pictures";
import sharp from "sharp";

describe("pictures fit the memory of a function", () => {
  it("sets the pixel cap from the memory a function has", () => {
    expect(FUNCTION_MEMORY_MB).toBe(1024);
    expect(MAX_IMAGE_MEGAPIXELS).toBe(12);
    expect(MAX_IMAGE_PIXELS).toBe(12_000_000);
  });

  it("refuses a picture one row over the cap before decoding it", async () => {
    const png = await sharp({
      create: { width: 4000, height: MAX_IMAGE_PIXELS / 4000 + 1, channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer();
    await expect(toWebp(png)).rejects.toBeInstanceOf(PictureTooLarge);
  });

  it.each(largestShapes())(
    "decodes the largest accepted pictures ($width x $height) within 1024 MB",
    async (shape) => {
      const run = await reencodeLargest(shape);
      expect(run.times).toHaveLength(3);
      expect(run.peakMb).toBeLessThan(FUNCTION_MEMORY_MB);
    },
    120_000,
  );
});
