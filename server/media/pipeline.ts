/**
 * The image pipeline: checks what an upload really is (by content, never by
 * name) and what shape and size its header declares, then with sharp
 * auto-orients it, drops every piece of metadata (EXIF GPS included: sharp
 * writes none unless asked) and encodes the responsive variants — AVIF and
 * WebP at a few widths plus one JPEG (PNG when transparent) fallback. Each
 * variant's public name carries a hash of its bytes, so a URL never changes
 * while the bytes do not.
 *
 * The header checks cost a millisecond or two whatever the file declares; the
 * decode and the encodes are one job, run when the caller's queue gives the
 * turn (upload-gate.ts). Whatever sharp fails on in a user's file is a 422
 * naming the reason, never a 500.
 */
import { createHash } from "node:crypto";
import type { Metadata, OutputInfo, Sharp } from "sharp";
import { invalid, tooLarge, unprocessable, unsupportedMedia } from "#core/errors.ts";
import { MEDIA_FORMATS, mediaFormatOfName, type MediaFormat, type VariantFormat } from "#core/media-rules.ts";

/** Widths of the responsive variants; an image narrower than one gets its own width as the largest. */
export const VARIANT_WIDTHS = [400, 800, 1200, 1600] as const;
/**
 * No variant is higher than this: an image taller than 1:2 gets variants narrower than 1 600 px. Encoding
 * costs time and memory by the variant's pixels; a 2441×16384 upload's 1600×10739 AVIF took 42 s and 700 MB,
 * against 4.5 s and 155 MB at 1600×1067 (issue 41 item 2). 1600×3200 keeps every photo shape (9:16 is
 * 1600×2844) and stays under the 16 383 px that WebP and AVIF can hold.
 */
export const VARIANT_MAX_HEIGHT = 3200;
/** The fallback for browsers without AVIF or WebP: one size, good enough for an article column. */
export const FALLBACK_WIDTH = 1200;

export interface EncodedVariant {
  format: VariantFormat;
  width: number;
  height: number;
  bytes: Buffer;
  /** Hex SHA-256 of `bytes`. */
  sha256: string;
}

export interface ProcessedImage {
  format: MediaFormat;
  /** After auto-orientation. */
  width: number;
  height: number;
  sourceSha256: string;
  variants: EncodedVariant[];
}

export interface PipelineLimits {
  maxInputPixels: number;
  /** Longest side, in pixels (MEDIA_MAX_SIDE_PX). */
  maxSidePixels: number;
}

/** Runs the decode and encodes of one upload: at once, or when the upload queue gives the turn. */
export type JobRunner = <T>(job: () => Promise<T>) => Promise<T>;
const atOnce: JobRunner = (job) => job();

const ACCEPTED = "JPEG, PNG, WebP, AVIF or GIF";

type SharpFactory = typeof import("sharp").default;
let sharpLoading: Promise<SharpFactory> | undefined;

/**
 * sharp, loaded at the first image rather than with the server: libvips costs a process about 20 MB
 * it needs only for uploads. Its operation cache is off: each upload is decoded once, and the cache
 * held up to 50 MB of pixels afterwards (decision 141).
 */
export function loadSharp(): Promise<SharpFactory> {
  sharpLoading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoading;
}

/** sharp names AVIF "heif" (with AV1 compression); HEIC is HEIF with HEVC, which browsers cannot show. */
function mediaFormatOf(metadata: Metadata): MediaFormat | null {
  if (metadata.format === "heif") return metadata.compression === "av1" ? "avif" : null;
  return (MEDIA_FORMATS as readonly string[]).includes(metadata.format) ? (metadata.format as MediaFormat) : null;
}

function describeFormat(metadata: Metadata): string {
  if (metadata.format === "heif") return metadata.compression === "hevc" ? "HEIC" : "HEIF";
  return metadata.format.toUpperCase();
}

async function readMetadata(sharp: SharpFactory, bytes: Buffer): Promise<Metadata> {
  try {
    // Headers only, nothing decoded yet: the pixel limit is checked on what they declare, with a clearer message than sharp's.
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedMedia("unsupported_media_type", `file: this is not an image we accept (${ACCEPTED}).`, "file");
  }
}

/** What sharp said, on one line and short: for the admin who uploaded the file, not a stack. */
export function reasonOf(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text || "no reason given";
}

/** Bytes hashed between two turns of the event loop: a few milliseconds on a busy core. */
const HASH_SLICE_BYTES = 128 * 1024;

/**
 * Hex SHA-256, a slice at a time, letting the event loop answer between slices: a 20 MB file took 280–400 ms
 * of hashing on the busy 2-core machine, in one block. (WebCrypto's digest would hash on libuv's pool, but
 * copies the input first.)
 */
async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const hash = createHash("sha256");
  for (let start = 0; start < bytes.byteLength; start += HASH_SLICE_BYTES) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    hash.update(bytes.subarray(start, start + HASH_SLICE_BYTES));
  }
  return hash.digest("hex");
}

/** The widths to encode for an image `width` pixels wide, smallest first. */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, VARIANT_WIDTHS.at(-1)!);
  return [...VARIANT_WIDTHS.filter((candidate) => candidate < largest), largest];
}

function encoder(format: VariantFormat): (image: Sharp) => Sharp {
  switch (format) {
    // Effort trades encoding time for bytes; these keep a 24-megapixel upload within seconds on one core.
    case "avif":
      return (image) => image.avif({ quality: 55, effort: 2 });
    case "webp":
      return (image) => image.webp({ quality: 78, effort: 3 });
    case "jpeg":
      return (image) => image.jpeg({ quality: 80, mozjpeg: true, progressive: true });
    case "png":
      return (image) => image.png({ compressionLevel: 9, palette: true });
  }
}

/**
 * Checks and encodes one upload. Every refusal is an AppError (core/errors.ts, a 4xx at the edge) naming the problem; nothing is stored
 * before this returns. The header checks run at once; the decode and the encodes through `runJob`.
 */
export async function processImage(
  bytes: Buffer,
  fileName: string,
  limits: PipelineLimits,
  runJob: JobRunner = atOnce,
): Promise<ProcessedImage> {
  if (bytes.byteLength === 0) throw invalid("empty_file", "file: the file is empty.", "file");
  const sharp = await loadSharp();
  const metadata = await readMetadata(sharp, bytes);
  if (metadata.format === "svg") {
    throw unsupportedMedia(
      "unsupported_media_type",
      `file: SVG images are not accepted (they can carry scripts); upload ${ACCEPTED}.`,
      "file",
    );
  }
  const format = mediaFormatOf(metadata);
  if (!format)
    throw unsupportedMedia(
      "unsupported_media_type",
      `file: ${describeFormat(metadata)} images are not accepted; upload ${ACCEPTED}.`,
      "file",
    );
  const named = mediaFormatOfName(fileName);
  if (named === null) {
    throw invalid(
      "invalid_file_name",
      `name: "${fileName}" must end in .jpg, .jpeg, .png, .webp, .avif or .gif.`,
      "name",
    );
  }
  if (named !== format) {
    throw unsupportedMedia(
      "format_mismatch",
      `file: "${fileName}" is named as ${named.toUpperCase()} but its content is ${format.toUpperCase()}.`,
      "file",
    );
  }
  // Both from the header, before anything is decoded: a 58 KB PNG can declare 2×19999999 pixels.
  if (Math.max(metadata.width, metadata.height) > limits.maxSidePixels) {
    throw tooLarge(
      "image_too_large",
      `file: the image is ${metadata.width}×${metadata.height} pixels; each side may be at most ${limits.maxSidePixels} pixels.`,
      "file",
    );
  }
  const pixels = metadata.width * metadata.height;
  if (pixels > limits.maxInputPixels) {
    throw tooLarge(
      "image_too_large",
      `file: the image is ${metadata.width}×${metadata.height} (${(pixels / 1e6).toFixed(1)} megapixels); at most ${limits.maxInputPixels / 1e6} megapixels are accepted.`,
      "file",
    );
  }
  return runJob(() => encodeVariants(sharp, bytes, metadata, format, limits));
}

async function encodeVariants(
  sharp: SharpFactory,
  bytes: Buffer,
  metadata: Metadata,
  format: MediaFormat,
  limits: PipelineLimits,
): Promise<ProcessedImage> {
  // Decode once, oriented and within the largest variant; every variant is encoded from these pixels.
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(bytes, { limitInputPixels: limits.maxInputPixels, failOn: "warning" })
      .autoOrient()
      .resize({ width: VARIANT_WIDTHS.at(-1), height: VARIANT_MAX_HEIGHT, fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw unprocessable(
      "damaged_image",
      `file: the ${format.toUpperCase()} image is truncated or damaged and cannot be read (${reasonOf(error)}).`,
      "file",
    );
  }
  const { width, height } = metadata.autoOrient;
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const pixelsOf = () => sharp(base.data, { raw });
  const heightAt = (targetWidth: number) => Math.max(1, Math.round((raw.height * targetWidth) / raw.width));

  const encode = async (variantFormat: VariantFormat, targetWidth: number): Promise<EncodedVariant> => {
    const image = targetWidth === raw.width ? pixelsOf() : pixelsOf().resize({ width: targetWidth });
    let encoded: { data: Buffer; info: OutputInfo };
    try {
      encoded = await encoder(variantFormat)(image).toBuffer({ resolveWithObject: true });
    } catch (error) {
      throw unprocessable(
        "image_not_encodable",
        `file: the image could not be encoded as ${variantFormat.toUpperCase()} at ${targetWidth}×${heightAt(targetWidth)} pixels (${reasonOf(error)}).`,
        "file",
      );
    }
    return {
      format: variantFormat,
      width: encoded.info.width,
      height: encoded.info.height ?? heightAt(targetWidth),
      bytes: encoded.data,
      sha256: await sha256Hex(encoded.data),
    };
  };

  const variants: EncodedVariant[] = [];
  for (const targetWidth of variantWidths(raw.width)) {
    variants.push(await encode("avif", targetWidth), await encode("webp", targetWidth));
  }
  variants.push(await encode(metadata.hasAlpha ? "png" : "jpeg", Math.min(raw.width, FALLBACK_WIDTH)));

  return { format, width, height, sourceSha256: await sha256Hex(bytes), variants };
}
