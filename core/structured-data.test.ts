import { describe, expect, it } from "vitest";
import { blogPosting, breadcrumbList, jsonLdText, occupation, webSite, type ArticleInput } from "./structured-data.ts";

const site = "https://press.example";

const article: ArticleInput = {
  publicUrl: site,
  siteName: "Polyglot Press",
  path: "/fr/articles/3/le-web",
  language: "fr-FR",
  title: "Le web",
  summary: "Un résumé.",
  author: "Ada",
  publishedAt: "2026-01-02T03:04:05.000Z",
  updatedAt: "2026-01-03T03:04:05.000Z",
  image: "/social/covers/web.svg.jpg",
  tags: ["web", "M1805"],
  sourceLanguage: "en-US",
  otherVersions: [
    { code: "en-US", path: "/en/articles/3/the-web", title: "The web" },
    { code: "ar", path: "/ar/مقالات/3/الويب", title: "الويب" },
  ],
};

describe("blogPosting", () => {
  it("describes a translation with absolute URLs and names the version it was translated from", () => {
    const data = blogPosting(article);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      "@id": `${site}/fr/articles/3/le-web`,
      url: `${site}/fr/articles/3/le-web`,
      mainEntityOfPage: `${site}/fr/articles/3/le-web`,
      headline: "Le web",
      inLanguage: "fr-FR",
      author: { "@type": "Person", name: "Ada" },
      datePublished: "2026-01-02T03:04:05.000Z",
      dateModified: "2026-01-03T03:04:05.000Z",
      image: [`${site}/social/covers/web.svg.jpg`],
      keywords: ["web", "M1805"],
      translationOfWork: {
        "@type": "BlogPosting",
        "@id": `${site}/en/articles/3/the-web`,
        inLanguage: "en-US",
        headline: "The web",
      },
    });
    expect(data).not.toHaveProperty("workTranslation");
  });

  it("lists the translations on the source version", () => {
    const data = blogPosting({ ...article, sourceLanguage: "fr-FR" });
    expect(data).not.toHaveProperty("translationOfWork");
    expect(data.workTranslation).toEqual([
      {
        "@type": "BlogPosting",
        "@id": `${site}/en/articles/3/the-web`,
        url: `${site}/en/articles/3/the-web`,
        headline: "The web",
        inLanguage: "en-US",
      },
      {
        "@type": "BlogPosting",
        "@id": `${site}/ar/مقالات/3/الويب`,
        url: `${site}/ar/مقالات/3/الويب`,
        headline: "الويب",
        inLanguage: "ar",
      },
    ]);
  });

  it("names neither when the source is not published, and leaves out what a preview or a coverless article lacks", () => {
    const data = blogPosting({ ...article, sourceLanguage: "de-DE", publishedAt: null, image: null, tags: [] });
    for (const missing of ["translationOfWork", "workTranslation", "datePublished", "image", "keywords"])
      expect(data).not.toHaveProperty(missing);
    expect(blogPosting({ ...article, sourceLanguage: null })).not.toHaveProperty("translationOfWork");
  });
});

describe("webSite", () => {
  it("says how to search the language's search page", () => {
    expect(
      webSite({
        publicUrl: site,
        name: "Polyglot Press",
        description: "D",
        language: "ja-JP",
        homePath: "/ja/ようこそ",
        searchPath: "/ja/検索",
      }),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "WebSite",
      "@id": `${site}/ja/ようこそ`,
      url: `${site}/ja/ようこそ`,
      name: "Polyglot Press",
      description: "D",
      inLanguage: "ja-JP",
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${site}/ja/検索?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    });
  });

  it("has no search action without a search page", () => {
    expect(
      webSite({
        publicUrl: site,
        name: "P",
        description: "D",
        language: "en-US",
        homePath: "/en/welcome",
        searchPath: null,
      }),
    ).not.toHaveProperty("potentialAction");
  });
});

describe("breadcrumbList and occupation", () => {
  it("numbers the trail from 1 with absolute URLs", () => {
    expect(
      breadcrumbList(site, [
        { name: "Home", path: "/en/welcome" },
        { name: "Jobs", path: "/en/jobs" },
      ]).itemListElement,
    ).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${site}/en/welcome` },
      { "@type": "ListItem", position: 2, name: "Jobs", item: `${site}/en/jobs` },
    ]);
  });

  it("classifies a job by its ROME code", () => {
    const data = occupation({
      publicUrl: site,
      path: "/en/jobs/M1805/developer",
      code: "M1805",
      label: "Developer",
      officialLabel: "Études et développement informatique",
      description: "M1805 — Developer",
    });
    expect(data).toMatchObject({
      "@type": "Occupation",
      name: "Developer",
      url: `${site}/en/jobs/M1805/developer`,
      occupationalCategory: {
        "@type": "CategoryCode",
        codeValue: "M1805",
        name: "Études et développement informatique",
      },
    });
  });
});

describe("jsonLdText", () => {
  it("keeps a hostile title inside the script element and means the same JSON", () => {
    const hostile = "Hi</script><script>alert(1)</script><!-- & \u2028";
    const text = jsonLdText(blogPosting({ ...article, title: hostile }));
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain("\\u003c/script\\u003e");
    expect((JSON.parse(text) as { headline: string }).headline).toBe(hostile);
  });
});
