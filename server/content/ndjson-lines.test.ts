/** How an import reads its file's lines (no database): any chunking, a bounded line length, linear time. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ImportError, MAX_IMPORT_LINE_BYTES, readLines } from "./ndjson-lines.ts";

const MIB = 1024 * 1024;

async function collect(chunks: AsyncIterable<Uint8Array>, maxLineBytes?: number) {
  const lines: { number: number; text: string }[] = [];
  for await (const line of readLines(chunks, maxLineBytes)) lines.push(line);
  return lines;
}

async function* from(...chunks: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield typeof chunk === "string" ? Buffer.from(chunk) : chunk;
}

/** A stream of `lines`' bytes (joined by "\n") cut at the given places, and what it yielded so far. */
function cutAt(bytes: Buffer, cuts: number[]) {
  const points = [0, ...cuts.map((cut) => cut % (bytes.length + 1)).sort((a, b) => a - b), bytes.length];
  return (async function* () {
    for (let index = 1; index < points.length; index += 1) yield bytes.subarray(points[index - 1], points[index]);
  })();
}

describe("readLines", () => {
  it("yields the same numbered lines however the bytes are cut into chunks, blank ones skipped", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom("", " ", "{}", "é", "日本語", "مرحبا", "😀", '{"a":"b\\n"}', "\r"), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (lines, cuts) => {
          const bytes = Buffer.from(lines.join("\n"));
          const expected = lines
            .map((text, index) => ({ number: index + 1, text }))
            .filter((line) => line.text.trim() !== "");
          expect(await collect(cutAt(bytes, cuts))).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuses bytes that are not UTF-8, even cut inside a character, and a NUL byte, naming the line", async () => {
    const euro = Buffer.from("€");
    expect(await collect(from("a\n", euro.subarray(0, 1), euro.subarray(1), "\n"))).toEqual([
      { number: 1, text: "a" },
      { number: 2, text: "€" },
    ]);
    await expect(collect(from("a\nb\n", Buffer.from([0x61, 0xff, 0x0a])))).rejects.toThrow(
      /^line 3: is not UTF-8 text/,
    );
    await expect(collect(from("a\n", Buffer.from([0x7b, 0x00, 0x7d])))).rejects.toThrow(
      /^line 2: contains a NUL character/,
    );
  });

  it("reads a line up to the limit, refusing one byte more, with or without a newline after it", async () => {
    expect(await collect(from("ab\n", "x".repeat(10), "\n"), 10)).toEqual([
      { number: 1, text: "ab" },
      { number: 2, text: "x".repeat(10) },
    ]);
    expect(await collect(from("x".repeat(6), "x".repeat(4)), 10)).toEqual([{ number: 1, text: "x".repeat(10) }]);
    await expect(collect(from("ab\n", `${"x".repeat(11)}\n`), 10)).rejects.toThrow(
      "line 2: is longer than 10 bytes, the longest line an import reads (one article with all its versions); is this a file without newlines?",
    );
    await expect(collect(from("ab\n\n", "x".repeat(6), "x".repeat(5)), 10)).rejects.toThrow(
      /^line 3: is longer than 10 bytes/,
    );
  });

  it(`refuses a line just over the documented limit (${MAX_IMPORT_LINE_BYTES / MIB} MiB) as soon as it has read that much, holding no more than the limit and one chunk`, async () => {
    const chunk = Buffer.alloc(MIB, "a");
    let pulled = 0;
    // Two good lines, then a line without a newline longer than the limit: what a file with no newlines looks like.
    const stream = (async function* () {
      const head = Buffer.from('{"key":"a"}\n{"key":"b"}\n');
      pulled += head.length;
      yield head;
      for (let sent = 0; sent <= MAX_IMPORT_LINE_BYTES + 4 * MIB; sent += chunk.length) {
        pulled += chunk.length;
        yield chunk;
      }
    })();
    const started = performance.now();
    const error = await collect(stream).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).line).toBe(3);
    expect((error as ImportError).message).toMatch(
      new RegExp(`^line 3: is longer than ${MAX_IMPORT_LINE_BYTES / MIB} MiB, the longest line an import reads`),
    );
    expect(pulled).toBeLessThanOrEqual(MAX_IMPORT_LINE_BYTES + 2 * MIB);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("joins a long line's chunks once: a 16 MiB line in 4 KiB chunks is read in linear time", async () => {
    const chunkBytes = 4096;
    const count = (16 * MIB) / chunkBytes;
    const stream = (async function* () {
      for (let index = 0; index < count; index += 1) yield Buffer.alloc(chunkBytes, index === 0 ? "[" : " ");
      yield Buffer.from("]\n[1]\n");
    })();
    const started = performance.now();
    const lines = await collect(stream);
    // Joined again at every chunk, as before, the pieces would be copied 32 GiB over: minutes, not milliseconds.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(lines.map((line) => [line.number, line.text.length])).toEqual([
      [1, 16 * MIB + 1],
      [2, 3],
    ]);
  });
});
