import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSafeReturnTo, MAX_RETURN_TO_LENGTH } from "./return-to.ts";

describe("isSafeReturnTo", () => {
  it.each(["/", "/en/welcome", "/fr/m%C3%A9tiers?page=2", "/ar/مقالات", "/admin#top", "/a//b"])(
    "accepts the site path %s",
    (path) => {
      expect(isSafeReturnTo(path)).toBe(true);
    },
  );

  it.each([
    ["", "empty"],
    ["en/welcome", "relative"],
    ["//evil.example/", "protocol-relative"],
    ["/\\evil.example", "backslash read as a slash"],
    ["/\tevil", "tab"],
    ["/\n/evil.example", "newline"],
    ["https://evil.example/", "absolute URL"],
    ["javascript:alert(1)", "script URL"],
    ["/" + "a".repeat(MAX_RETURN_TO_LENGTH), "too long"],
  ])("refuses %j (%s)", (value) => {
    expect(isSafeReturnTo(value)).toBe(false);
  });

  it("never accepts anything that resolves to another origin", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (value) => {
        if (!isSafeReturnTo(value)) return;
        expect(new URL(value, "https://press.example").origin).toBe("https://press.example");
      }),
      { numRuns: 2000 },
    );
  });
});
