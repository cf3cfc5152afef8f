/**
 * Decision 0134 on both databases, with the real React Router build behind the HTTP app: a
 * signed-in visitor of a public page gets the visitors' render with their own account area, byte
 * for byte what React renders for them; no visitor ever gets another's; admin pages are always
 * rendered; a role change, an edit and a change of UI texts show at once; a page no visitor asked
 * for is rendered once for everyone once a signed-in visitor's area is known (decision 0138).
 */
import type { RequestListener } from "node:http";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import type { PageCache } from "#server/web/page-cache.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  xsrfHeaders,
  withVersionTags,
} from "./support.ts";

type Site = { app: Hono<HttpEnv>; pageCache: PageCache; listener: RequestListener };
const bundlePath = new URL("../../build/server/index.js", import.meta.url).href;
const { createSite } = (await import(bundlePath)) as { createSite: (services: AppServices) => Site };

interface Page {
  status: number;
  html: string;
  /** Whether the page was rendered for this request (its CSP allows scripts by nonce) rather than given from the shared render (by hash). */
  rendered: boolean;
  headers: Headers;
}

/** A page with its CSP nonce replaced, so two renders of it compare equal. */
const withoutNonce = (html: string) => {
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
  return nonce ? html.replaceAll(nonce, "NONCE") : html;
};

describe.each(DATABASE_KINDS)("signed-in visitors of public pages on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let site: Site;
  const paths: string[] = [];

  async function get(path: string, cookie?: string, method = "GET"): Promise<Page> {
    const response = await site.app.request(path, { method, headers: cookie ? { cookie } : {} });
    const csp = response.headers.get("content-security-policy") ?? "";
    return {
      status: response.status,
      html: await response.text(),
      rendered: csp.includes("'nonce-"),
      headers: response.headers,
    };
  }

  async function user(name: string, fields: { isAdmin?: boolean; photo?: string } = {}) {
    const uid = `signed-in-${kind}-${name.replace(/\W/g, "")}-${Math.random().toString(36).slice(2, 8)}`;
    const cookie = await signedInCookie(testApp.services, {
      uid,
      email: `${uid}@example.com`,
      displayName: name,
      isAdmin: fields.isAdmin,
    });
    if (fields.photo)
      await testApp.services.database.db
        .updateTable("users")
        .set({ photo_url: fields.photo })
        .where("uid", "=", uid)
        .execute();
    return { uid, cookie };
  }

  /** The first link in a page that goes to a path matching `pattern`. */
  async function linkIn(path: string, pattern: RegExp): Promise<string> {
    const html = (await get(path)).html;
    const found = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!).find((href) => pattern.test(href));
    if (!found) throw new Error(`no link matching ${pattern} in ${path}`);
    return found;
  }

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    site = createSite(testApp.services);
    const arabicHome = (await site.app.request("/ar")).headers.get("location")!;
    const job = new URL((await site.app.request("/en/jobs/a1101/x")).headers.get("location")!, "http://x").pathname;
    paths.push(
      await linkIn("/en/articles", /^\/en\/articles\/\d+\//),
      "/en/articles",
      "/en/welcome",
      arabicHome,
      await linkIn(arabicHome, /^\/ar\/[^/]+\/\d+\//),
      job,
      "/en/search?q=arabic",
      "/en/articles/999999/missing",
    );
  });
  afterAll(() => testApp?.close());

  it("gives a signed-in visitor the visitors' render with their account area, byte for byte what React renders for them", async () => {
    // A new person for each page: an account area is kept per person and language, so their first page is rendered for them.
    const people = [
      () => user('Ada <b>"Admin"</b> & co', { isAdmin: true, photo: "https://example.com/ada.png?a=1&b=2" }),
      () => user("Rémi Reader"),
    ];
    for (const person of people) {
      for (const path of paths) {
        const visitor = await person();
        const visitorsPage = await get(path);
        expect(visitorsPage.rendered, path).toBe(false);
        const rendered = await get(path, visitor.cookie);
        expect(rendered.rendered, path).toBe(true);
        const shared = await get(path, visitor.cookie);
        expect([shared.status, shared.rendered], path).toEqual([rendered.status, false]);
        expect(withoutNonce(shared.html), path).toBe(withoutNonce(rendered.html));
        expect(shared.headers.get("cache-control"), path).toBe("private, no-store");
        expect(shared.headers.get("etag"), path).toBeNull();
      }
    }
    const page = (await get(paths[0]!, (await people[0]!()).cookie)).html;
    expect(page).toContain("Ada &lt;b&gt;&quot;Admin&quot;&lt;/b&gt; &amp; co");
    expect(page).toContain('src="https://example.com/ada.png?a=1&amp;b=2"');
    expect(page).toContain('href="/admin"');
    expect(page).not.toContain("sign-in-menu");
  });

  it("never gives one visitor's account area to another", async () => {
    const [first, second] = [await user("First Visitor"), await user("Second Visitor")];
    const path = paths[1]!;
    await get(path);
    for (let round = 0; round < 2; round++) {
      const [a, b] = [await get(path, first.cookie), await get(path, second.cookie)];
      expect([a.html.includes("First Visitor"), a.html.includes("Second Visitor")]).toEqual([true, false]);
      expect([b.html.includes("First Visitor"), b.html.includes("Second Visitor")]).toEqual([false, true]);
      expect(a.html).toContain(`"uid":"${first.uid}"`);
      expect(b.html).toContain(`"uid":"${second.uid}"`);
    }
    expect((await get(path)).html).not.toMatch(/First Visitor|Second Visitor/);
  });

  it("renders admin pages for each request, even where a visitor's refusal is kept", async () => {
    const admin = await user("Gate Admin", { isAdmin: true });
    expect((await get("/admin/no-such-screen")).status).toBe(404);
    expect(site.pageCache.isCached("/admin/no-such-screen")).toBe(true);
    for (let round = 0; round < 2; round++) {
      const page = await get("/admin/no-such-screen", admin.cookie);
      expect(page.rendered).toBe(true);
      expect(page.html).not.toContain("sign-in-menu");
    }
  });

  it("shows a role change at once", async () => {
    const person = await user("Soon Admin");
    const path = paths[2]!;
    await get(path);
    await get(path, person.cookie);
    expect((await get(path, person.cookie)).html).not.toContain('href="/admin"');
    await testApp.services.database.db
      .updateTable("users")
      .set({ role: "admin" })
      .where("uid", "=", person.uid)
      .execute();
    expect((await get(path, person.cookie)).html).toContain('href="/admin"');
    const shared = await get(path, person.cookie);
    expect([shared.rendered, shared.html.includes('href="/admin"')]).toEqual([false, true]);
  });

  it("shows an edit and a change of UI texts at once", async () => {
    const admin = await user("Editing Admin", { isAdmin: true });
    const xsrf = await xsrfHeaders(site.app, admin.cookie);
    const call = withVersionTags(
      adminApiCaller<{ article?: { id: number } }>(
        site.app,
        "/api/admin/articles",
        { admin: admin.cookie, user: "", anonymous: "" },
        xsrf,
      ),
    );
    const created = await call("POST", "", { body: { author: "Signed-in Tester", tags: [] } });
    const id = created.json!.article!.id;
    expect(
      (
        await call("PUT", `/${id}/versions/en-US`, {
          body: { title: "Before the edit", summary: "", body: "Text.", status: "published" },
        })
      ).status,
    ).toBe(201);
    const path = `/en/articles/${id}/before-the-edit`;
    await get(path);
    await get(path, admin.cookie);
    expect((await get(path, admin.cookie)).rendered).toBe(false);

    expect(
      (
        await call("PUT", `/${id}/versions/en-US`, {
          body: { title: "Before the edit", summary: "", body: "Edited text.", status: "published" },
        })
      ).status,
    ).toBe(200);
    // The dropped page is rendered again as visitors get it, and kept for them (decision 0138).
    const edited = await get(path, admin.cookie);
    expect([edited.rendered, edited.html.includes("Edited text."), edited.html.includes("Editing Admin")]).toEqual([
      false,
      true,
      true,
    ]);
    expect(site.pageCache.isCached(path)).toBe(true);
    expect((await get(path, admin.cookie)).rendered).toBe(false);
    // UI texts are resident data: every kept account area goes with the pages.
    await testApp.services.content.changed();
    await get(path);
    expect((await get(path, admin.cookie)).rendered).toBe(true);
  });

  it("renders a page no visitor has asked for once for everyone, once a signed-in visitor's area is known in its language", async () => {
    const reader = await user("Filling Reader");
    await get("/en/welcome", reader.cookie);
    const admin = await user("Preview Admin", { isAdmin: true });
    const xsrf = await xsrfHeaders(site.app, admin.cookie);
    const call = withVersionTags(
      adminApiCaller<{ article?: { id: number } }>(
        site.app,
        "/api/admin/articles",
        { admin: admin.cookie, user: "", anonymous: "" },
        xsrf,
      ),
    );
    const id = (await call("POST", "", { body: { author: "Fill Tester", tags: [] } })).json!.article!.id;
    expect(
      (
        await call("PUT", `/${id}/versions/en-US`, {
          body: { title: "Never seen by visitors", summary: "", body: "Text.", status: "published" },
        })
      ).status,
    ).toBe(201);
    const path = `/en/articles/${id}/never-seen-by-visitors`;
    expect(site.pageCache.isCached(path)).toBe(false);

    // Concurrent signed-in requests: one render as visitors get it, kept, each with the reader's area.
    const pages = await Promise.all(Array.from({ length: 4 }, () => get(path, reader.cookie)));
    expect(pages.map((page) => [page.status, page.rendered, page.html.includes("Filling Reader")])).toEqual(
      Array(4).fill([200, false, true]),
    );
    expect(new Set(pages.map((page) => page.html)).size).toBe(1);
    expect(site.pageCache.isCached(path)).toBe(true);
    const visitorsPage = await get(path);
    expect([
      visitorsPage.rendered,
      visitorsPage.html.includes("Filling Reader"),
      visitorsPage.html.includes("sign-in-menu"),
    ]).toEqual([false, false, true]);

    // Byte for byte what React renders for the reader: their areas go with a change of resident data, so their next page is rendered.
    await testApp.services.content.changed();
    const rendered = await get(path, reader.cookie);
    expect(rendered.rendered).toBe(true);
    expect(withoutNonce(rendered.html)).toBe(withoutNonce(pages[0]!.html));

    // A draft preview is never kept: the signed-in admin gets it rendered for them, with their area.
    await get("/en/welcome", admin.cookie);
    const previewResponse = await call("POST", `/${id}/versions/en-US/previews`, { body: {} });
    const previewPath = new URL((previewResponse.json as { preview: { url: string } }).preview.url).pathname;
    const preview = await get(previewPath, admin.cookie);
    expect([
      preview.status,
      preview.rendered,
      preview.html.includes("Preview Admin"),
      preview.headers.get("cache-control"),
    ]).toEqual([200, true, true, "private, no-store"]);
    expect(site.pageCache.isCached(previewPath)).toBe(false);
  });

  it("answers a signed-in HEAD from the shared render without a body", async () => {
    const reader = await user("Head Reader");
    const path = paths[0]!;
    await get(path);
    await get(path, reader.cookie);
    const head = await get(path, reader.cookie, "HEAD");
    expect([head.status, head.html, head.rendered]).toEqual([200, "", false]);
  });
});
