/** XLIFF 2.0 and PO exchange of UI strings (decision 0071): admin API and `npm run translations`, on both databases. */
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportReport } from "#core/admin/translations/schema.ts";
import { MAX_EXCHANGE_FILE_BYTES } from "#server/admin/translations/exchange/document.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  expectAdminGateRefuses,
  signedInCookie,
  startTestApp,
  xsrfHeaders,
  type AdminApiCall,
  type Visitor,
} from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type ImportReply = { report: ImportReport; error?: { code: string; message: string } };
const run = promisify(execFile);
/** Each command starts Node and opens the database: seconds on a busy 2-core machine. */
const CLI_TIMEOUT_MS = 60_000;

describe.each(DATABASE_KINDS)("translation exchange on %s", (kind) => {
  let testApp: TestApp;
  let xsrf: Awaited<ReturnType<typeof xsrfHeaders>>;
  const sessions: Record<Visitor, string> = { admin: "", user: "", anonymous: "" };
  let call: AdminApiCall<ImportReply>;
  let dir: string;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    xsrf = await xsrfHeaders(testApp.app);
    sessions.admin = await signedInCookie(testApp.services, { email: "exchange-admin@example.com", isAdmin: true });
    sessions.user = await signedInCookie(testApp.services, { email: "exchange-reader@example.com" });
    call = adminApiCaller(testApp.app, "/api/admin/translations", sessions, xsrf);
    dir = mkdtempSync(join(tmpdir(), "exchange-"));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await testApp.close();
  });

  const db = () => testApp.services.database.db;
  async function storedState() {
    const translates = await db().selectFrom("translations").selectAll().orderBy("id").execute();
    const audit = await db().selectFrom("audit_log").select("id").execute();
    return { translates, auditCount: audit.length };
  }
  const label = async (key: string, code: string) =>
    (
      await db()
        .selectFrom("translations")
        .select("label")
        .where("code_component", "=", key)
        .where("code", "=", code)
        .executeTakeFirst()
    )?.label;

  async function download(query: string, as: Visitor = "admin") {
    const response = await testApp.app.request(`/api/admin/translations/export?${query}`, {
      headers: { cookie: sessions[as] },
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }
  const upload = (content: string, options: { dryRun?: boolean; skipUnknown?: boolean } = {}) =>
    call("POST", "/import", { body: { content, ...options } });

  it("answers 401 to an anonymous visitor and 403 to a non-admin on both endpoints, changing nothing", async () => {
    expect((await download("lang=fr&format=po", "anonymous")).status).toBe(401);
    expect((await download("lang=fr&format=po", "user")).status).toBe(403);
    await expectAdminGateRefuses(call, "POST", "/import", { content: "x" }, storedState);
  });

  it("downloads XLIFF 2.0 and PO with source, target, notes and state", async () => {
    const xliff = await download("lang=fr&format=xliff");
    expect(xliff.status).toBe(200);
    expect(xliff.headers.get("content-type")).toBe("application/xliff+xml; charset=utf-8");
    expect(xliff.headers.get("content-disposition")).toBe('attachment; filename="ui-strings.fr-FR.xlf"');
    expect(xliff.text).toContain('srcLang="en-US" trgLang="fr-FR"');
    expect(xliff.text).toMatch(
      /<unit id="JOBS:RESULTS" xml:space="preserve">\s*<notes>\s*<note>ICU message with \{count\}\. Plurals in fr-FR need the categories one, many, other\.<\/note>/,
    );
    expect(xliff.text).toContain(
      "<target>{count, plural, one {# métier} many {# de métiers} other {# métiers}}</target>",
    );
    expect(xliff.text).not.toContain('id="ARTICLES"'); // page names are edited with their rules, not exchanged
    const po = await download("lang=fr-FR&format=po");
    expect(po.headers.get("content-disposition")).toBe('attachment; filename="ui-strings.fr-FR.po"');
    expect(po.text).toContain('msgctxt "NAV:HOME"\nmsgid "Home"\nmsgstr "Accueil"');
  });

  it.each(["fr-FR", "ar", "ja"])(
    "exports a %s PO file that msgfmt -c checks clean, with its plural forms",
    async (code) => {
      const po = await download(`lang=${code}&format=po`);
      expect(po.status).toBe(200);
      expect(po.text).toMatch(/"Plural-Forms: nplurals=(\d); plural=.+;\\n"/);
      expect(/"Plural-Forms: nplurals=(\d)/.exec(po.text)![1]).toBe({ "fr-FR": "3", ar: "6", ja: "1" }[code]);
      const check = spawnSync("msgfmt", ["-c", "-o", "/dev/null", "-"], { input: po.text, encoding: "utf8" });
      expect(check.error).toBeUndefined();
      expect({ status: check.status, problems: `${check.stdout}${check.stderr}`.trim() }).toEqual({
        status: 0,
        problems: "",
      });
    },
  );

  it.each([
    ["format=xliff", 400],
    ["lang=fr&format=csv", 400],
    ["lang=fr&format=po&extra=1", 400],
    ["lang=xx&format=po", 404],
  ])("refuses the export query %s", async (query, status) => {
    expect((await download(query)).status).toBe(status);
  });

  it.each(["xliff", "po"])("a %s round trip with no edits changes nothing and writes nothing", async (format) => {
    const file = await download(`lang=ar&format=${format}`);
    const before = await storedState();
    const { status, json } = await upload(file.text);
    expect(status).toBe(200);
    expect(json!.report).toMatchObject({
      format,
      language: "ar",
      changes: [],
      unknown: [],
      problems: [],
      applied: false,
      refusal: null,
    });
    expect(json!.report.unchanged).toBeGreaterThan(80);
    expect(await storedState()).toEqual(before);
  });

  it("previews an edited file without writing, then applies it in one transaction, audited", async () => {
    const file = (await download("lang=de&format=po")).text
      .replace('msgstr "Startseite"', 'msgstr "Start"')
      .replace(
        'msgctxt "JOBS:RESULTS"\nmsgid "{count, plural, one {# job} other {# jobs}}"\nmsgstr "{count, plural, one {# Beruf} other {# Berufe}}"',
        'msgctxt "JOBS:RESULTS"\nmsgid "{count, plural, one {# job} other {# jobs}}"\nmsgstr "{count, plural, one {ein Beruf} other {# Berufe}}"',
      );
    const before = await storedState();
    const preview = await upload(file, { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.json!.report.changes).toEqual([
      {
        key: "JOBS:RESULTS",
        before: "{count, plural, one {# Beruf} other {# Berufe}}",
        after: "{count, plural, one {ein Beruf} other {# Berufe}}",
      },
      { key: "NAV:HOME", before: "Startseite", after: "Start" },
    ]);
    expect(preview.json!.report.applied).toBe(false);
    expect(await storedState()).toEqual(before);

    const applied = await upload(file);
    expect(applied.json!.report).toMatchObject({ applied: true });
    expect(await label("NAV:HOME", "de-DE")).toBe("Start");
    const audit = await db().selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(3).execute();
    expect(audit.map((entry) => [entry.entity, entry.entity_id, entry.action])).toEqual([
      ["translation_import", "de-DE", "import"],
      ["translation", "NAV:HOME/de-DE", "update"],
      ["translation", "JOBS:RESULTS/de-DE", "update"],
    ]);
    expect(testApp.services.content.current().translations.get("de-DE")?.get("NAV:HOME")).toBe("Start");
  });

  it("writes nothing when one translation is invalid ICU, and names its key", async () => {
    const file = (await download("lang=es&format=xliff")).text
      .replace("<target>Inicio</target>", "<target>Portada</target>")
      .replace(
        "<target>{count, plural, one {# empleo} many {# de empleos} other {# empleos}}</target>",
        "<target>{count, plural, one {# empleo} other {# empleos}}</target>",
      )
      .replace("<target>Por {author}</target>", "<target>Por {autor}</target>");
    const before = await storedState();
    const { status, json } = await upload(file);
    expect(status).toBe(422);
    expect(json!.error).toEqual({
      code: "import_refused",
      message: "2 translations are not valid; nothing was imported.",
    });
    expect(json!.report.problems).toEqual([
      { key: "ARTICLES:BY", message: "{autor} is not an argument of the source string (en-US), which has {author}." },
      { key: "JOBS:RESULTS", message: expect.stringContaining("missing: many.") },
    ]);
    expect(json!.report.changes).toEqual([{ key: "NAV:HOME", before: "Inicio", after: "Portada" }]);
    expect(await storedState()).toEqual(before);
  });

  it("refuses unknown keys unless asked to skip them, then applies the rest", async () => {
    const file = (await download("lang=pt&format=xliff")).text
      .replace("<target>Início</target>", "<target>Página inicial</target>")
      .replace(
        '<unit id="NAV:HOME"',
        '<unit id="NOT:A_KEY"><segment><source>x</source><target>y</target></segment></unit><unit id="HOME"><segment><source>welcome</source><target>boas-vindas</target></segment></unit><unit id="NAV:HOME"',
      );
    const before = await storedState();
    const refused = await upload(file);
    expect(refused.status).toBe(422);
    expect(refused.json!.report.unknown).toEqual(["NOT:A_KEY", "HOME"]);
    expect(await storedState()).toEqual(before);
    const skipped = await upload(file, { skipUnknown: true });
    expect(skipped.status).toBe(200);
    expect(skipped.json!.report).toMatchObject({
      applied: true,
      unknown: ["NOT:A_KEY", "HOME"],
      changes: [{ key: "NAV:HOME", after: "Página inicial" }],
    });
    expect(await label("NAV:HOME", "pt-BR")).toBe("Página inicial");
  });

  it.each([
    [
      "a DOCTYPE with entities",
      '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><xliff>&b;</xliff>',
      400,
      "DTDs and entities are not accepted",
    ],
    ["an unknown target language", 'msgid ""\nmsgstr "Language: xx\\n"\n', 422, "xx is not a language of this site"],
    ["a PO file without a Language header", 'msgctxt "NAV:HOME"\nmsgid "Home"\nmsgstr "x"\n', 400, "Language"],
    [
      "a file over the size limit",
      `msgid ""\nmsgstr "Language: fr\\n"\n#${"x".repeat(MAX_EXCHANGE_FILE_BYTES)}\n`,
      400,
      "larger than 2 MiB",
    ],
  ])("refuses %s, changing nothing", async (_case, content, status, message) => {
    const before = await storedState();
    const { status: answered, json } = await upload(content);
    expect(answered).toBe(status);
    expect(json!.error!.message).toContain(message);
    expect(await storedState()).toEqual(before);
  });

  it("refuses a bad request body with a 4xx naming the field", async () => {
    expect((await call("POST", "/import", { body: { content: "" } })).json).toMatchObject({
      error: { field: "content" },
    });
    expect((await call("POST", "/import", { body: { content: "x", dryRun: "yes" } })).json).toMatchObject({
      error: { field: "dryRun" },
    });
    expect((await call("POST", "/import", { body: { content: "x", extra: 1 } })).status).toBe(400);
  });

  it("answers a body read on the worker thread (decision 0154) as any other: bad JSON, bad UTF-8, another type, a file without a language", async () => {
    expect((await call("POST", "/import", { raw: '{"content":' })).json).toEqual({
      error: { code: "malformed_json", message: "The request body is not valid JSON." },
    });
    expect((await call("POST", "/import", { raw: "" })).json).toEqual({
      error: { code: "malformed_json", message: "The request body is not valid JSON." },
    });
    const badUtf8 = new Uint8Array([
      ...new TextEncoder().encode('{"content":"'),
      0xff,
      ...new TextEncoder().encode('"}'),
    ]);
    expect((await call("POST", "/import", { raw: badUtf8 })).json).toEqual({
      error: { code: "invalid_encoding", message: "The request body is not valid UTF-8." },
    });
    expect((await call("POST", "/import", { raw: '{"content":"x"}', contentType: "text/plain" })).status).toBe(415);
    expect((await call("POST", "/import", { body: { content: "x", dryRun: "\u0000" } })).json).toEqual({
      error: { code: "invalid_field", field: "dryRun", message: "dryRun: must not contain NUL characters" },
    });
    expect((await call("POST", "/import", { body: { content: 'msgid ""\nmsgstr ""\n' } })).json).toMatchObject({
      error: { code: "invalid_file", field: "file" },
    });
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
      "exports to stdout what the admin downloads, and a round trip changes nothing",
      { timeout: CLI_TIMEOUT_MS },
      async () => {
        const exported = await cli("export", "--lang", "ja", "--format", "xliff");
        expect(exported.code).toBe(0);
        expect(exported.stdout).toBe((await download("lang=ja&format=xliff")).text);
        const path = join(dir, "ja.xlf");
        writeFileSync(path, exported.stdout);
        const before = await storedState();
        const imported = await cli("import", path);
        expect(imported).toMatchObject({ code: 0, stdout: expect.stringContaining("ja-JP (xliff): 0 to change") });
        expect(await storedState()).toEqual(before);
      },
    );

    it(
      "prints what changes; --dry-run writes nothing; the import is audited as the command line",
      { timeout: CLI_TIMEOUT_MS },
      async () => {
        const path = join(dir, "fr.po");
        writeFileSync(
          path,
          (await cli("export", "--lang", "fr", "--format", "po")).stdout.replace(
            'msgstr "Accueil"',
            'msgstr "Page d’accueil"',
          ),
        );
        const before = await storedState();
        const dry = await cli("import", path, "--dry-run");
        expect(dry.stdout).toContain('update NAV:HOME: "Accueil" → "Page d’accueil"');
        expect(dry.stdout).toContain("Dry run: nothing was written.");
        expect(await storedState()).toEqual(before);
        const applied = await cli("import", path);
        expect(applied.stdout).toContain("Applied 1 change.");
        expect(await label("NAV:HOME", "fr-FR")).toBe("Page d’accueil");
        expect(
          await db().selectFrom("audit_log").select(["uid", "entity"]).orderBy("id", "desc").executeTakeFirst(),
        ).toEqual({ uid: "cli", entity: "translation_import" });
      },
    );

    it("refuses hostile files and unknown keys without --skip-unknown", { timeout: CLI_TIMEOUT_MS }, async () => {
      const hostile = join(dir, "evil.xlf");
      writeFileSync(
        hostile,
        '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY e SYSTEM "file:///etc/passwd">]><xliff>&e;</xliff>',
      );
      expect(await cli("import", hostile)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining("DTDs and entities are not accepted"),
      });
      const unknown = join(dir, "unknown.po");
      writeFileSync(unknown, 'msgid ""\nmsgstr "Language: fr\\n"\n\nmsgctxt "NOT:A_KEY"\nmsgid "x"\nmsgstr "y"\n');
      expect(await cli("import", unknown)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining("Refused: 1 key is not on this site"),
      });
      expect(await cli("import", unknown, "--skip-unknown")).toMatchObject({
        code: 0,
        stdout: expect.stringContaining("Unknown keys (skipped): NOT:A_KEY"),
      });
    });

    it(
      "answers a missing file and bad arguments with a message and an exit code",
      { timeout: CLI_TIMEOUT_MS },
      async () => {
        expect(await cli("import", join(dir, "missing.po"))).toMatchObject({
          code: 1,
          stderr: expect.stringContaining("No such file"),
        });
        expect((await cli("export", "--lang", "fr", "--format", "csv")).code).toBe(2);
        expect((await cli("export", "--format", "po")).code).toBe(2);
        expect((await cli("frobnicate")).code).toBe(2);
        expect((await cli("import", "a", "b")).code).toBe(2);
      },
    );
  });
});
