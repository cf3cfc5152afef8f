import { describe, expect, it } from "vitest";
import { escapeHtml, scriptJson } from "./html.ts";

describe("escapeHtml", () => {
  it("escapes the characters that could open a tag or leave an attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;",
    );
  });
});

describe("scriptJson", () => {
  it("cannot close the script element or start an HTML comment, and still parses to the same value", () => {
    const value = { message: "</script><script>alert(1)</script> <!-- & \u2028\u2029" };
    const json = scriptJson(value);
    expect(json).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
