import { describe, expect, it } from "vitest";
import { markdownText, readingCounts, readingMinutes, renderMarkdown } from "./markdown.ts";

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

  it("isolates each table cell's text in <bdi>, so a Latin date in an Arabic table keeps its order (issue 44)", () => {
    const html = renderMarkdown("| اللغة | التاريخ |\n|---|:-:|\n| الفرنسية | 5 mars 2026 |\n| | <b>x</b> |");
    expect(html).toContain("<th><bdi>اللغة</bdi></th>");
    expect(html).toContain('<th style="text-align:center"><bdi>التاريخ</bdi></th>');
    expect(html).toContain("<td><bdi>الفرنسية</bdi></td>");
    expect(html).toContain('<td style="text-align:center"><bdi>5 mars 2026</bdi></td>');
    expect(html).toContain("<td><bdi></bdi></td>");
    // A cell's text stays escaped.
    expect(html).toContain("<bdi>&lt;b&gt;x&lt;/b&gt;</bdi>");
    expect(html.match(/<bdi>/g)?.length).toBe(html.match(/<\/bdi>/g)?.length);
  });

  it("leaves paragraphs and list items in the page's direction (an Arabic one may begin with a Latin name)", () => {
    expect(renderMarkdown("ROME هو الدليل\n\n- ROME هو")).toBe(
      "<p>ROME هو الدليل</p>\n<ul>\n<li>ROME هو</li>\n</ul>\n",
    );
  });
});

describe("readingMinutes", () => {
  it("counts words, and CJK by characters, with one minute at least", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(Array.from({ length: 440 }, () => "word").join(" "))).toBe(2);
    expect(readingMinutes("語".repeat(1500))).toBe(3);
    // A CJK character separates words like a space does: 440 words and 439 characters.
    expect(readingMinutes(Array.from({ length: 440 }, () => "word").join("語"))).toBe(3);
    expect(readingMinutes(` ${Array.from({ length: 660 }, () => "mot").join("\u00a0\u3000\n")} `)).toBe(3);
  });

  it("counts as the two regular expressions that define it, in every script, surrogate pairs and lone halves included", () => {
    const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
    const word = /[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
    const defined = (text: string) => ({
      words: text.match(word)?.length ?? 0,
      cjkCharacters: text.match(cjk)?.length ?? 0,
    });
    // Words, spaces of every kind, CJK in and out of the BMP (𠀋 U+2000B, 𛀁 U+1B001), emoji, lone surrogates.
    const pieces = [
      "word",
      "mot",
      "كلمة",
      " ",
      "\u00a0",
      "\u3000",
      "\ufeff",
      "\u2028",
      "\t",
      "\n",
      "語",
      "かな",
      "カナ",
      "𠀋",
      "𛀁",
      "👍🏽",
      "\ud800",
      "\udc00",
      "-",
      "**",
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let sample = 0; sample < 200; sample += 1) {
      const text = Array.from(
        { length: 1 + Math.floor(next() * 900) },
        () => pieces[Math.floor(next() * pieces.length)],
      ).join("");
      expect(readingCounts(text), JSON.stringify(text.slice(0, 40))).toEqual(defined(text));
    }
  });
});

describe("library images in Markdown", () => {
  const media = {
    4: {
      id: 4,
      width: 1400,
      height: 900,
      avif: [
        { url: "/media/4-aaaaaaaaaaaaaaaa-400.avif", width: 400 },
        { url: "/media/4-bbbbbbbbbbbbbbbb-1400.avif", width: 1400 },
      ],
      webp: [{ url: "/media/4-cccccccccccccccc-400.webp", width: 400 }],
      fallback: { url: "/media/4-dddddddddddddddd-1200.jpg", width: 1200 },
      alt: { "en-US": 'Boats "at" <dawn>', ar: "قوارب" },
    },
  };

  it("draws ![](media:ID) as <picture> with AVIF and WebP sources, size, lazy loading and the language's alt text", () => {
    expect(renderMarkdown("![](media:4)", { media, language: "en-US" })).toBe(
      '<p><picture><source type="image/avif" srcset="/media/4-aaaaaaaaaaaaaaaa-400.avif 400w, /media/4-bbbbbbbbbbbbbbbb-1400.avif 1400w" sizes="(min-width: 48rem) 45rem, 100vw">' +
        '<source type="image/webp" srcset="/media/4-cccccccccccccccc-400.webp 400w" sizes="(min-width: 48rem) 45rem, 100vw">' +
        '<img src="/media/4-dddddddddddddddd-1200.jpg" alt="Boats &quot;at&quot; &lt;dawn&gt;" width="1400" height="900" loading="lazy" decoding="async"></picture></p>\n',
    );
    expect(renderMarkdown("![](media:4)", { media, language: "ar" })).toContain('alt="قوارب"');
    expect(renderMarkdown("![Typed *here*](media:4)", { media, language: "ar" })).toContain('alt="Typed here"');
  });

  it("leaves out images it has no rendition for, and keeps ordinary images as they were", () => {
    expect(renderMarkdown("![](media:5)", { media, language: "en-US" })).toBe("<p></p>\n");
    expect(renderMarkdown("![](media:4)")).toBe("<p></p>\n");
    expect(renderMarkdown("![Cover](/covers/a.webp)")).toBe('<p><img src="/covers/a.webp" alt="Cover"></p>\n');
  });
});

describe("markdownText", () => {
  it("gives the words a reader sees, without markup, link addresses or images", () => {
    const source =
      "# Title\n\nSome *text* with [a link](https://example.com) and `code`.\n\n- one\n- two\n\n```\nfenced\n```\n\n![](media:9)";
    expect(markdownText(source)).toBe("Title\nSome text with a link and code.\none\ntwo\nfenced\n");
  });

  it("keeps a bare address's words as typed (no linkify), with the page's typography", () => {
    expect(markdownText('A "quote" -- see https://example.org/a%20b or me@example.org.')).toBe(
      "A “quote” – see https://example.org/a%20b or me@example.org.",
    );
  });
});
