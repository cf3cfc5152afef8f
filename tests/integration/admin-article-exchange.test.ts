/** Article translations in XLIFF 2.0 (decision 0073): admin API and `npm run translations`, with roles (decision 0072), on both databases. */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle } from "#core/admin/articles/schema.ts";
import type { ImportReport } from "#core/admin/translations/schema.ts";
import { articleUnitPages } from "#server/admin/translations/exchange/articles.ts";
import type { StringUnit } from "#server/admin/translations/exchange/document.ts";
import { articleUnitId } from "#server/admin/translations/exchange/unit-ids.ts";
import { DATABASE_KINDS, signedInCookie, startTestApp, xsrfHeaders } from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type ImportReply = { report: ImportReport; error?: { code: string; message: string } };
type Who = "admin" | "translator" | "publisher";
const run = promisify(execFile);
const CLI_TIMEOUT_MS = 60_000;

describe.each(DATABASE_KINDS)("article translations in XLIFF on %s", (kind) => {
  let testApp: TestApp;
  const sessions: Record<Who, string> = { admin: "", translator: "", publisher: "" };
  const tokens = new Map<Who, Awaited<ReturnType<typeof xsrfHeaders>>>();
  let draftId = 0;
  let dir: string;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    sessions.admin = await signedInCookie(testApp.services, {
      email: "articles-exchange-admin@example.com",
      isAdmin: true,
    });
    sessions.translator = await signedInCookie(testApp.services, {
      email: "fr-translator@example.com",
      role: "translator",
      languages: ["fr-FR"],
    });
    sessions.publisher = await signedInCookie(testApp.services, {
      email: "fr-publisher@example.com",
      role: "translator",
      languages: ["fr-FR"],
      canPublish: true,
    });
    for (const who of Object.keys(sessions) as Who[]) tokens.set(who, await xsrfHeaders(testApp.app, sessions[who]));
    // An article written in English only: its French version is for a translator to create.
    const created = await api<{ article: AdminArticle }>("POST", "/api/admin/articles", {
      key: "exchange-draft",
      author: "Ada",
      tags: [],
    });
    draftId = created.json!.article.id;
    await api(
      "PUT",
      `/api/admin/articles/${draftId}/versions/en-US`,
      {
        title: "Notes from the road",
        summary: "A short one",
        body: "Line one\r\nLine two & <three>",
        coverAlt: "",
        status: "published",
      },
      "admin",
      { "if-none-match": "*" },
    );
    dir = mkdtempSync(join(tmpdir(), "article-exchange-"));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await testApp.close();
  });

  async function api<Json = ImportReply>(
    method: string,
    path: string,
    body?: unknown,
    as: Who = "admin",
    precondition: Record<string, string> = {},
  ) {
    const token = tokens.get(as)!;
    const response = await testApp.app.request(path, {
      method,
      headers: {
        "x-xsrf-token": token["x-xsrf-token"],
        cookie: `${token.cookie}; ${sessions[as]}`,
        ...precondition,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text === "" ? null : (JSON.parse(text) as Json) };
  }
  async function download(query: string, as: Who = "admin") {
    const response = await testApp.app.request(`/api/admin/translations/export?${query}`, {
      headers: { cookie: sessions[as] },
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }
  const upload = (content: string, options: { dryRun?: boolean; skipUnknown?: boolean } = {}, as: Who = "admin") =>
    api("POST", "/api/admin/translations/import", { content, ...options }, as);

  const db = () => testApp.services.database.db;
  async function storedState() {
    const [versions, translates, audit] = await Promise.all([
      db().selectFrom("article_versions").selectAll().orderBy("id").execute(),
      db().selectFrom("translations").selectAll().orderBy("id").execute(),
      db().selectFrom("audit_log").select("id").execute(),
    ]);
    return { versions, translates, auditCount: audit.length };
  }
  const version = (code: string, id = draftId) =>
    db()
      .selectFrom("article_versions")
      .selectAll()
      .where("article_id", "=", id)
      .where("code", "=", code)
      .executeTakeFirst();

  it("exports every article's fields with source, target, notes and state; PO cannot carry articles", async () => {
    const file = await download("lang=fr&format=xliff&what=articles");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="articles.fr-FR.xlf"');
    expect(file.text).toContain('srcLang="en-US" trgLang="fr-FR"');
    expect(file.text).toContain('<file id="articles">');
    expect(file.text).not.toContain('<file id="ui-strings">');
    expect(file.text).toMatch(
      /<unit id="exchange-draft\.title" xml:space="preserve">\s*<notes>\s*<note>Article title\.<\/note>\s*<\/notes>\s*<segment state="initial">\s*<source>Notes from the road<\/source>\s*<\/segment>/,
    );
    expect(file.text).toContain("<source>Line one&#13;\nLine two &amp; &lt;three&gt;</source>");
    expect(file.text).not.toContain("exchange-draft.coverAlt"); // an empty source field has nothing to translate
    expect(file.text).toMatch(
      /<unit id="one-story-seven-languages\.title" xml:space="preserve">[\s\S]*?<segment state="translated">/,
    );
    const all = await download("lang=fr&format=xliff&what=all");
    expect(all.text).toContain('<file id="ui-strings">');
    expect(all.text).toContain('<file id="articles">');
    const po = await download("lang=fr&format=po&what=articles");
    expect(po.status).toBe(400);
    expect(po.text).toContain("XLIFF only");
  });

  it("reads the articles for an export a page at a time, each exactly once, in key order, as the download lists them", async () => {
    const pages: StringUnit[][] = [];
    for await (const page of articleUnitPages(db(), "en-US", "fr-FR", 2)) pages.push(page);
    const articlesOf = (units: StringUnit[]) => [
      ...new Set(units.map((unit) => unit.key.slice(0, unit.key.lastIndexOf("/")))),
    ];
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) expect(articlesOf(page).length).toBeLessThanOrEqual(2);
    const withSource = await db()
      .selectFrom("articles")
      .innerJoin("article_versions", "article_versions.article_id", "articles.id")
      .select("articles.key")
      .where("article_versions.code", "=", "en-US")
      .execute();
    const keys = withSource.map((row) => row.key).sort();
    expect(articlesOf(pages.flat())).toEqual(keys);
    const file = await download("lang=fr&format=xliff&what=articles");
    expect([...file.text.matchAll(/<unit id="([^"]+)"/g)].map((match) => match[1])).toEqual(
      pages.flat().map((unit) => articleUnitId(unit.key)),
    );
  });

  it.each(["articles", "all"])(
    "a round trip of --what %s with no edits changes nothing and writes nothing",
    async (what) => {
      const file = await download(`lang=ar&format=xliff&what=${what}`);
      const before = await storedState();
      const { status, json } = await upload(file.text);
      expect(status).toBe(200);
      expect(json!.report).toMatchObject({
        language: "ar",
        changes: [],
        unknown: [],
        problems: [],
        applied: false,
        refusal: null,
      });
      expect(json!.report.unchanged).toBeGreaterThan(5);
      expect(await storedState()).toEqual(before);
    },
  );

  it("previews a translated article without writing, then creates the version as a draft in one transaction, audited", async () => {
    const file = (await download("lang=fr&format=xliff&what=articles", "translator")).text
      .replace(
        "<source>Notes from the road</source>",
        "<source>Notes from the road</source>\n        <target>Carnets de route</target>",
      )
      .replace(
        "<source>Line one&#13;\nLine two &amp; &lt;three&gt;</source>",
        "<source>x</source>\n        <target>Ligne un&#13;\nLigne deux &amp; &lt;trois&gt;</target>",
      );
    const before = await storedState();
    const preview = await upload(file, { dryRun: true }, "translator");
    expect(preview.status).toBe(200);
    expect(preview.json!.report.changes).toEqual([
      { key: "articles/exchange-draft/title", before: null, after: "Carnets de route" },
      { key: "articles/exchange-draft/body", before: null, after: "Ligne un\r\nLigne deux & <trois>" },
    ]);
    expect(await storedState()).toEqual(before);

    const applied = await upload(file, {}, "translator");
    expect(applied.status).toBe(200);
    expect(applied.json!.report.applied).toBe(true);
    expect(await version("fr-FR")).toMatchObject({
      title: "Carnets de route",
      slug: "carnets-de-route",
      body: "Ligne un\r\nLigne deux & <trois>",
      summary: "",
      status: "draft",
    });
    const audit = await db()
      .selectFrom("audit_log")
      .select(["entity", "entity_id", "action"])
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(audit).toEqual([
      { entity: "translation_import", entity_id: "fr-FR", action: "import" },
      { entity: "article_version", entity_id: `${draftId}:fr-FR`, action: "create" },
    ]);
    // Exported again, the French text comes back as it was imported.
    expect((await download("lang=fr&format=xliff&what=articles")).text).toContain(
      "<target>Ligne un&#13;\nLigne deux &amp; &lt;trois&gt;</target>",
    );
  });

  it("writes nothing when one article is invalid, and names it; a new version needs a title", async () => {
    const file = (await download("lang=de&format=xliff&what=articles")).text
      .replace("<source>A short one</source>", "<source>A short one</source>\n        <target>Kurz</target>")
      .replace(
        /(<unit id="one-story-seven-languages\.title" xml:space="preserve">[\s\S]*?<target>)[^<]*(<\/target>)/,
        `$1${"T".repeat(300)}$2`,
      );
    const before = await storedState();
    const { status, json } = await upload(file);
    expect(status).toBe(422);
    expect(json!.report.problems).toEqual([
      { key: "articles/exchange-draft", message: "title: a new version needs a title." },
      { key: "articles/one-story-seven-languages", message: expect.stringMatching(/^title: must be at most/) },
    ]);
    expect(json!.error!.message).toBe("2 translations are not valid; nothing was imported.");
    expect(await storedState()).toEqual(before);
  });

  it("refuses unknown articles unless asked to skip them, then applies the rest; ids of older files (article/field) are read too", async () => {
    const file = (await download("lang=fr&format=xliff&what=articles")).text
      .replace("<target>Carnets de route</target>", "<target>Carnets de voyage</target>")
      .replace(
        '<unit id="exchange-draft.title"',
        '<unit id="no-such-article.title"><segment><source>x</source><target>y</target></segment></unit><unit id="exchange-draft/author"><segment><source>x</source><target>y</target></segment></unit><unit id="exchange-draft/title"',
      );
    const before = await storedState();
    const refused = await upload(file);
    expect(refused.status).toBe(422);
    expect(refused.json!.report.unknown).toEqual(["articles/exchange-draft/author", "articles/no-such-article"]);
    expect(await storedState()).toEqual(before);
    const skipped = await upload(file, { skipUnknown: true });
    expect(skipped.status).toBe(200);
    expect(skipped.json!.report.changes).toEqual([
      { key: "articles/exchange-draft/title", before: "Carnets de route", after: "Carnets de voyage" },
    ]);
    expect((await version("fr-FR"))?.title).toBe("Carnets de voyage");
  });

  it("keeps publishing with those who may publish: a translator's file for a published version becomes pending changes beside the live text", async () => {
    const storyId = (
      await db()
        .selectFrom("articles")
        .select("id")
        .where("key", "=", "one-story-seven-languages")
        .executeTakeFirstOrThrow()
    ).id;
    const published = await version("fr-FR", storyId);
    expect(published?.status).toBe("published");
    const revised = "Une histoire, sept langues (revue)";
    const file = (await download("lang=fr&format=xliff&what=articles", "translator")).text.replace(
      `<target>${published!.title}</target>`,
      `<target>${revised}</target>`,
    );
    const pendingOf = () =>
      db()
        .selectFrom("article_drafts")
        .select(["title", "updated_by"])
        .where("article_id", "=", storyId)
        .where("code", "=", "fr-FR")
        .executeTakeFirst();
    const saved = await upload(file, {}, "translator");
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    // The live text stays what visitors read; the translator's text waits for an editor.
    expect(await version("fr-FR", storyId)).toMatchObject({ title: published!.title, status: "published" });
    expect(await pendingOf()).toMatchObject({ title: revised });
    const allowed = await upload(file, {}, "publisher");
    expect(allowed.status, JSON.stringify(allowed.json)).toBe(200);
    expect(await version("fr-FR", storyId)).toMatchObject({ title: revised, status: "published" });
    expect(await pendingOf()).toBeUndefined();
  });

  it("refuses a translator another language's file (403) before any preview, and hostile files (400), writing nothing", async () => {
    const german = (await download("lang=de&format=xliff&what=articles")).text;
    const before = await storedState();
    const refused = await upload(german, { dryRun: true }, "translator");
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: { code: "forbidden" } });
    expect(refused.json).not.toHaveProperty("report");
    expect((await download("lang=de&format=xliff&what=articles", "translator")).status).toBe(403);
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><xliff>&b;</xliff>';
    expect((await upload(bomb)).status).toBe(400);
    const external = german.replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE xliff SYSTEM "file:///etc/passwd">',
    );
    expect((await upload(external)).json).toMatchObject({
      error: { message: expect.stringContaining("DTDs and entities are not accepted") },
    });
    expect(await storedState()).toEqual(before);
  });

  describe("npm run translations", () => {
    const cli = (...args: string[]) =>
      run(process.execPath, ["server/cli/translations.ts", ...args], {
        env: { ...process.env, DATABASE_URL: testApp.databaseUrl, LOG_LEVEL: "silent" },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          stdout: error.stdout,
          stderr: error.stderr,
        }),
      );

    it(
      "exports --what articles as the admin downloads it; --dry-run prints the change and writes nothing",
      { timeout: CLI_TIMEOUT_MS },
      async () => {
        const exported = await cli("export", "--lang", "ja", "--format", "xliff", "--what", "articles");
        expect(exported.code).toBe(0);
        expect(exported.stdout).toBe((await download("lang=ja&format=xliff&what=articles")).text);
        const path = join(dir, "ja.xlf");
        writeFileSync(
          path,
          exported.stdout.replace(
            "<source>Notes from the road</source>",
            "<source>Notes from the road</source><target>道の記録</target>",
          ),
        );
        const before = await storedState();
        const dry = await cli("import", path, "--dry-run");
        expect(dry.stdout).toContain('create articles/exchange-draft/title: (none) → "道の記録"');
        expect(dry.stdout).toContain("Dry run: nothing was written.");
        expect(await storedState()).toEqual(before);
        expect(await cli("export", "--lang", "ja", "--format", "po", "--what", "articles")).toMatchObject({
          code: 2,
          stderr: expect.stringContaining("XLIFF only"),
        });
      },
    );
  });
});
