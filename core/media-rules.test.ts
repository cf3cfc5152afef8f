import { describe, expect, it } from "vitest";
import {
  altTextFor,
  imagesMissingAlt,
  mediaFormatOfName,
  mediaIdOf,
  mediaIdsUsed,
  mediaImagesIn,
  mediaMarkdown,
  srcset,
  VARIANT_FILE_PATTERN,
  variantContentType,
  variantFileName,
  type MediaRendition,
} from "./media-rules.ts";

const rendition = (id: number, alt: Record<string, string> = {}): MediaRendition => ({
  id,
  width: 800,
  height: 600,
  avif: [{ url: `/media/${id}-a-400.avif`, width: 400 }],
  webp: [{ url: `/media/${id}-a-400.webp`, width: 400 }],
  fallback: { url: `/media/${id}-a-800.jpg`, width: 800 },
  alt,
});

describe("mediaFormatOfName", () => {
  it.each([
    ["photo.jpg", "jpeg"],
    ["PHOTO.JPEG", "jpeg"],
    ["a.b.png", "png"],
    ["x.webp", "webp"],
    ["x.avif", "avif"],
    ["x.gif", "gif"],
    ["x.svg", null],
    ["x.heic", null],
    ["photo", null],
    ["jpg", null],
    ["photo.jpg.exe", null],
  ])("%s → %s", (name, format) => expect(mediaFormatOfName(name)).toBe(format));
});

describe("variant file names", () => {
  it("carry the id, 16 hex of the bytes' hash and the width, and match the served pattern", () => {
    const name = variantFileName(42, "3f9c2a1b0e4d5c6b99aa", 640, "jpeg");
    expect(name).toBe("42-3f9c2a1b0e4d5c6b-640.jpg");
    expect(VARIANT_FILE_PATTERN.test(name)).toBe(true);
    expect(variantContentType(name)).toBe("image/jpeg");
    expect(variantContentType("1-0000000000000000-400.avif")).toBe("image/avif");
  });
  it.each([
    "../1-0000000000000000-400.avif",
    "1-0000000000000000-400.svg",
    "0-0000000000000000-400.avif",
    "1-000000000000000g-400.avif",
    "1-0000000000000000-400.avif.html",
  ])("refuses %s", (name) => expect(VARIANT_FILE_PATTERN.test(name)).toBe(false));
});

describe("references", () => {
  it("reads media:ID and nothing else", () => {
    expect(mediaIdOf("media:42")).toBe(42);
    expect(mediaIdOf(" media:7 ")).toBe(7);
    for (const other of ["media:0", "media:-1", "media:4x", "/covers/a.webp", "https://x/media:4", null, undefined, ""])
      expect(mediaIdOf(other)).toBeNull();
  });
  it("finds library images in Markdown, with the alt text typed and a title allowed", () => {
    const body = `Intro ${mediaMarkdown(3)} and ![A lighthouse](media:5 "Title") ![x](/covers/a.webp) ![](<media:8>)`;
    expect(mediaImagesIn(body)).toEqual([
      { id: 3, alt: "" },
      { id: 5, alt: "A lighthouse" },
      { id: 8, alt: "" },
    ]);
  });
  it("lists the ids an article uses once, cover included", () => {
    expect(mediaIdsUsed("media:9", ["![](media:3) ![](media:9)", "![](media:3)"])).toEqual([3, 9]);
    expect(mediaIdsUsed("/covers/a.webp", [])).toEqual([]);
  });
});

describe("alt text", () => {
  it("prefers the Markdown's, then the library's in the language", () => {
    const image = rendition(1, { "en-US": "Boats", ar: "قوارب" });
    expect(altTextFor(image, "ar")).toBe("قوارب");
    expect(altTextFor(image, "ar", " Typed ")).toBe("Typed");
    expect(altTextFor(image, "fr-FR")).toBe("");
  });
  it("flags images a version shows without alt text in its language", () => {
    const media = { 1: rendition(1, { "en-US": "Boats" }), 2: rendition(2), 3: rendition(3) };
    expect(imagesMissingAlt("media:3", "![](media:1) ![](media:2) ![Typed](media:2)", "", "en-US", media)).toEqual([
      3, 2,
    ]);
    expect(imagesMissingAlt("media:3", "![](media:1)", "Cover text", "en-US", media)).toEqual([]);
    expect(imagesMissingAlt(null, "![](media:1)", "", "fr-FR", media)).toEqual([1]);
    expect(imagesMissingAlt(null, "![](media:99)", "", "fr-FR", media)).toEqual([]);
  });
  it("builds srcset from sources", () => {
    expect(
      srcset([
        { url: "/a.avif", width: 400 },
        { url: "/b.avif", width: 800 },
      ]),
    ).toBe("/a.avif 400w, /b.avif 800w");
  });
});
