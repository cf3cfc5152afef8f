/**
 * Issue 12 follow-ups on the built site, both databases: the tags index per language
 * (localized path, counts, links, RTL), tag pages' hreflang alternates, a draft preview
 * that says it is a draft (no publication date), and "preview" refused as a page name
 * while an article slug "preview" keeps working.
 */
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle } from "#core/admin/articles/schema.ts";
import type { PreviewLink } from "#core/admin/publishing/schema.ts";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import {
  adminApiCaller,
  currentPreconditions,
  DATABASE_KINDS,
  fullSitemap,
  signedInCookie,
  startTestApp,
  withVersionTags,
  writingFromCurrentState,
  xsrfHeaders,
  type AdminApiCall,
} from "./support.ts";

const { createSite } = (await import(new URL("../../build/server/index.js", import.meta.url).href)) as {
  createSite: (services: AppServices) => { app: Hono<HttpEnv> };
};

type Json = {
  article?: AdminArticle;
  preview?: PreviewLink;
  error?: { code: string; message: string; field?: string };
};

describe.each(DATABASE_KINDS)("tags index, tag alternates and draft previews on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let site: { app: Hono<HttpEnv> };
  let call: AdminApiCall<Json>;
  let translations: AdminApiCall<Json>;

  beforeAll(async () => {
    testApp = await startTestApp(kind, { env: { PREVIEW_SECRET: "q".repeat(40) } });
    site = createSite(testApp.services);
    const admin = await signedInCookie(testApp.services, { email: "tags-admin@example.com", isAdmin: true });
    const xsrf = await xsrfHeaders(testApp.app);
    call = withVersionTags(
      adminApiCaller<Json>(testApp.app, "/api/admin/articles", { admin, user: "", anonymous: "" }, xsrf),
    );
    const rawTranslations = adminApiCaller<Json>(
      testApp.app,
      "/api/admin/translations",
      { admin, user: "", anonymous: "" },
      xsrf,
    );
    // UI strings written from their current state (decision 0151).
    translations = writingFromCurrentState(rawTranslations, (method, path, as) =>
      method === "POST" ? Promise.resolve(null) : currentPreconditions(rawTranslations, path, as),
    );
  });
  afterAll(() => testApp.close());

  const page = async (path: string) => {
    const response = await site.app.request(path, { headers: { accept: "text/html" } });
    return { status: response.status, html: await response.text() };
  };

  async function article(
    tags: string[],
    versions: Record<string, { title: string; status?: string; slug?: string }>,
  ): Promise<AdminArticle> {
    const created = await call("POST", "", { body: { author: "Tag Tester", tags } });
    let saved = created.json!.article!;
    for (const [code, version] of Object.entries(versions)) {
      const reply = await call("PUT", `/${saved.id}/versions/${code}`, {
        body: { summary: "A summary.", body: "Some text.", coverAlt: "", status: "published", ...version },
      });
      expect(reply.status, JSON.stringify(reply.json)).toBeLessThan(300);
      saved = reply.json!.article!;
    }
    return saved;
  }

  it("lists a language's tags with their counts at its own tags path, linked from tag pages", async () => {
    await article(["Zebra-Topic", "alpha-topic"], {
      "en-US": { title: "Tagged one" },
      "fr-FR": { title: "Étiqueté un" },
    });
    await article(["alpha-topic"], { "en-US": { title: "Tagged two" }, ar: { title: "موسوم" } });
    await article(["draft-only-topic"], { "en-US": { title: "Never published", status: "draft" } });

    const english = await page("/en/tags");
    expect(english.status).toBe(200);
    expect(english.html).toContain('<link rel="canonical" href="http://localhost:3000/en/tags"/>');
    expect(english.html).toContain('hrefLang="fr-FR" href="http://localhost:3000/fr/%C3%A9tiquettes"');
    expect(english.html).toContain('hrefLang="x-default"');
    const links = [
      ...english.html.matchAll(
        /<a href="(\/en\/tags\/[^"]+)"[^>]*><bdi>([^<]+)<\/bdi> <span class="tag-index__count">([^<]+)<\/span>/g,
      ),
    ].map((match) => [match[1], match[2], match[3]]);
    // Alphabetical in the language, drafts' tags absent, plural-correct counts.
    expect(links.filter(([, tag]) => tag!.endsWith("-topic") || tag!.endsWith("-Topic"))).toEqual([
      ["/en/tags/alpha-topic", "alpha-topic", "2 articles"],
      ["/en/tags/zebra-topic", "Zebra-Topic", "1 article"],
    ]);
    expect(english.html).not.toContain("draft-only-topic");

    // The localized section name, its other spelling, and RTL.
    expect((await page("/fr/%C3%A9tiquettes")).html).toMatch(
      /<bdi>alpha-topic<\/bdi> <span class="tag-index__count">1 article<\/span>/,
    );
    expect((await page("/fr/tags")).status).toBe(200);
    const arabic = await page(`/ar/${encodeURIComponent("وسوم")}`);
    expect(arabic.status).toBe(200);
    expect(arabic.html).toContain('dir="rtl"');
    expect(arabic.html).toContain('<bdi>alpha-topic</bdi> <span class="tag-index__count">مقال واحد</span>');

    // A language whose articles have no tags says so; an unknown language is still a 404.
    expect((await page("/ja/%E3%82%BF%E3%82%B0")).html).toContain("タグの付いた公開記事はまだありません。");
    expect((await page("/xx/tags")).status).toBe(404);

    const tagPage = await page("/en/tags/alpha-topic");
    expect(tagPage.html).toMatch(/<a href="\/en\/tags"[^>]*>All tags<\/a>/);
  });

  it("names as x-default, in the sitemap, only pages that answer 200 (an hreflang target must not redirect)", async () => {
    const sitemap = await fullSitemap(site.app);
    const targets = new Set(
      Array.from(sitemap.matchAll(/hreflang="x-default" href="http:\/\/localhost:3000([^"]+)"/g), (match) =>
        match[1]!.replaceAll("&amp;", "&"),
      ),
    );
    expect(targets.size).toBeGreaterThan(10);
    // Up to five of each kind of page (home, section, article, job): rendering all 600 job pages is not needed.
    const sample = [...Map.groupBy(targets, (path) => path.split("/").slice(0, 3).join("/")).values()].flatMap(
      (paths) => paths.slice(0, 5),
    );
    expect(sample.some((path) => path.startsWith("/en/articles/"))).toBe(true);
    const statuses = new Map<number, string[]>();
    for (const path of sample) {
      const { status } = await page(path);
      statuses.set(status, [...(statuses.get(status) ?? []), path]);
    }
    expect([...statuses.keys()]).toEqual([200]);
  });

  it("gives a tag page hreflang alternates where the tag has published articles, and x-default", async () => {
    await article(["Shared-Tag"], {
      "en-US": { title: "Shared in English" },
      "de-DE": { title: "Geteilt auf Deutsch" },
      "es-ES": { title: "Borrador", status: "draft" },
    });
    const { html } = await page("/en/tags/shared-tag");
    expect(html).toContain('<link rel="alternate" hrefLang="en-US" href="http://localhost:3000/en/tags/shared-tag"/>');
    expect(html).toContain(
      `<link rel="alternate" hrefLang="de-DE" href="http://localhost:3000/de/${encodeURIComponent("schlagwörter")}/shared-tag"/>`,
    );
    // x-default: the page in the favorite language (English here), which answers 200; "/" only redirects.
    expect(html).toContain(
      '<link rel="alternate" hrefLang="x-default" href="http://localhost:3000/en/tags/shared-tag"/>',
    );
    expect(html).not.toContain('<link rel="alternate" hrefLang="es-ES"');
    // Publishing the Spanish version adds its page at once (the cached English page is dropped).
    const id = Number(/\/en\/articles\/(\d+)\//.exec((await page("/en/tags/shared-tag")).html)![1]);
    expect(
      (
        await call("PUT", `/${id}/versions/es-ES`, {
          body: { title: "Borrador", summary: "A summary.", body: "Some text.", coverAlt: "", status: "published" },
        })
      ).status,
    ).toBeLessThan(300);
    expect((await page("/en/tags/shared-tag")).html).toContain(
      `<link rel="alternate" hrefLang="es-ES" href="http://localhost:3000/es/etiquetas/shared-tag"/>`,
    );
  });

  it("shows a draft preview as a draft: the banner in the page's language and no publication date", async () => {
    const draft = await article([], { "fr-FR": { title: "Brouillon à montrer", status: "draft" } });
    const link = (await call("POST", `/${draft.id}/versions/fr-FR/previews`, { body: {} })).json!.preview!;
    const { status, html } = await page(new URL(link.url!).pathname);
    expect(status).toBe(200);
    expect(html).toContain("Brouillon à montrer");
    expect(html).toContain("Aperçu : cette version n’est pas publiée.");
    // (The page's strings travel with it for the browser: only the rendered markup counts.)
    expect(html).not.toMatch(/<time dateTime="[^"]+">Publié le/);

    // Once published, its page has the date again.
    const published = await article([], { "fr-FR": { title: "Publié ensuite" } });
    expect((await page(`/fr/articles/${published.id}/${published.versions[0]!.slug}`)).html).toMatch(
      /<time dateTime="[^"]+">Publié le/,
    );
  });

  it('refuses a page name that preview links would shadow, while an article slug "preview" keeps its page', async () => {
    for (const [key, body, field] of [
      ["TAGS", { label: "Preview" }, "label"],
      ["ARTICLES", { label: "articles", search: "PREVIEW" }, "search"],
    ] as const) {
      const response = await translations("PUT", `/${key}/en-US`, { body });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ error: { field } });
      expect(response.json!.error!.message).toContain('must not be "preview"');
    }
    expect((await page("/en/tags")).status).toBe(200);

    const slugged = await article([], { "en-US": { title: "Preview of the season", slug: "preview" } });
    expect(slugged.versions[0]!.slug).toBe("preview");
    const reply = await page(`/en/articles/${slugged.id}/preview`);
    expect(reply.status).toBe(200);
    expect(reply.html).toContain("Preview of the season");
  });

  it("keeps a UI string holding </script> inside the page shell's data block (decision 0132)", async () => {
    const hostile = "Skip </script><script>alert(1)</script><!-- to content";
    const cell = `/${encodeURIComponent("NAV:SKIP")}/en-US`;
    const before = testApp.services.content.current().translations.get("en-US")!.get("NAV:SKIP")!;
    expect((await translations("PUT", cell, { body: { label: hostile } })).status).toBe(200);
    try {
      const { status, html } = await page("/en/tags");
      expect(status).toBe(200);
      const block = /<script type="application\/json" id="shell-view">([^<]*)<\/script>/.exec(html);
      expect(block).not.toBeNull();
      expect(JSON.parse(block![1]!).strings["NAV:SKIP"]).toBe(hostile);
      expect(html).not.toContain("<script>alert(1)");
      // The skip link itself shows it as text.
      expect(html).toContain("Skip &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- to content");
    } finally {
      expect((await translations("PUT", cell, { body: { label: before } })).status).toBe(200);
    }
  });
});
