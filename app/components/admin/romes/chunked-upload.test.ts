import { describe, expect, it } from "vitest";
import { chunkRanges, importRomeFile, percentSent, UPLOAD_CHUNK_BYTES } from "./chunked-upload.ts";

describe("chunkRanges", () => {
  it("cuts 64 KiB chunks, the last one shorter", () => {
    expect(chunkRanges(101_644)).toEqual([
      { index: 0, start: 0, end: UPLOAD_CHUNK_BYTES },
      { index: 1, start: UPLOAD_CHUNK_BYTES, end: 101_644 },
    ]);
    expect(chunkRanges(2 * UPLOAD_CHUNK_BYTES).map((range) => range.end - range.start)).toEqual([
      UPLOAD_CHUNK_BYTES,
      UPLOAD_CHUNK_BYTES,
    ]);
    expect(chunkRanges(1)).toEqual([{ index: 0, start: 0, end: 1 }]);
    expect(chunkRanges(0)).toEqual([]);
  });
});

describe("percentSent", () => {
  it.each([
    [0, 200, 0],
    [1, 200, 0],
    [199, 200, 99],
    [200, 200, 100],
    [0, 0, 100],
  ])("%d of %d bytes is %d%%", (sent, size, percent) => {
    expect(percentSent(sent, size)).toBe(percent);
  });
});

describe("importRomeFile", () => {
  it("creates the upload, sends each chunk in order with progress, then applies", async () => {
    const bytes = new Uint8Array(UPLOAD_CHUNK_BYTES + 10).map((_, index) => index % 251);
    const file = Object.assign(new Blob([bytes]), { name: "rome.xml" });
    const calls: string[] = [];
    const sent: Uint8Array[] = [];
    const progress: number[] = [];
    const summary = {
      filename: "rome.xml",
      format: "xml" as const,
      added: 0,
      updated: 0,
      unchanged: 532,
      rejected: [],
    };
    const client = {
      post: async <T>(path: string, body: unknown): Promise<T> => {
        calls.push(`POST ${path} ${JSON.stringify(body)}`);
        return (path.endsWith("/apply") ? summary : { id: "abc" }) as T;
      },
    };
    const sendChunk = async (path: string, chunk: ArrayBuffer) => {
      calls.push(`PUT ${path}`);
      sent.push(new Uint8Array(chunk));
    };
    expect(await importRomeFile(file, (done) => progress.push(done), { client, sendChunk })).toEqual(summary);
    expect(calls).toEqual([
      `POST /api/admin/romes/imports {"filename":"rome.xml","size":${bytes.byteLength}}`,
      "PUT /api/admin/romes/imports/abc/chunks/0",
      "PUT /api/admin/romes/imports/abc/chunks/1",
      "POST /api/admin/romes/imports/abc/apply undefined",
    ]);
    expect(sent.map((chunk) => chunk.byteLength)).toEqual([UPLOAD_CHUNK_BYTES, 10]);
    expect(new Uint8Array([...sent[0]!, ...sent[1]!])).toEqual(bytes);
    expect(progress).toEqual([0, UPLOAD_CHUNK_BYTES, bytes.byteLength]);
  });

  it("stops at the first failing chunk and never applies", async () => {
    const file = Object.assign(new Blob([new Uint8Array(3 * UPLOAD_CHUNK_BYTES)]), { name: "rome.csv" });
    const paths: string[] = [];
    const client = { post: async <T>(path: string): Promise<T> => (paths.push(path), { id: "abc" }) as T };
    const sendChunk = async (path: string) => {
      paths.push(path);
      if (path.endsWith("/1")) throw new Error("refused");
    };
    await expect(importRomeFile(file, () => {}, { client, sendChunk })).rejects.toThrow("refused");
    expect(paths).toEqual([
      "/api/admin/romes/imports",
      "/api/admin/romes/imports/abc/chunks/0",
      "/api/admin/romes/imports/abc/chunks/1",
    ]);
  });
});
