/**
 * Media benchmarks (never timed unit tests):
 *  1. the upload pipeline on a 24-megapixel JPEG (6000×4000, camera-like noise,
 *     with EXIF GPS): wall time and peak memory of one upload, each run in a
 *     fresh process so the peak is that upload's alone;
 *  2. the library's keyset pages and search with 10 000 images in SQLite.
 * Usage: npm run bench:media   (MEDIA_BENCH_RUNS, default 3)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listMedia } from "#server/admin/media/service.ts";
import { openDatabase } from "#server/db/connect.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { processImage } from "#server/media/pipeline.ts";
import { jpegWithGps } from "#tests/fixtures/images.ts";

const RUNS = Number(process.env.MEDIA_BENCH_RUNS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (process.argv[2] === "--one") {
  // Child: one upload of the file named in argv[3].
  const bytes = readFileSync(process.argv[3]!);
  const before = process.resourceUsage().maxRSS;
  const started = performance.now();
  const image = await processImage(bytes, "photo.jpg", { maxInputPixels: 40_000_000, maxSidePixels: 16_384 });
  const ms = performance.now() - started;
  const stored = image.variants.reduce((total, variant) => total + variant.bytes.byteLength, 0);
  console.log(
    JSON.stringify({
      ms,
      peakMb: process.resourceUsage().maxRSS / 1024,
      addedMb: (process.resourceUsage().maxRSS - before) / 1024,
      variants: image.variants.length,
      storedKb: stored / 1024,
    }),
  );
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), "media-bench-"));
try {
  const file = join(dir, "photo.jpg");
  const photo = await jpegWithGps(6000, 4000);
  writeFileSync(file, photo);
  console.log(`24-megapixel JPEG: ${(photo.byteLength / 1024 / 1024).toFixed(1)} MB`);
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const output = execFileSync(process.execPath, [new URL(import.meta.url).pathname, "--one", file], {
      encoding: "utf8",
    });
    runs.push(
      JSON.parse(output) as { ms: number; peakMb: number; addedMb: number; variants: number; storedKb: number },
    );
    console.log(`  run ${run + 1}: ${JSON.stringify(runs.at(-1))}`);
  }
  console.log(
    `pipeline: median ${Math.round(median(runs.map((run) => run.ms)))} ms, peak RSS ${Math.round(median(runs.map((run) => run.peakMb)))} MB (+${Math.round(median(runs.map((run) => run.addedMb)))} MB over the idle process), ${runs[0]!.variants} variants, ${Math.round(runs[0]!.storedKb)} KB stored`,
  );

  const handle = openDatabase({ kind: "sqlite", path: join(dir, "site.db") });
  await migrateToLatest(handle);
  const now = new Date().toISOString();
  const tiny = Buffer.alloc(2_000, 7);
  for (let batch = 0; batch < 100; batch += 1) {
    await handle.db.transaction().execute(async (trx) => {
      for (let index = 0; index < 100; index += 1) {
        const n = batch * 100 + index;
        const { id } = await trx
          .insertInto("media")
          .values({
            file_name: `photo-${n}.jpg`,
            source_sha256: `sha-${n}`,
            format: "jpeg",
            width: 1600,
            height: 1000,
            source_bytes: 500_000,
            search_text: `photo-${n}.jpg boats ${n % 50 === 0 ? "lighthouse" : "harbour"}`,
            uploaded_by: null,
            created_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        for (const [format, width] of [
          ["avif", 400],
          ["webp", 400],
          ["jpeg", 1200],
        ] as const) {
          await trx
            .insertInto("media_variants")
            .values({
              file: `${id}-${"0".repeat(16)}-${width}.${format}`,
              media_id: id,
              format,
              width,
              height: 250,
              size: tiny.byteLength,
              bytes: tiny,
            })
            .execute();
        }
      }
    });
  }
  const time = async (label: string, query: Parameters<typeof listMedia>[1]) => {
    const samples: number[] = [];
    for (let run = 0; run < 20; run += 1) {
      const started = performance.now();
      await listMedia({ database: handle }, query);
      samples.push(performance.now() - started);
    }
    console.log(`10 000 images, ${label}: median ${median(samples).toFixed(1)} ms`);
  };
  await time("first page (24)", { q: "", limit: 24 });
  await time("page after id 200 (deep keyset page)", { q: "", limit: 24, before: 200 });
  await time("search “lighthouse” (200 matches)", { q: "lighthouse", limit: 24 });
  await time("search with no match (scans every row)", { q: "zebra", limit: 24 });
  await handle.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
