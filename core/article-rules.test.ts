import { describe, expect, it } from "vitest";
import {
  isAcceptableCover,
  isCanonicalSlug,
  normalizeTag,
  splitTags,
  TAG_PATTERN,
  uniqueTags,
} from "./article-rules.ts";

describe("tags", () => {
  it("upper-cases ROME codes only", () => {
    expect(normalizeTag(" m1805 ")).toBe("M1805");
    expect(normalizeTag("n4101")).toBe("N4101");
    expect(normalizeTag("o1234")).toBe("o1234"); // no domaine O
    expect(normalizeTag("m18055")).toBe("m18055");
    expect(normalizeTag("Careers")).toBe("Careers");
  });

  it("accepts letters and digits of any script, with inner hyphens", () => {
    for (const tag of ["careers", "métiers", "وظائف", "仕事", "e-learning", "2024", "M1805"])
      expect(TAG_PATTERN.test(tag), tag).toBe(true);
    for (const tag of ["-lead", "two words", "a/b", "", "x".repeat(42), "tag!"])
      expect(TAG_PATTERN.test(tag), tag).toBe(false);
  });

  it("splits the editor's comma-separated field and drops repeats", () => {
    expect(splitTags(" a, b ,, m1805 ,")).toEqual(["a", "b", "m1805"]);
    expect(uniqueTags(["m1805", "a", "M1805", "a"])).toEqual(["M1805", "a"]);
  });
});

describe("isAcceptableCover", () => {
  it.each(["/covers/a.webp", "/a?b=c", "https://images.example.com/a.png", "HTTPS://example.com/a"])(
    "accepts %s",
    (address) => {
      expect(isAcceptableCover(address)).toBe(true);
    },
  );
  it.each([
    "//evil.example/a.png",
    "http://example.com/a.png",
    "javascript:alert(1)",
    "data:image/png;base64,AA",
    "covers/a.png",
    "/a b.png",
    "/\\evil",
    "https://",
    "/a\u0000",
  ])("refuses %s", (address) => {
    expect(isAcceptableCover(address)).toBe(false);
  });
  it("refuses an address longer than 2000 characters", () => {
    expect(isAcceptableCover(`/${"a".repeat(2000)}`)).toBe(false);
  });
});

describe("isCanonicalSlug", () => {
  it("accepts what slugify produces and nothing else", () => {
    for (const slug of ["hello-world", "ca-commence", "仕事の言葉", "item"])
      expect(isCanonicalSlug(slug), slug).toBe(true);
    for (const slug of ["", "Hello", "a--b", "-a", "a-", "a b", "é", "x".repeat(81)])
      expect(isCanonicalSlug(slug), slug).toBe(false);
  });
});
