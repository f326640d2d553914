/**
 * Re-encoding of uploaded pictures, in WebAssembly (./codecs.ts): no libvips in any function.
 * The header is read first (image-size), so a picture that claims more pixels than allowed is
 * refused before anything is decoded.
 */
import { JPG } from "image-size/types/jpg";
import { PNG } from "image-size/types/png";
import { WEBP } from "image-size/types/webp";
import type { PictureType } from "./codecs";

/** The widest an uploaded picture is kept. */
export const MAX_IMAGE_WIDTH = 1600;
/** The most pixels an uploaded picture may decode to. */
export const MAX_IMAGE_PIXELS = 40_000_000;

const HEADERS: [PictureType, typeof JPG][] = [
  ["jpg", JPG],
  ["png", PNG],
  ["webp", WEBP],
];

/** The picture's type and size, from its header; throws when it is none of JPEG, PNG or WebP. */
export function readHeader(bytes: Uint8Array): { type: PictureType; width: number; height: number } {
  for (const [type, reader] of HEADERS) {
    if (!reader.validate(bytes)) continue;
    const { width, height } = reader.calculate(bytes);
    if (!(width > 0 && height > 0)) break;
    return { type, width, height };
  }
  throw new Error("not a JPEG, PNG or WebP picture");
}

/**
 * Re-encodes a picture as WebP, turned upright and at most MAX_IMAGE_WIDTH wide, which drops its
 * metadata (EXIF and its location). Throws when the bytes cannot be read as a picture in full
 * (the caller says so in its own words).
 */
export async function toWebp(bytes: Uint8Array): Promise<Uint8Array> {
  const { type, width, height } = readHeader(bytes);
  if (width * height > MAX_IMAGE_PIXELS) throw new Error(`${width} x ${height} pixels is too many`);
  const codecs = await import("./codecs");
  let pixels = await codecs.decodePicture(bytes, type);
  if (pixels.width > MAX_IMAGE_WIDTH) pixels = await codecs.resizePicture(pixels, MAX_IMAGE_WIDTH);
  return codecs.encodeWebpPicture(pixels, 80);
}
