import { describe, expect, it, vi } from "vitest";
import { encoded, handmadePng } from "#tests/fixtures/images.ts";
import { AppError } from "#core/errors.ts";
import { processImage, VARIANT_MAX_HEIGHT, type JobRunner } from "#server/media/pipeline.ts";

/** When set, sharp's AVIF encoder fails with this message (as libheif does on what it cannot encode). */
let avifFailure: string | null = null;

vi.mock("sharp", async (importOriginal) => {
  const actual = await importOriginal<typeof import("sharp")>();
  const real = actual.default;
  const wrapped = ((...args: Parameters<typeof real>) => {
    const image = real(...args);
    const avif = image.avif.bind(image);
    image.avif = (options) => {
      const encoder = avif(options);
      if (avifFailure !== null) {
        const message = avifFailure;
        encoder.toBuffer = (() => Promise.reject(new Error(message))) as unknown as typeof encoder.toBuffer;
      }
      return encoder;
    };
    return image;
  }) as typeof real;
  return { ...actual, default: Object.assign(wrapped, real) };
});

const limits = { maxInputPixels: 40_000_000, maxSidePixels: 16_384 };

/** Counts the jobs it is given, and runs them. */
function countingRunner(): { jobs: number; run: JobRunner } {
  const runner: { jobs: number; run: JobRunner } = {
    jobs: 0,
    run: (job) => {
      runner.jobs += 1;
      return job();
    },
  };
  return runner;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("the image pipeline", () => {
  it.each([
    [2, 19_999_999],
    [19_999_999, 2],
    [16_385, 2],
  ])("refuses %i×%i pixels from the header, before any decode, with 413 naming both", async (width, height) => {
    const bytes = await handmadePng(width, height);
    const runner = countingRunner();
    const started = performance.now();
    const error = await refusal(processImage(bytes, "shape.png", limits, runner.run));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error).toMatchObject({ kind: "too_large", code: "image_too_large", field: "file" });
    expect(error.message).toBe(`file: the image is ${width}×${height} pixels; each side may be at most 16384 pixels.`);
    expect(runner.jobs).toBe(0);
  });

  it("takes a side of exactly the limit, and a lower limit when set", async () => {
    const runner = countingRunner();
    const image = await processImage(await handmadePng(16_384, 2), "wide.png", limits, runner.run);
    expect(image).toMatchObject({ format: "png", width: 16_384, height: 2 });
    expect(runner.jobs).toBe(1);
    const error = await refusal(
      processImage(await encoded("jpeg", 1001, 10), "strip.jpg", { ...limits, maxSidePixels: 1000 }),
    );
    expect(error.message).toBe("file: the image is 1001×10 pixels; each side may be at most 1000 pixels.");
  });

  it(`keeps every variant within ${VARIANT_MAX_HEIGHT} px high: a tall image gets narrower ones`, async () => {
    const image = await processImage(await handmadePng(1000, 4000), "column.png", limits);
    expect(image).toMatchObject({ width: 1000, height: 4000 });
    expect(image.variants.map((variant) => `${variant.format} ${variant.width}×${variant.height}`)).toEqual([
      "avif 400×1600",
      "webp 400×1600",
      "avif 800×3200",
      "webp 800×3200",
      "jpeg 800×3200",
    ]);
  });

  it("a file whose header is sound and whose rows are not is a 422 naming what the decoder said", async () => {
    const error = await refusal(processImage(await handmadePng(300, 200, 7), "rotten.png", limits));
    expect(error).toMatchObject({ kind: "unprocessable", code: "damaged_image", field: "file" });
    expect(error.message).toMatch(/^file: the PNG image is truncated or damaged and cannot be read \(.+\)\.$/);
  });

  it("an encoder's failure is a 422 naming the format, the size and the reason on one line, not a 500", async () => {
    avifFailure = "heifsave: Unsupported feature:\n  encoder refused   the frame";
    try {
      const error = await refusal(processImage(await encoded("png", 500, 300), "photo.png", limits));
      expect(error).toMatchObject({ kind: "unprocessable", code: "image_not_encodable", field: "file" });
      expect(error.message).toBe(
        "file: the image could not be encoded as AVIF at 400×240 pixels (heifsave: Unsupported feature: encoder refused the frame).",
      );
      avifFailure = `x${"y".repeat(500)}`;
      expect((await refusal(processImage(await encoded("png", 500, 300), "photo.png", limits))).message).toMatch(
        /\(xy{198}…\)\.$/,
      );
    } finally {
      avifFailure = null;
    }
  });
});
