import { afterAll, describe, expect, it } from "vitest";
import { createImportPool } from "./import-pool.ts";
import { prepareImportedVersion } from "./imported-versions.ts";
import { keysOf, parseArticleLine } from "./ndjson-line.ts";

const articleLine = (index: number) =>
  JSON.stringify({
    key: `article-${index}`,
    author: "Ada",
    tags: ["news"],
    versions: {
      en: { title: `Title ${index}`, summary: `Summary ${index}`, body: `Body ${index}`, status: "published" },
      ...(index % 4 === 0 && {
        ja: { title: `題 ${index}`, summary: "要約", body: "漢字", status: "draft", slug: "kanji" },
      }),
    },
  });

const raw = (texts: string[], first = 1) =>
  texts.map((text, index) => ({ number: first + index, bytes: Buffer.from(text) }));

describe("the import pool", () => {
  const pool = createImportPool("sqlite", 2);
  afterAll(() => pool.close());

  it("prepares versions in their order, over many messages and both workers, as the main thread would", async () => {
    const jobs = Array.from({ length: 237 }, (_, index) => ({
      body: `# Heading ${index}\n\n${"word **bold** ".repeat(index * 2)}${index % 4 === 0 ? "漢字".repeat(index * 2) : ""}`,
      language: index % 2 === 0 ? "en-US" : "ja-JP",
      title: `Title ${index}`,
      summary: `Summary ${index}`,
    }));
    const prepared = await pool.prepare(jobs);
    expect(prepared).toEqual(jobs.map((job) => prepareImportedVersion(job, "sqlite")));
    expect(new Set(prepared.map((version) => version.minutes)).size).toBeGreaterThan(3);
    expect(new Set(prepared.map((version) => version.fingerprint)).size).toBe(jobs.length);
    expect(await pool.prepare([])).toEqual([]);
  });

  it("checks lines on both workers as the main thread would, answering each line's keys and slugs in order", async () => {
    const texts = Array.from({ length: 37 }, (_, index) => articleLine(index));
    const answers = await Promise.all(
      [0, 16, 32].map((start) => pool.check(raw(texts.slice(start, start + 16), start + 1))),
    );
    expect(answers.flatMap((answer) => answer.lines)).toEqual(
      texts.map((text, index) => keysOf(parseArticleLine(index + 1, text))),
    );
    expect(answers.every((answer) => answer.error === undefined)).toBe(true);
    expect(answers[0]!.lines[0]).toEqual({
      line: 1,
      key: "article-0",
      slugs: [
        ["en", "title-0"],
        ["ja", "kanji"],
      ],
    });
  });

  it("skips blank lines and stops at the first bad one, naming it, with the good lines before it", async () => {
    const answer = await pool.check(raw([articleLine(1), " ", "{not json", articleLine(2)], 10));
    expect(answer.lines.map((line) => line.line)).toEqual([10]);
    expect(answer.error).toEqual({ line: 12, message: expect.stringMatching(/^line 12: is not valid JSON/) });
    expect(await pool.check([{ number: 3, bytes: Buffer.from([0x7b, 0xff, 0x7d]) }])).toEqual({
      lines: [],
      error: { line: 3, message: "line 3: is not UTF-8 text (is this a binary file?)" },
    });
    expect(await pool.check([])).toEqual({ lines: [] });
  });
});
