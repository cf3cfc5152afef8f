import { describe, expect, it } from "vitest";
import { readingMinutes, renderMarkdown } from "./markdown.ts";

describe("renderMarkdown", () => {
  it("renders ordinary Markdown", () => {
    expect(renderMarkdown("# Title\n\nSome *text* and [a link](/en/articles).")).toBe(
      '<h1>Title</h1>\n<p>Some <em>text</em> and <a href="/en/articles">a link</a>.</p>\n',
    );
  });

  it("escapes raw HTML instead of rendering it", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("&lt;img src=x onerror=");
  });

  it.each(["javascript:alert(1)", "JAVASCRIPT:alert(1)", "vbscript:msgbox(1)", "data:text/html;base64,PHNjcmlwdD4="])(
    "refuses a %s link",
    (url) => {
      const html = renderMarkdown(`[x](${url}) ![y](${url})`);
      expect(html).not.toMatch(/href=|src=/);
    },
  );

  it("keeps external links from reaching back to the opener", () => {
    expect(renderMarkdown("[site](https://example.com)")).toContain('rel="noopener noreferrer nofollow"');
    expect(renderMarkdown("[page](/fr/articles)")).not.toContain("rel=");
  });
});

describe("readingMinutes", () => {
  it("counts words, and CJK by characters, with one minute at least", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(Array.from({ length: 440 }, () => "word").join(" "))).toBe(2);
    expect(readingMinutes("語".repeat(1500))).toBe(3);
  });
});
