/**
 * The content delivery API (issue 46 item 1, decision 0200) on both databases: every route read per language with
 * a key, and refused without one (401), with a revoked one (401) or outside the key's languages (403); fallback
 * chains applied and marked; strong ETags and 304; CDN headers; CORS for listed origins only (preflight too); the
 * per-key rate limit (429 with Retry-After); last use recorded; hostile query strings answered 400, never 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVERYTHING } from "#server/content/changes.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  xsrfHeaders,
  type AdminApiCall,
} from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const API = "/api/content/v1";
const PARTNER = "https://partner.example";
const SITE = "http://localhost:3000";

describe.each(DATABASE_KINDS)("content delivery API on %s", (kind) => {
  let app: TestApp;
  let call: AdminApiCall<Json>;
  let token: string;
  let keyId: number;
  let codes: string[];

  const get = (path: string, options: { token?: string | null; headers?: Record<string, string> } = {}) => {
    const bearer = options.token === undefined ? token : options.token;
    return app.app.request(path, {
      headers: { ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }), ...options.headers },
    });
  };
  const json = async (path: string, options?: Parameters<typeof get>[1]) => {
    const response = await get(path, options);
    expect(response.status, `GET ${path}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as Json;
  };
  async function createKey(body: Json): Promise<{ token: string; id: number }> {
    const created = await call("POST", "/api-keys", { body });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return { token: created.json!.token as string, id: created.json!.apiKey.id as number };
  }

  beforeAll(async () => {
    app = await startTestApp(kind);
    const admin = await signedInCookie(app.services, { email: `keys-${Math.random()}@example.com`, isAdmin: true });
    call = adminApiCaller<Json>(app.app, "/api/admin", { admin, user: "", anonymous: "" }, await xsrfHeaders(app.app));
    ({ token, id: keyId } = await createKey({ name: "Everything", origins: [PARTNER], rateLimit: 100_000 }));
    codes = app.services.content
      .current()
      .languages.filter((language) => language.enabled)
      .map((language) => language.code);
  }, 60_000);
  afterAll(() => app?.close());

  it("creates keys shown once, stored hashed", async () => {
    expect(token).toMatch(/^ppk_[A-Za-z0-9_-]{43}$/);
    const { apiKeys } = (await call("GET", "/api-keys")).json!;
    expect(JSON.stringify(apiKeys)).not.toContain(token);
    const row = await app.services.database.db
      .selectFrom("api_keys")
      .selectAll()
      .where("id", "=", keyId)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const bad = await call("POST", "/api-keys", { body: { name: "x", languages: ["xx-XX"] } });
    expect(bad.status).toBe(400);
    expect(bad.json!.error.field).toBe("languages");
  });

  it("reads every route in every language with a key, and refuses each without one", async () => {
    const languages = await json(`${API}/languages`);
    expect((languages.data as Json[]).map((language) => language.code as string).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const list = await json(`${API}/${code}/articles?limit=3`);
      expect(list.language).toBe(code);
      const first = list.data[0];
      const routes = [
        `${API}/${code}/strings`,
        `${API}/${code}/jobs?limit=5`,
        `${API}/${code}/tags`,
        `${API}/${code}/articles`,
        ...(first
          ? [`${API}/${code}/articles/${first.id}`, `${API}/${code}/articles/by-slug/${encodeURIComponent(first.slug)}`]
          : []),
      ];
      for (const route of routes) {
        const body = await json(route);
        expect(body.language, route).toBe(code);
        const anonymous = await get(route, { token: null });
        expect(anonymous.status, route).toBe(401);
        expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
        expect(((await anonymous.json()) as Json).error.code).toBe("unauthenticated");
        expect((await get(route, { token: `${token}x` })).status, route).toBe(401);
      }
      if (first) {
        const article = await json(`${API}/${code}/articles/${first.id}`);
        expect(article.data).toMatchObject({ id: first.id, language: code, fallback: false });
        expect(typeof article.data.body).toBe("string");
        expect(["current", "outdated"]).toContain(article.data.translation.status);
        expect((article.data.alternates as Json[]).every((alternate) => alternate.language !== code)).toBe(true);
      }
    }
  });

  it("pages every published article once by keyset, and filters by tag and change time", async () => {
    const seen: number[] = [];
    let next: string | null = null;
    do {
      const page: Json = await json(`${API}/en-US/articles?limit=2${next ? `&cursor=${next}` : ""}`);
      seen.push(...(page.data as Json[]).map((item) => item.id as number));
      next = page.next;
    } while (next !== null);
    const published = await app.services.database.db
      .selectFrom("article_versions")
      .select("article_id")
      .where("code", "=", "en-US")
      .where("status", "=", "published")
      .execute();
    expect(seen.sort((a, b) => a - b)).toEqual(published.map((row) => row.article_id).sort((a, b) => a - b));
    const tagged = await json(`${API}/en-US/articles?tag=ROME&limit=100`);
    expect(tagged.data.length).toBeGreaterThan(0);
    for (const item of tagged.data) expect((item.tags as string[]).map((tag) => tag.toLowerCase())).toContain("rome");
    expect((await json(`${API}/en-US/articles?updated_since=2999-01-01T00:00:00Z`)).data).toEqual([]);
    expect((await json(`${API}/en-US/articles?updated_since=2000-01-01T00:00:00%2B02:00&limit=100`)).data.length).toBe(
      published.length,
    );
  });

  it("names each tag in the language where it has a name (decision 0221)", async () => {
    const french = (await json(`${API}/fr-FR/tags`)) as { data: { key: string; name: string | null }[] };
    expect(french.data).toContainEqual(expect.objectContaining({ key: "careers", name: "Carrières" }));
    expect(french.data).toContainEqual(expect.objectContaining({ key: "rome", name: null }));
  });

  it("applies the fallback chain and marks what came from it", async () => {
    const { db } = app.services.database;
    const languages = app.services.content.current().languages;
    const english = languages.find((language) => language.code === "en-US")!;
    await db
      .updateTable("languages")
      .set({ fallbacks: JSON.stringify([english.id]), list_fallback_articles: 1 })
      .where("code", "=", "ja-JP")
      .execute();
    const borrowed = await db
      .selectFrom("translations")
      .select("code_component")
      .where("code", "=", "ja-JP")
      .where("code_component", "not like", "admin.%")
      .orderBy("code_component")
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom("translations")
      .where("code", "=", "ja-JP")
      .where("code_component", "=", borrowed.code_component)
      .execute();
    await app.services.content.changed(EVERYTHING);

    const strings = await json(`${API}/ja-JP/strings`);
    expect((strings.data as Json[]).find((entry) => entry.key === borrowed.code_component)).toMatchObject({
      language: "en-US",
      fallback: true,
    });
    expect((strings.data as Json[]).filter((entry) => !entry.fallback).length).toBeGreaterThan(0);

    // An article with an English version and no Japanese one.
    const missing = await db
      .selectFrom("article_versions as v")
      .select("v.article_id")
      .where("v.code", "=", "en-US")
      .where("v.status", "=", "published")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("article_versions as j")
              .select("j.id")
              .whereRef("j.article_id", "=", "v.article_id")
              .where("j.code", "=", "ja-JP"),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const article = await json(`${API}/ja-JP/articles/${missing.article_id}`);
    expect(article).toMatchObject({ language: "ja-JP", data: { language: "en-US", fallback: true } });
    const list = await json(`${API}/ja-JP/articles?limit=100`);
    expect((list.data as Json[]).find((item) => item.id === missing.article_id)).toMatchObject({
      language: "en-US",
      fallback: true,
    });
    expect((list.data as Json[]).some((item) => item.language === "ja-JP" && !item.fallback)).toBe(true);
    // Job labels: none in Japanese, so English's or the official French label, marked.
    const jobs = await json(`${API}/ja-JP/jobs?limit=3`);
    expect(jobs.data[0].fallback).toBe(true);
    expect(["en-US", "fr-FR"]).toContain(jobs.data[0].language);
    const languagesList = await json(`${API}/languages`);
    expect((languagesList.data as Json[]).find((language) => language.code === "ja-JP")).toMatchObject({
      fallbacks: ["en-US"],
      listsBorrow: true,
    });
    // An article in no language of the chain.
    expect((await get(`${API}/ja-JP/articles/2147483647`)).status).toBe(404);
    expect((await get(`${API}/zz-ZZ/strings`)).status).toBe(404);
  });

  it("answers strong ETags, 304 on If-None-Match, and CDN cache headers", async () => {
    for (const path of [`${API}/fr-FR/articles?limit=2`, `${API}/fr-FR/strings`, `${API}/languages`]) {
      const first = await get(path);
      const etag = first.headers.get("etag")!;
      expect(etag, path).toMatch(/^"[^"]+"$/);
      expect(first.headers.get("cache-control")).toContain("public");
      expect(first.headers.get("surrogate-key")).toContain("site");
      expect(first.headers.get("vary")).toContain("Authorization");
      const again = await get(path, { headers: { "if-none-match": etag } });
      expect(again.status, path).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
    }
    const list = await get(`${API}/fr-FR/articles?limit=1`);
    expect(list.headers.get("surrogate-key")).toContain("list:fr-FR");
    expect(list.headers.get("link")).toMatch(/rel="next"/);
  });

  it("refuses languages outside a key's scope (403) and lists only those it may read", async () => {
    const scoped = await createKey({ name: "French only", languages: ["fr-FR"] });
    expect((await get(`${API}/fr-FR/articles`, { token: scoped.token })).status).toBe(200);
    const refused = await get(`${API}/es-ES/articles`, { token: scoped.token });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Json).error.field).toBe("lang");
    expect(
      ((await json(`${API}/languages`, { token: scoped.token })).data as Json[]).map(
        (language) => language.code as string,
      ),
    ).toEqual(["fr-FR"]);
    const article = await json(`${API}/fr-FR/articles?limit=5`, { token: scoped.token });
    for (const item of article.data) expect(item.alternates).toEqual([]);
  });

  it("echoes only listed origins (CORS), preflight included", async () => {
    const allowed = await get(`${API}/fr-FR/tags`, { headers: { origin: PARTNER } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(PARTNER);
    const other = await get(`${API}/fr-FR/tags`, { headers: { origin: "https://evil.example" } });
    expect(other.status).toBe(403);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    // The site itself needs no CORS.
    expect((await get(`${API}/fr-FR/tags`, { headers: { origin: SITE } })).status).toBe(200);

    const preflight = (origin: string) =>
      app.app.request(`${API}/fr-FR/articles`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
      });
    const ok = await preflight(PARTNER);
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe(PARTNER);
    expect(ok.headers.get("access-control-allow-headers")).toContain("Authorization");
    const refused = await preflight("https://evil.example");
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("limits each key's requests (429 with Retry-After), records last use, and refuses a revoked key", async () => {
    const limited = await createKey({ name: "Slow", rateLimit: 3 });
    for (let request = 0; request < 3; request += 1)
      expect((await get(`${API}/de-DE/tags`, { token: limited.token })).status).toBe(200);
    const refused = await get(`${API}/de-DE/tags`, { token: limited.token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Other keys are counted apart.
    expect((await get(`${API}/de-DE/tags`)).status).toBe(200);

    const { apiKeys } = (await call("GET", "/api-keys")).json!;
    expect((apiKeys as Json[]).find((key) => key.id === limited.id)!.lastUsedAt).not.toBeNull();

    const revoked = await call("POST", `/api-keys/${limited.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.json!.apiKey.revokedAt).not.toBeNull();
    const after = await get(`${API}/de-DE/strings`, { token: limited.token });
    expect(after.status).toBe(401);
    expect(((await after.json()) as Json).error.message).toContain("revoked");
  });

  it("answers hostile query strings and paths with a 4xx naming the parameter, never a 500", async () => {
    const cases: [string, string | null][] = [
      ["/fr-FR/articles?limit=0", "limit"],
      ["/fr-FR/articles?limit=101", "limit"],
      ["/fr-FR/articles?limit=abc", "limit"],
      ["/fr-FR/articles?limit=1e3", "limit"],
      ["/fr-FR/articles?limit=-1", "limit"],
      ["/fr-FR/articles?limit=1&limit=2", "limit"],
      ["/fr-FR/articles?cursor=%00%01", null],
      ["/fr-FR/articles?cursor=bm90IGEgY3Vyc29y", "cursor"],
      [`/fr-FR/articles?cursor=${"A".repeat(200)}`, "cursor"],
      [`/fr-FR/articles?cursor=${"A".repeat(5000)}`, null],
      ["/fr-FR/articles?updated_since=yesterday", "updated_since"],
      ["/fr-FR/articles?updated_since=2026-13-45T00:00:00Z", "updated_since"],
      [`/fr-FR/articles?tag=${"x".repeat(200)}`, "tag"],
      ["/fr-FR/jobs?after=';drop table x", "after"],
      ["/fr-FR/jobs?limit=100000", "limit"],
      ["/fr-FR/articles/0", "id"],
      ["/fr-FR/articles/99999999999", "id"],
      ["/fr-FR/articles/1%20or%201=1", "id"],
      [`/fr-FR/articles/by-slug/${"s".repeat(400)}`, "slug"],
      ["/fr_FR!/strings", "lang"],
      ["/%E2%80%AE/strings", null],
    ];
    for (const [path, field] of cases) {
      const response = await get(`${API}${path}`);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      const body = (await response.json()) as Json;
      if (field) expect(body.error.field ?? body.error.message, path).toContain(field);
    }
    // A by-slug miss and an unknown article are plain 404s.
    expect((await get(`${API}/fr-FR/articles/by-slug/nothing-here`)).status).toBe(404);
    expect((await get(`${API}/fr-FR/articles/by-slug/%FF`)).status).toBeLessThan(500);
    expect((await get(`${API}/fr-FR/articles?tag=%ED%A0%80`)).status).toBeLessThan(500);
  });

  it("never serves drafts, and a change drops the cached answers that showed it (a new ETag)", async () => {
    const { db } = app.services.database;
    const before = (await get(`${API}/de-DE/articles?limit=100`)).headers.get("etag");
    const version = await db
      .selectFrom("article_versions")
      .select(["article_id", "code"])
      .where("code", "=", "de-DE")
      .where("status", "=", "published")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("article_versions")
      .set({ status: "draft" })
      .where("article_id", "=", version.article_id)
      .where("code", "=", "de-DE")
      .execute();
    await app.services.content.changed(EVERYTHING);
    const changed = await get(`${API}/de-DE/articles?limit=100`);
    expect(changed.headers.get("etag")).not.toBe(before);
    const list = (await changed.json()) as Json;
    expect((list.data as Json[]).some((item) => item.id === version.article_id && item.language === "de-DE")).toBe(
      false,
    );
    const one = await get(`${API}/de-DE/articles/${version.article_id}`);
    if (one.status === 200) expect(((await one.json()) as Json).data.language).not.toBe("de-DE");
  });
});
