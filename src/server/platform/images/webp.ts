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
/**
 * The memory a function has, in MB: AWS Lambda (under Netlify's functions) says it in
 * AWS_LAMBDA_FUNCTION_MEMORY_SIZE; Netlify's default is 1024.
 */
export const FUNCTION_MEMORY_MB = Number(process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE) || 1024;
/** What a function needs besides the picture: Node, its bundle, the database driver, a request. */
const RESERVED_MB = 256;
/**
 * The memory a picture takes per pixel, at its worst: the codecs' WebAssembly memories grow to
 * hold the decoded picture (4 bytes a pixel, copied out, into the resizer and back) and never
 * shrink, and each codec keeps its own, so a warm instance that has decoded a PNG, a JPEG and a
 * WebP at the cap holds about 57 bytes a pixel (measured: tests/unit/picture-memory.test.ts).
 */
const BYTES_PER_PIXEL = 64;
/**
 * The most pixels an uploaded picture may decode to, whole megapixels, from the memory a function
 * has: 12 (4000 x 3000) in 1024 MB.
 */
export const MAX_IMAGE_MEGAPIXELS = Math.floor(
  ((FUNCTION_MEMORY_MB - RESERVED_MB) * 2 ** 20) / BYTES_PER_PIXEL / 1e6,
);
export const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

/** A picture whose header claims more pixels than MAX_IMAGE_PIXELS: refused before decoding. */
export class PictureTooLarge extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`${width} x ${height} pixels is more than ${MAX_IMAGE_MEGAPIXELS} megapixels`);
  }
}

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
 * metadata (EXIF and its location). Throws PictureTooLarge over MAX_IMAGE_PIXELS, and another error
 * when the bytes cannot be read as a picture in full (the caller says so in its own words).
 */
export async function toWebp(bytes: Uint8Array): Promise<Uint8Array> {
  const { type, width, height } = readHeader(bytes);
  if (width * height > MAX_IMAGE_PIXELS) throw new PictureTooLarge(width, height);
  const codecs = await import("./codecs");
  let pixels = await codecs.decodePicture(bytes, type);
  if (pixels.width > MAX_IMAGE_WIDTH) pixels = await codecs.resizePicture(pixels, MAX_IMAGE_WIDTH);
  return codecs.encodeWebpPicture(pixels, 80);
}
