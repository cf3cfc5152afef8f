import { describe, expect, it } from "vitest";
import { MAX_IMPORT_BYTES, parseRomeFile } from "./parse.ts";
import { inChunks, officialCsv, officialXml, utf8 } from "./test-support.ts";

const NOT_TEXT = { ok: false, message: "The file is not UTF-8 text (XML or CSV)." };
const NO_CODES = { ok: false, message: "The file contains no ROME codes." };
const UPLOAD_CHUNK = 64 * 1024;

describe("parseRomeFile input handling", () => {
  describe.each([
    ["XML", officialXml],
    ["CSV", officialCsv],
  ])("the official %s", (_, officialFile) => {
    it("gives the same result in 64 KiB chunks, odd chunks and single bytes", async () => {
      const bytes = officialFile();
      const whole = await parseRomeFile(bytes);
      expect(whole.ok).toBe(true);
      expect(await parseRomeFile(inChunks(bytes, [UPLOAD_CHUNK]))).toEqual(whole);
      expect(await parseRomeFile(inChunks(bytes, [7, 1, 13, 2, 3]))).toEqual(whole);
      expect(await parseRomeFile(inChunks(bytes, [1]))).toEqual(whole);
    });
  });

  it("decodes a multi-byte character split across chunks", async () => {
    const bytes = utf8("code,libelle\nA1201,Bûcheronnage\n");
    const splitAt = bytes.indexOf(0xc3) + 1; // inside "û" (C3 BB)
    const result = await parseRomeFile(inChunks(bytes, [splitAt, 1, 100]));
    expect(result).toMatchObject({ ok: true, rows: [{ code: "A1201", label: "Bûcheronnage" }] });
  });

  it("accepts a UTF-8 byte-order mark before XML and CSV", async () => {
    const bom = "\uFEFF";
    expect(await parseRomeFile(utf8(`${bom}code,libelle\nA1101,x\n`))).toMatchObject({ ok: true, format: "csv" });
    const xml = `${bom}<?xml version="1.0"?><ogr><item_referentiel_code_rome><code_rome>A1101</code_rome><libelle>x</libelle></item_referentiel_code_rome></ogr>`;
    expect(await parseRomeFile(utf8(xml))).toMatchObject({ ok: true, format: "xml" });
  });

  it.each([
    [
      "a PNG image",
      Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52),
    ],
    ["text with NUL bytes", utf8("code,libelle\nA1101,Conduite\0\0\0\n")],
    ["UTF-16 text", Uint8Array.of(0xff, 0xfe, 0x63, 0x00, 0x6f, 0x00, 0x64, 0x00, 0x65, 0x00)],
    ["Latin-1 text", Uint8Array.from([...utf8("code,libelle\nA1201,B"), 0xfb, ...utf8("cheronnage\n")])],
    ["an overlong UTF-8 sequence", Uint8Array.of(0x3c, 0xc0, 0xaf)],
    ["a multi-byte character cut at the end", utf8("code,libelle\nA1201,Bû").subarray(0, -1)],
  ])("refuses %s", async (_, bytes) => {
    expect(await parseRomeFile(bytes)).toEqual(NOT_TEXT);
    expect(await parseRomeFile(inChunks(bytes, [1]))).toEqual(NOT_TEXT);
  });

  it("refuses a file over the size limit, naming the limit", async () => {
    const bytes = utf8(`code,libelle\n${"A1101,x\n".repeat(20)}`);
    expect(await parseRomeFile(bytes, { maxBytes: 100 })).toEqual({
      ok: false,
      message: "The file is larger than 100 bytes.",
    });
    expect(await parseRomeFile(bytes, { maxBytes: bytes.byteLength })).toMatchObject({ ok: true });
    const overDefault = new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x20);
    expect(await parseRomeFile(overDefault)).toEqual({ ok: false, message: "The file is larger than 5 MiB." });
    expect(await parseRomeFile(overDefault.subarray(1), { maxBytes: 1024 })).toEqual({
      ok: false,
      message: "The file is larger than 1 KiB.",
    });
  });

  it("stops reading an endless upload at the limit and closes it", async () => {
    let closed = false;
    async function* endless(): AsyncGenerator<Uint8Array> {
      try {
        yield utf8("code,libelle\n");
        for (;;) yield utf8("A1101,x\n");
      } finally {
        closed = true;
      }
    }
    expect(await parseRomeFile(endless(), { maxBytes: 64 * 1024 })).toEqual({
      ok: false,
      message: "The file is larger than 64 KiB.",
    });
    expect(closed).toBe(true);
  });

  it("closes the upload when the file is refused before its end", async () => {
    let closed = false;
    async function* upload(): AsyncGenerator<Uint8Array> {
      try {
        yield utf8('<!DOCTYPE ogr SYSTEM "x.dtd"><ogr>');
        yield utf8("<item_referentiel_code_rome/></ogr>");
      } finally {
        closed = true;
      }
    }
    expect(await parseRomeFile(upload())).toMatchObject({ ok: false });
    expect(closed).toBe(true);
  });

  it("lets an upload failure through rather than blaming the file", async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield utf8("code,libelle\n");
      throw new Error("connection reset");
    }
    await expect(parseRomeFile(failing())).rejects.toThrow("connection reset");
  });

  it.each([
    ["an empty file", new Uint8Array()],
    ["a blank file", utf8(" \r\n\t\n")],
    ["a file with only a byte-order mark", utf8("\uFEFF")],
  ])("refuses %s as containing no codes", async (_, bytes) => {
    expect(await parseRomeFile(bytes)).toEqual(NO_CODES);
    expect(await parseRomeFile(inChunks(bytes, [1]))).toEqual(NO_CODES);
  });
});
