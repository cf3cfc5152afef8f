/**
 * Tags' names and jobs' labels per language (decision 0221), on the built site and both databases: a tag's page
 * named in each language, old addresses redirected, the article page and its structured data in the reader's
 * language, the cache keys a name change purges, the API's refusals, and the XLIFF round trip of both.
 */
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle } from "#core/admin/articles/schema.ts";
import type { TagNameList } from "#core/admin/tags/schema.ts";
import type { ImportReport } from "#core/admin/translations/schema.ts";
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

const { createSite } = (await import(new URL("../../build/server/index.js", import.meta.url).href)) as {
  createSite: (services: AppServices) => { app: Hono<HttpEnv> };
};

type Json = {
  article?: AdminArticle;
  name?: string;
  nameKey?: string;
  changed?: boolean;
  report?: ImportReport;
  error?: { code: string; message: string; field?: string };
} & Partial<TagNameList>;

const FR_TAGS = `/fr/${encodeURIComponent("étiquettes")}`;
const AR_TAGS = `/ar/${encodeURIComponent("وسوم")}`;

describe.each(DATABASE_KINDS)("tags' names and jobs' labels per language on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let site: { app: Hono<HttpEnv> };
  let articles: AdminApiCall<Json>;
  let tags: AdminApiCall<Json>;
  let exchange: AdminApiCall<Json>;
  let cookie: string;
  let articleId: number;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    site = createSite(testApp.services);
    cookie = await signedInCookie(testApp.services, { email: "tag-names@example.com", isAdmin: true });
    const xsrf = await xsrfHeaders(testApp.app);
    const sessions = { admin: cookie, user: "", anonymous: "" };
    articles = withVersionTags(adminApiCaller<Json>(testApp.app, "/api/admin/articles", sessions, xsrf));
    tags = adminApiCaller<Json>(testApp.app, "/api/admin/tags", sessions, xsrf);
    exchange = adminApiCaller<Json>(testApp.app, "/api/admin/translations", sessions, xsrf);
    const created = await articles("POST", "", { body: { author: "Tag Namer", tags: ["wanderlust", "slow-food"] } });
    articleId = created.json!.article!.id;
    for (const [code, title] of [
      ["en-US", "Far away"],
      ["fr-FR", "Au loin"],
      ["ar", "بعيدا"],
      ["de-DE", "In die Ferne"],
    ] as const) {
      const saved = await articles("PUT", `/${articleId}/versions/${code}`, {
        body: { title, summary: "A summary.", body: "Some text.", coverAlt: "", status: "published" },
      });
      expect(saved.status, JSON.stringify(saved.json)).toBeLessThan(300);
    }
  });
  afterAll(() => testApp.close());

  const page = async (path: string) => {
    const response = await site.app.request(path, { headers: { accept: "text/html" } });
    return {
      status: response.status,
      location: response.headers.get("location"),
      keys: response.headers.get("surrogate-key") ?? "",
      html: await response.text(),
    };
  };
  const articlePath = (short: string, slug: string) =>
    `/${short}/${short === "ar" ? encodeURIComponent("مقالات") : "articles"}/${articleId}/${slug}`;

  it("names a tag's page in each language; old and other languages' addresses redirect to the language's", async () => {
    const named = await tags("PUT", "/wanderlust/names/fr-FR", {
      body: { name: " Voyages lointains " },
      ifNoneMatch: "*",
    });
    expect(named.status, JSON.stringify(named.json)).toBe(200);
    expect(named.json).toMatchObject({ name: "Voyages lointains", nameKey: "voyages-lointains", changed: true });
    expect((await tags("PUT", "/wanderlust/names/ar", { body: { name: "السفر" }, ifNoneMatch: "*" })).status).toBe(200);

    const french = await page(`${FR_TAGS}/voyages-lointains`);
    expect(french.status).toBe(200);
    expect(french.html).toContain("Voyages lointains");
    // Its alternates and the picker's links name the tag in each language.
    expect(french.html).toContain(
      `hrefLang="ar" href="http://localhost:3000${AR_TAGS}/${encodeURIComponent("السفر")}"`,
    );
    expect(french.html).toContain('hrefLang="en-US" href="http://localhost:3000/en/tags/wanderlust"');
    expect(french.keys).toContain("tag-addresses:wanderlust");

    for (const [from, to] of [
      [`${FR_TAGS}/wanderlust`, `${FR_TAGS}/voyages-lointains`],
      [`${FR_TAGS}/${encodeURIComponent("السفر")}`, `${FR_TAGS}/voyages-lointains`],
      ["/en/tags/voyages-lointains", "/en/tags/wanderlust"],
      [`${AR_TAGS}/wanderlust`, `${AR_TAGS}/${encodeURIComponent("السفر")}`],
    ]) {
      const moved = await page(from!);
      expect([from, moved.status, moved.location]).toEqual([from, 301, to]);
    }
    expect((await page(`${FR_TAGS}/nothing-named-so`)).status).toBe(404);

    // The article page in French links the tag by its French name and address; its structured data says it too.
    const article = await page(articlePath("fr", "au-loin"));
    expect(article.status).toBe(200);
    expect(article.html).toContain(`href="${FR_TAGS}/voyages-lointains"`);
    expect(article.html).toMatch(/"keywords":\["Voyages lointains","slow-food"\]/);
    expect(article.keys).toContain("tag-name:fr-FR:wanderlust");
    const list = (await tags("GET", "?lang=fr-FR&q=wander")).json!;
    expect(list.tags).toEqual([
      expect.objectContaining({ tag: "wanderlust", written: "wanderlust", articles: 1, name: "Voyages lointains" }),
    ]);
  });

  it("refuses a name whose address another tag has in the language, and a name without a letter", async () => {
    const taken = await tags("PUT", "/slow-food/names/fr-FR", {
      body: { name: "voyages LOINTAINS" },
      ifNoneMatch: "*",
    });
    expect(taken.status).toBe(409);
    expect(taken.json!.error).toMatchObject({ code: "tag_name_taken", field: "name" });
    const empty = await tags("PUT", "/slow-food/names/fr-FR", { body: { name: "--" }, ifNoneMatch: "*" });
    expect(empty.status).toBe(400);
    expect((await tags("PUT", "/slow-food/names/fr-FR", { body: { name: "Cuisine lente" } })).status).toBe(428);
  });

  it("a renamed or removed name changes the pages at once (their cache entries are dropped)", async () => {
    expect((await page(articlePath("fr", "au-loin"))).html).toContain("Voyages lointains");
    const current = await testApp.app.request("/api/admin/tags/wanderlust/names/fr-FR", { headers: { cookie } });
    const etag = current.headers.get("etag")!;
    const renamed = await tags("PUT", "/wanderlust/names/fr-FR", { body: { name: "Ailleurs" }, ifMatch: etag });
    expect(renamed.status).toBe(200);
    expect((await page(articlePath("fr", "au-loin"))).html).toContain(`href="${FR_TAGS}/ailleurs"`);
    const removed = await tags("DELETE", "/wanderlust/names/fr-FR", {
      ifMatch: (
        await testApp.app.request("/api/admin/tags/wanderlust/names/fr-FR", { headers: { cookie } })
      ).headers.get("etag")!,
    });
    expect(removed.status).toBe(204);
    expect((await page(`${FR_TAGS}/ailleurs`)).status).toBe(404);
    expect((await page(`${FR_TAGS}/wanderlust`)).status).toBe(200);
  });

  async function download(query: string): Promise<string> {
    const response = await testApp.app.request(`/api/admin/translations/export?${query}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return response.text();
  }
  const importFile = async (content: string, dryRun = false, status = 200) => {
    const reply = await exchange("POST", "/import", { body: { content, dryRun } });
    expect(reply.status, JSON.stringify(reply.json)).toBe(status);
    return reply.json!.report!;
  };

  it("exchanges tags' names as XLIFF: export, translate, import, round trip", async () => {
    const file = await download("lang=de&format=xliff&what=tags");
    expect(file).toContain('<file id="tags">');
    expect(file).not.toContain('<file id="ui-strings">');
    expect(file).toMatch(
      /<unit id="wanderlust" xml:space="preserve">[\s\S]*?<source>wanderlust<\/source>\n {6}<\/segment>/,
    );
    const translated = file.replace(
      /(<unit id="wanderlust"[\s\S]*?<source>wanderlust<\/source>\n)/,
      "$1        <target>Fernweh</target>\n",
    );
    const report = await importFile(translated);
    expect(report).toMatchObject({
      applied: true,
      refusal: null,
      changes: [{ key: "tags/wanderlust", before: null, after: "Fernweh" }],
    });
    expect((await page("/de/schlagw%C3%B6rter/fernweh")).status).toBe(200);
    // The same file again changes nothing.
    expect(await importFile(await download("lang=de&format=xliff&what=tags"), true)).toMatchObject({
      changes: [],
      problems: [],
    });
    // A name clashing with another tag's address, and an unknown tag, are reported; nothing is applied.
    const clashing = translated
      .replace("<target>Fernweh</target>", "<target>slow food</target>")
      .replace(
        "</file>",
        '    <unit id="no-such-tag"><segment><source>x</source><target>y</target></segment></unit>\n  </file>',
      );
    const refused = await importFile(clashing, false, 422);
    expect(refused.applied).toBe(false);
    expect(refused.problems.map((problem) => problem.key)).toEqual(["tags/wanderlust"]);
    expect(refused.unknown).toEqual(["tags/no-such-tag"]);
  });

  it("exchanges jobs' labels as XLIFF; the job page shows the imported label, the source is the official one", async () => {
    const file = await download("lang=de&format=xliff&what=jobs");
    expect(file).toContain('<file id="jobs">');
    expect(file).toContain("<note>ROME A1101. Official label (fr-FR): ");
    const translated = file.replace(
      /(<unit id="A1101"[\s\S]*?<\/source>\n)(?: {8}<target>[^<]*<\/target>\n)?/,
      "$1        <target>Landmaschinenführer (Import)</target>\n",
    );
    // The German job page, kept by the page cache first: the import drops it (decision 0222).
    const before = await page((await page("/de/berufe/a1101")).location!);
    expect(before.keys).toContain("job:A1101");
    const report = await importFile(translated);
    expect(report.changes).toEqual([
      expect.objectContaining({ key: "jobs/A1101", after: "Landmaschinenführer (Import)" }),
    ]);
    const job = await page("/de/berufe/a1101");
    expect(job.status).toBe(301);
    const shown = await page(job.location!);
    expect(shown.html).toContain("Landmaschinenführer (Import)");
    // The directory's search finds it by the German label.
    expect((await page("/de/berufe?q=landmaschinenfuhrer")).html).toContain("Landmaschinenführer (Import)");
    // A control character is refused before anything is planned.
    const hostile = await exchange("POST", "/import", {
      body: { content: translated.replace("Landmaschinenführer (Import)", "bad\u0007label") },
    });
    expect(hostile.status).toBe(400);
  });
});
