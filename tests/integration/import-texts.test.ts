/**
 * Every import checks every text of its file before writing anything (core/text-characters.ts; issue 41, item 5):
 * `npm run content -- import` (NDJSON), the translations exchange import (XLIFF and PO) through the admin API
 * and `npm run translations -- import`, on both databases. Counts rows before and after: nothing is written.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportReport } from "#core/admin/translations/schema.ts";
import { importArticles } from "#server/content/ndjson.ts";
import { IMPORT_BATCH, ImportError } from "#server/content/ndjson-lines.ts";
import { XLIFF_NAMESPACE } from "#server/admin/translations/exchange/xliff.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  xsrfHeaders,
  type AdminApiCall,
} from "./support.ts";

type ImportReply = { report?: ImportReport; error?: { code: string; message: string; field?: string } };
const run = promisify(execFile);
/** Each command starts Node and opens the database; 600 articles are then checked and written: seconds on a busy 2-core machine. */
const CLI_TIMEOUT_MS = 120_000;
const TABLES = [
  "articles",
  "article_versions",
  "article_revisions",
  "article_tags",
  "audit_log",
  "content_changes",
  "translations",
] as const;

describe.each(DATABASE_KINDS)("imported texts are checked before anything is written, on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let call: AdminApiCall<ImportReply>;
  let dir: string;
  const db = () => testApp.services.database.db;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const xsrf = await xsrfHeaders(testApp.app);
    const admin = await signedInCookie(testApp.services, { email: `texts-admin-${kind}@example.com`, isAdmin: true });
    call = adminApiCaller(testApp.app, "/api/admin/translations", { admin, user: "", anonymous: "" }, xsrf);
    dir = mkdtempSync(join(tmpdir(), "import-texts-"));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await testApp?.close();
  });

  /** Rows of every table an import writes, and the stored UI strings themselves. */
  async function stored() {
    const counts = {} as Record<(typeof TABLES)[number], number>;
    for (const table of TABLES)
      counts[table] = Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const labels = await db()
      .selectFrom("translations")
      .select(["code_component", "code", "label"])
      .orderBy("id")
      .execute();
    return { counts, labels };
  }
  const fileWith = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const cli = (script: string, ...args: string[]) =>
    run(process.execPath, [script, ...args], {
      env: { ...process.env, DATABASE_URL: testApp.databaseUrl, LOG_LEVEL: "silent" },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  describe("npm run content -- import", () => {
    const line = (key: string, body: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        key,
        author: "Importer",
        tags: ["A1101"],
        versions: { en: { slug: key, title: `Title ${key}`, summary: "s", body, status: "published", ...extra } },
      });

    it(
      "refuses a NUL written as \\u0000 on line 550 of 600, after a whole batch of good lines, and writes none of them",
      { timeout: CLI_TIMEOUT_MS },
      async () => {
        expect(IMPORT_BATCH).toBeLessThan(550);
        const lines = Array.from({ length: 600 }, (_, index) =>
          line(`nul-${kind}-${index + 1}`, index === 549 ? "Text\u0000more" : "# Heading\n\nText"),
        );
        expect(lines[549]).toContain("Text\\u0000more"); // JSON's escape, as a file would carry it
        const path = fileWith("nul-at-550.ndjson", `${lines.join("\n")}\n`);
        const before = await stored();
        const refused = await cli("server/cli/content.ts", "import", path);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(
          "Import refused, nothing was written: line 550: versions.en.body: a NUL character (U+0000) at character 5; of the control characters, only tab, line feed and carriage return are accepted",
        );
        expect(await stored()).toEqual(before);
        // The same file without it imports every line: the NUL alone was refused.
        const good = fileWith("nul-removed.ndjson", `${lines.join("\n").replace("\\u0000", " ")}\n`);
        const imported = await cli("server/cli/content.ts", "import", good);
        expect(imported).toMatchObject({
          code: 0,
          stderr: expect.stringContaining(`Imported 600 articles (600 versions) from lines 1–600 of ${good}`),
        });
        expect((await stored()).counts.articles).toBe(before.counts.articles + 600);
      },
    );

    it.each([
      [
        "a lone surrogate in a title",
        line("lone", "x", { title: "Caf\uD800" }),
        "line 1: versions.en.title: a lone surrogate (U+D800) at character 4: half of a UTF-16 pair, not Unicode text",
      ],
      [
        "NEL (U+0085) in a summary",
        line("nel", "x", { summary: "one\u0085two" }),
        "line 1: versions.en.summary: a control character (U+0085) at character 4;",
      ],
      [
        "an escape character in the author",
        line("esc", "x").replace('"Importer"', '"\\u001b[31mred"'),
        "line 1: author: a control character (U+001B) at character 1;",
      ],
      [
        "a noncharacter in a tag",
        line("nonchar", "x").replace('"A1101"', '"A1101\\uffff"'),
        "line 1: tags.0: a noncharacter (U+FFFF) at character 6:",
      ],
      [
        "a NUL in a field's name",
        line("name", "x").replace('"versions"', '"versions\\u0000"'),
        'line 1: (line): the name "versions\\u0000" holds a NUL character (U+0000) at character 9;',
      ],
    ])("refuses %s, naming the line and the field", async (_name, content, message) => {
      const before = await stored();
      const error = await importArticles(
        testApp.services.database,
        fileWith("bad.ndjson", `${content}\n${line(`fine-${kind}`, "fine")}\n`),
        "test",
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ImportError);
      expect((error as ImportError).message).toContain(message);
      expect(await stored()).toEqual(before);
    });

    it("keeps what text needs: tabs, line breaks, bidi marks and isolates, line separators, joiners", async () => {
      const body =
        "مرحبا\u200F \u2067עברית\u2069 \u202Bنص\u202C\u061C\r\n\tcode\u2028next\u2029para می\u200Cخواهم 👩\u200D💻 so\u00ADft";
      const key = `kept-${kind}`;
      await importArticles(testApp.services.database, fileWith("kept.ndjson", line(key, body)), "test");
      const version = await db()
        .selectFrom("article_versions")
        .innerJoin("articles", "articles.id", "article_versions.article_id")
        .select("body")
        .where("articles.key", "=", key)
        .executeTakeFirstOrThrow();
      expect(version.body).toBe(body);
    });
  });

  describe("translations import", () => {
    const po = (entries: Record<string, string>) =>
      `msgid ""\nmsgstr "Language: fr\\n"\n\n${Object.entries(entries)
        .map(([key, text]) => `msgctxt "${key}"\nmsgid "x"\nmsgstr "${text}"\n`)
        .join("\n")}`;
    const xliff = (units: string, file = "ui-strings") =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="${XLIFF_NAMESPACE}" version="2.0" srcLang="en-US" trgLang="fr-FR"><file id="${file}">${units}</file></xliff>\n`;
    const unit = (key: string, target: string) =>
      `<unit id="${key}"><segment state="translated"><source>x</source><target>${target}</target></segment></unit>`;

    it.each([
      [
        "a PO file with a raw NUL in a translation",
        po({ "NAV:HOME": "Page d’accueil", "NAV:ARTICLES": "Les arti\u0000cles" }),
        'The translation of "NAV:ARTICLES" holds a NUL character (U+0000) at character 9;',
      ],
      [
        "a PO file with a NUL in a key",
        po({ "NAV:HOME": "Page d’accueil", "NAV:\u0000": "x" }),
        'The key "NAV:\\u0000" holds a NUL character (U+0000) at character 5;',
      ],
      [
        "an XLIFF file with a C1 control (XML lets them through)",
        xliff(unit("NAV:HOME", "Page d’accueil") + unit("NAV:ARTICLES", "Arti\u0085cles")),
        'The translation of "NAV:ARTICLES" holds a control character (U+0085) at character 5;',
      ],
      [
        "an XLIFF file of articles with a noncharacter in a body",
        xliff(unit("welcome/body", "Bien\uFDD0venue"), "articles"),
        'The translation of "articles/welcome/body" holds a noncharacter (U+FDD0) at character 5:',
      ],
    ])("the admin API answers %s with a 400 naming the key, writing nothing", async (_name, content, message) => {
      const before = await stored();
      for (const dryRun of [true, false]) {
        const { status, json } = await call("POST", "/import", { body: { content, dryRun } });
        expect(status).toBe(400);
        expect(json!.error).toMatchObject({
          code: "invalid_file",
          field: "file",
          message: expect.stringContaining(message) as string,
        });
        expect(json!.error!.message).toMatch(/Nothing was imported\.$/);
      }
      expect(await stored()).toEqual(before);
    });

    it(
      "npm run translations -- import refuses a PO file holding a raw NUL with a message and exit code 1, writing nothing",
      { timeout: CLI_TIMEOUT_MS },
      async () => {
        const content = po({ "NAV:HOME": "Page d’accueil", "NAV:ARTICLES": "Les arti\u0000cles" });
        expect(Buffer.from(content).includes(0)).toBe(true);
        const path = fileWith("nul.po", content);
        const before = await stored();
        for (const args of [[path], [path, "--dry-run"]]) {
          const refused = await cli("server/cli/translations.ts", "import", ...args);
          expect(refused.code).toBe(1);
          expect(refused.stderr.trim()).toBe(
            'The translation of "NAV:ARTICLES" holds a NUL character (U+0000) at character 9; of the control characters, only tab, line feed and carriage return are accepted. Nothing was imported.',
          );
          expect(refused.stdout).toBe("");
        }
        expect(await stored()).toEqual(before);
        // Without it, the file applies: the NUL alone was refused.
        const applied = await cli(
          "server/cli/translations.ts",
          "import",
          fileWith("fixed.po", content.replace("\u0000", "")),
        );
        expect(applied).toMatchObject({ code: 0, stdout: expect.stringContaining("Applied 2 changes.") });
      },
    );
  });
});
