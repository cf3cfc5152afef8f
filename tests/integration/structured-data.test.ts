/**
 * Issue 42 item 7 on the built site, both databases: every public page type's JSON-LD is valid schema.org
 * (expanded by a JSON-LD processor and checked against the schema.org vocabulary, ./schema-org.ts) and has
 * what Google asks of it; the link-preview tags name a 1200×630 JPEG that the server makes of the cover,
 * an SVG cover and a library image alike; a hostile title cannot leave its script element.
 */
import type { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle } from "#core/admin/articles/schema.ts";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  withVersionTags,
  xsrfHeaders,
  type AdminApiCall,
} from "./support.ts";
import { googleRequirements, schemaOrgErrors } from "./schema-org.ts";

const { createSite } = (await import(new URL("../../build/server/index.js", import.meta.url).href)) as {
  createSite: (services: AppServices) => { app: Hono<HttpEnv> };
};

const PUBLIC_URL = "http://localhost:3000";

type Json = Record<string, unknown>;

/** A page's JSON-LD blocks, parsed as a crawler reads them: the text between the script tags. */
function structuredData(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Json,
  );
}

/** A head tag's content: `<meta property="og:image" content="…">`, HTML entities decoded. */
function meta(html: string, attribute: "property" | "name", key: string): string[] {
  const decode = (text: string) =>
    text
      .replaceAll("&quot;", '"')
      .replaceAll("&#x27;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  return [
    ...html.matchAll(new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"/>`, "g")),
  ].map((match) => decode(match[1]!));
}

describe.each(DATABASE_KINDS)("structured data and link previews on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let site: { app: Hono<HttpEnv> };
  let articles: AdminApiCall<{ article?: AdminArticle }>;
  let admin: string;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    site = createSite(testApp.services);
    admin = await signedInCookie(testApp.services, { email: "seo-admin@example.com", isAdmin: true });
    articles = withVersionTags(
      adminApiCaller(
        testApp.app,
        "/api/admin/articles",
        { admin, user: "", anonymous: "" },
        await xsrfHeaders(testApp.app),
      ),
    );
  }, 60_000);
  afterAll(() => testApp.close());

  const page = async (path: string) => {
    const response = await site.app.request(encodeURI(path), { headers: { accept: "text/html" } });
    expect(response.status, path).toBe(200);
    return response.text();
  };

  /** The first article a list page links to, in that language. */
  const firstArticlePath = async (listPath: string) => {
    const html = await page(listPath);
    return decodeURI(new RegExp(`href="(${encodeURI(listPath)}/\\d+/[^"]+)"`).exec(html)![1]!);
  };

  async function expectValid(path: string, types: string[]): Promise<Json[]> {
    const html = await page(path);
    const blocks = structuredData(html);
    expect(
      blocks.map((block) => block["@type"]),
      path,
    ).toEqual(types);
    for (const block of blocks) {
      expect(await schemaOrgErrors(block), `${path}: ${JSON.stringify(block)}`).toEqual([]);
      expect(googleRequirements(block), `${path}: ${JSON.stringify(block)}`).toEqual([]);
    }
    return blocks;
  }

  /** The og:image of a page answers a 1200×630 JPEG, as its tags say. */
  async function expectSocialImage(html: string): Promise<string> {
    const [image] = meta(html, "property", "og:image");
    expect(image).toMatch(/^http:\/\/localhost:3000\/social\/.+\.jpg$/);
    expect(meta(html, "property", "og:image:type")).toEqual(["image/jpeg"]);
    expect(meta(html, "property", "og:image:width")).toEqual(["1200"]);
    expect(meta(html, "property", "og:image:height")).toEqual(["630"]);
    expect(meta(html, "name", "twitter:image")).toEqual([image]);
    const response = await site.app.request(image!.slice(PUBLIC_URL.length));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1200, 630]);
    return image!;
  }

  it("gives the home page a WebSite whose SearchAction leads to the language's search page", async () => {
    const [english] = await expectValid("/en/welcome", ["WebSite"]);
    expect(english!.potentialAction).toMatchObject({
      target: { urlTemplate: `${PUBLIC_URL}/en/search?q={search_term_string}` },
    });
    const [japanese] = await expectValid("/ja/ようこそ", ["WebSite"]);
    expect(japanese).toMatchObject({
      inLanguage: "ja-JP",
      potentialAction: {
        target: { urlTemplate: `${PUBLIC_URL}/ja/${encodeURIComponent("検索")}?q={search_term_string}` },
      },
    });
    // The template answers: the search page with that query.
    expect(
      (await site.app.request("/ja/%E6%A4%9C%E7%B4%A2?q=%E8%A8%80%E8%AA%9E", { headers: { accept: "text/html" } }))
        .status,
    ).toBe(200);
  });

  it("gives lists, tag pages and the jobs directory a BreadcrumbList in the page's language", async () => {
    await expectValid("/en/articles", ["BreadcrumbList"]);
    const [arabic] = await expectValid("/ar/مقالات", ["BreadcrumbList"]);
    expect((arabic!.itemListElement as Json[]).map((item) => item.name)).toEqual(["الرئيسية", "مقالات"]);
    await expectValid("/en/tags", ["BreadcrumbList"]);
    const [tag] = await expectValid("/en/tags/publishing", ["BreadcrumbList"]);
    expect((tag!.itemListElement as Json[]).at(-1)).toEqual({
      "@type": "ListItem",
      position: 3,
      name: "publishing",
      item: `${PUBLIC_URL}/en/tags/publishing`,
    });
    await expectValid("/en/jobs", ["BreadcrumbList"]);
    await expectValid("/fr/métiers?domain=M", ["BreadcrumbList"]);
  });

  it("gives a job page an Occupation with its ROME code", async () => {
    // The job's address with its slug, as the directory links it (any other slug redirects there).
    const path = decodeURI(
      new URL((await site.app.request("/en/jobs/M1805/x")).headers.get("location")!, PUBLIC_URL).pathname,
    );
    const [job] = await expectValid(path, ["Occupation", "BreadcrumbList"]);
    expect(job).toMatchObject({
      "@type": "Occupation",
      occupationalCategory: { "@type": "CategoryCode", codeValue: "M1805" },
    });
  });

  it("gives articles in English, Arabic and Japanese a BlogPosting linked to its source or its translations, and preview tags", async () => {
    for (const list of ["/en/articles", "/ar/مقالات", "/ja/記事"]) {
      const path = await firstArticlePath(list);
      const [posting] = await expectValid(path, ["BlogPosting", "BreadcrumbList"]);
      expect(posting!.url).toBe(`${PUBLIC_URL}${encodeURI(path)}`);
      // The seeded articles are written in English first: the English version lists the others, each other names it.
      if (list === "/en/articles") {
        expect((posting!.workTranslation as Json[]).map((version) => version.inLanguage)).toEqual(
          expect.arrayContaining(["ar", "ja-JP", "fr-FR"]),
        );
        expect(posting).not.toHaveProperty("translationOfWork");
      } else {
        expect(posting!.translationOfWork).toMatchObject({ "@type": "BlogPosting", inLanguage: "en-US" });
        expect(posting).not.toHaveProperty("workTranslation");
      }
      const html = await page(path);
      await expectSocialImage(html);
      expect(meta(html, "property", "og:image:alt")[0]).not.toBe("");
      expect(meta(html, "name", "twitter:card")).toEqual(["summary_large_image"]);
      expect(meta(html, "property", "article:published_time")).toEqual([posting!.datePublished]);
      expect(meta(html, "property", "article:modified_time")).toEqual([posting!.dateModified]);
      expect(meta(html, "property", "article:tag").length).toBeGreaterThan(0);
      const locale = { "/en/articles": "en_US", "/ar/مقالات": "ar_AR", "/ja/記事": "ja_JP" }[list];
      expect(meta(html, "property", "og:locale")).toEqual([locale]);
      expect(meta(html, "property", "og:locale:alternate")).not.toContain(locale);
      expect(meta(html, "property", "og:locale:alternate").length).toBeGreaterThan(0);
    }
  });

  it("makes the preview picture of a library cover, and keeps a hostile title inside its script element", async () => {
    const png = await sharp({
      create: { width: 900, height: 900, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const xsrf = await xsrfHeaders(testApp.app, admin);
    const uploaded = await testApp.app.request("/api/admin/media?name=square.png", {
      method: "POST",
      headers: {
        "x-xsrf-token": xsrf["x-xsrf-token"],
        cookie: [xsrf.cookie, admin].join("; "),
        "content-type": "application/octet-stream",
      },
      body: png,
    });
    expect(uploaded.status).toBe(201);
    const { item } = (await uploaded.json()) as { item: { id: number } };
    const hostile = 'Breaking</script><script>alert("x")</script><!--';
    const created = await articles("POST", "", {
      body: { author: "Seo Tester", tags: ["seo"], cover: `media:${item.id}` },
    });
    const reply = await articles("PUT", `/${created.json!.article!.id}/versions/en-US`, {
      body: {
        title: hostile,
        slug: "hostile",
        summary: "A summary.",
        body: "Some text.",
        coverAlt: "A red square.",
        status: "published",
      },
    });
    expect(reply.status, JSON.stringify(reply.json)).toBeLessThan(300);

    const html = await page(`/en/articles/${created.json!.article!.id}/hostile`);
    expect(html).not.toContain('<script>alert("x")');
    const [posting] = structuredData(html);
    expect(posting!.headline).toBe(hostile);
    expect(await schemaOrgErrors(posting)).toEqual([]);
    const image = await expectSocialImage(html);
    expect(image).toMatch(/^http:\/\/localhost:3000\/social\/media\/\d+-[0-9a-f]{16}-\d+\.png\.jpg$/);
    expect(posting!.image).toEqual([image]);
    expect(meta(html, "property", "og:image:alt")).toEqual(["A red square."]);
  });

  it("answers a 404 naming the form for an address that names no cover", async () => {
    for (const path of [
      "/social/covers/none.svg.jpg",
      "/social/covers/..%2F..%2Fpackage.json.jpg",
      "/social/media/1-0000000000000000-1200.jpg.jpg",
      "/social/favicon.svg.jpg",
    ]) {
      const response = await site.app.request(path);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
        /No (such image|cover|library image)/,
      );
    }
  });
});

describe("the structured-data check", () => {
  it("finds what schema.org does not allow", async () => {
    const base = { "@context": "https://schema.org" };
    expect(await schemaOrgErrors({ ...base, "@type": "BlogPost", headline: "x" })).toEqual([
      "BlogPost: BlogPost is not a schema.org type",
      "BlogPost: headline is not a property of BlogPost",
    ]);
    expect(await schemaOrgErrors({ ...base, "@type": "Occupation", name: "x", inLanguage: "fr" })).toEqual([
      "Occupation: inLanguage is not a property of Occupation",
    ]);
    expect(
      await schemaOrgErrors({ ...base, "@type": "BlogPosting", author: { "@type": "ListItem", name: "x" } }),
    ).toEqual(["BlogPosting.author: ListItem is not in the range (Organization, Person)"]);
    expect(await schemaOrgErrors({ ...base, "@type": "WebSite", "query-input": "required name=q" })).toEqual([
      "WebSite: query-input constrains no property of WebSite",
    ]);
    expect(await schemaOrgErrors({ ...base, "@type": "BlogPosting", author: "Ada" })).toEqual([
      'BlogPosting.author: "Ada" is a text, but the range is Organization, Person',
    ]);
    // Without the context its terms mean nothing: the processor's safe mode refuses to drop them.
    expect(await schemaOrgErrors({ "@type": "WebSite", name: "x" })).toEqual([
      expect.stringMatching(/^not valid JSON-LD: /),
    ]);
    expect(await schemaOrgErrors([])).toEqual(["the document expands to nothing (no @context, or no schema.org term)"]);
    expect(
      googleRequirements({
        "@type": "BlogPosting",
        headline: "x",
        image: ["/relative.jpg"],
        datePublished: "yesterday",
        dateModified: "2026-01-01",
        author: { "@type": "Person" },
      }),
    ).toEqual([
      "Article: image must be one or more absolute URLs",
      "Article: datePublished must be an ISO 8601 date",
      "Article: every author needs a name",
    ]);
    expect(
      googleRequirements({
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 2, name: "", item: "/x" },
          { "@type": "ListItem", position: 2, name: "b" },
        ],
      }),
    ).toEqual([
      "BreadcrumbList: item 1 has position 2",
      "BreadcrumbList: item 1 has no name",
      "BreadcrumbList: item 1 needs the URL of its page",
    ]);
  });
});
