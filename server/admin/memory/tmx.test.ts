import { describe, expect, it } from "vitest";
import { FileRefused } from "#server/admin/romes/refusal.ts";
import { readTmx, TMX_END, tmxDate, tmxStart, tmxUnit } from "./tmx.ts";

describe("TMX", () => {
  it("reads back what it writes, to the character (markup, Arabic, Japanese, a carriage return)", () => {
    const variants = [
      { language: "en-US", text: 'A <b>bold</b> & "quoted" line\r\nand more' },
      { language: "ar", text: "مرحبا بالعالم" },
      { language: "ja-JP", text: "こんにちは、世界" },
    ];
    const text =
      tmxStart("en-US", "2026-01-05T10:20:30.000Z") +
      tmxUnit("a1:title", "2026-02-03T04:05:06.000Z", variants) +
      TMX_END;
    expect(readTmx(text)).toEqual({
      sourceLanguage: "en-US",
      units: [{ id: "a1:title", line: 6, variants, changedAt: "2026-02-03T04:05:06.000Z" }],
    });
  });

  it("writes TMX dates and leaves out characters XML cannot carry", () => {
    expect(tmxDate("2026-01-05T10:20:30.000Z")).toBe("20260105T102030Z");
    expect(tmxUnit("x", "2026-01-05T10:20:30.000Z", [{ language: "en", text: "bell\u0007" }])).toContain(
      "<seg>bell</seg>",
    );
  });

  it("keeps the text of <hi> and leaves out inline codes", () => {
    const text =
      '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>a <bpt i="1">&lt;b&gt;</bpt>bold<ept i="1">&lt;/b&gt;</ept> <hi>word</hi><ph>{0}</ph></seg></tuv></tu></body></tmx>';
    expect(readTmx(text).units[0]!.variants[0]!.text).toBe("a bold word");
  });

  it("refuses a DOCTYPE with an internal subset, another encoding, too deep a file", () => {
    for (const text of [
      '<!DOCTYPE tmx [<!ENTITY a "b">]><tmx version="1.4"/>',
      '<?xml version="1.0" encoding="UTF-16"?><tmx version="1.4"/>',
      `<tmx version="1.4"><body>${"<tu>".repeat(20)}${"</tu>".repeat(20)}</body></tmx>`,
    ])
      expect(() => readTmx(text)).toThrow(FileRefused);
  });
});
