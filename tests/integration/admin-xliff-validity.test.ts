/**
 * The site's XLIFF exports against the OASIS XLIFF 2.0 core schema (xmllint, Debian's libxml2-utils, installed by
 * .ci/run) and through a third-party XLIFF library (xliff, from npm), on both databases (issue 42, decision 0155).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { js2xliff, xliff2js } from "xliff";
import type { ImportReport } from "#core/admin/translations/schema.ts";
import { articleUnitId } from "#server/admin/translations/exchange/unit-ids.ts";
import { readXliff } from "#server/admin/translations/exchange/xliff.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  xsrfHeaders,
  type AdminApiCall,
  type Visitor,
} from "./support.ts";

const SCHEMA = join(import.meta.dirname, "../fixtures/xliff-schema/xliff_core_2.0.xsd");
type ImportReply = { report: ImportReport; error?: { code: string; message: string } };

describe.each(DATABASE_KINDS)("XLIFF 2.0 exports on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let call: AdminApiCall<ImportReply>;
  let dir: string;
  let cookie: string;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    cookie = await signedInCookie(testApp.services, { email: "xliff-admin@example.com", isAdmin: true });
    const sessions: Record<Visitor, string> = { admin: cookie, user: "", anonymous: "" };
    call = adminApiCaller(testApp.app, "/api/admin/translations", sessions, await xsrfHeaders(testApp.app));
    dir = mkdtempSync(join(tmpdir(), "xliff-validity-"));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await testApp.close();
  });

  async function download(query: string): Promise<string> {
    const response = await testApp.app.request(`/api/admin/translations/export?${query}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return response.text();
  }
  const dryRun = async (content: string) => {
    const { status, json } = await call("POST", "/import", { body: { content, dryRun: true } });
    expect(status).toBe(200);
    return json!.report;
  };

  it.each([
    ...["ar", "ja", "fr", "de"].flatMap((lang) => ["strings", "articles", "all"].map((what) => [lang, what])),
    ["ar", "tags"],
    ["ja", "jobs"],
  ])("exports %s %s as XLIFF that the OASIS core schema validates, with no error", async (lang, what) => {
    const text = await download(`lang=${lang}&format=xliff&what=${what}`);
    expect(text).toContain("<unit ");
    expect(validate(dir, `${lang}-${what}.xlf`, text)).toEqual({ status: 0, errors: "" });
  });

  const legacyIds = (text: string) =>
    text.replace(/<unit id="([a-z0-9-]+)\.(title|summary|body|coverAlt)"/g, '<unit id="$1/$2"');

  it("names article units <article key>.<field>; the schema refuses the <article key>/<field> ids of older exports", async () => {
    const text = await download("lang=ar&format=xliff&what=all");
    expect(text).toContain('<unit id="careers-in-translation.body" xml:space="preserve">');
    expect(text).toContain('<unit id="NAV:HOME" xml:space="preserve">');
    const legacy = validate(dir, "legacy.xlf", legacyIds(text));
    expect(legacy.status).not.toBe(0);
    expect(legacy.errors).toContain(
      "attribute 'id': 'careers-in-translation/title' is not a valid value of the atomic type 'xs:NMTOKEN'",
    );
  });

  it.each(["ar", "ja"])(
    "an unchanged %s export, new ids or old, imports as no change: every body keeps its last line feed",
    async (lang) => {
      const text = await download(`lang=${lang}&format=xliff&what=all`);
      expect(text).toMatch(/\n<\/target>/); // translated bodies that end in a line feed
      for (const file of [text, legacyIds(text)]) {
        const report = await dryRun(file);
        expect(report).toMatchObject({ changes: [], unknown: [], problems: [], refusal: null });
        expect(report.unchanged).toBeGreaterThan(100);
      }
    },
  );

  it("round-trips an export through the xliff library: unchanged, no change but the line feeds its reader drops; an edited target, exactly that change", async () => {
    const text = await download("lang=ar&format=xliff&what=all");
    const parsed = await xliff2js(text);
    expect(parsed.resources["ui-strings"]!["NAV:HOME"]).toMatchObject({
      source: "Home",
      target: "الرئيسية",
      additionalAttributes: { "xml:space": "preserve" },
    });
    expect(parsed.resources.articles!["careers-in-translation.title"]).toMatchObject({
      source: "Translator, interpreter, localiser: careers between languages",
    });
    const rewritten = await js2xliff(parsed);
    expect(validate(dir, "library.xlf", rewritten)).toEqual({ status: 0, errors: "" });
    // The library's reader cuts a text's last line feed whatever xml:space says (xliff 6.4.0, xmlToObject.js extractValue):
    // the translated bodies ending in one come back without it, and nothing else changes.
    const cut = readXliff(text).articles!.filter((unit) => unit.target?.endsWith("\n"));
    expect(cut.length).toBeGreaterThan(0);
    const unchanged = await dryRun(rewritten);
    expect(unchanged).toMatchObject({ unknown: [], problems: [], refusal: null });
    expect(unchanged.changes).toEqual(
      cut.map((unit) => ({ key: `articles/${unit.key}`, before: unit.target, after: unit.target!.slice(0, -1) })),
    );

    parsed.resources["ui-strings"]!["NAV:HOME"]!.target = "الصفحة الرئيسية";
    for (const unit of cut) parsed.resources.articles![articleUnitId(unit.key)]!.target = unit.target!;
    expect((await dryRun(await js2xliff(parsed))).changes).toEqual([
      { key: "NAV:HOME", before: "الرئيسية", after: "الصفحة الرئيسية" },
    ]);
  });

  it("validates an export with no unit at all (articles only, when no article has a version in the source language)", async () => {
    await testApp.services.database.db.deleteFrom("article_versions").where("code", "=", "en-US").execute();
    const text = await download("lang=ja&format=xliff&what=articles");
    expect(text).not.toContain("<unit ");
    expect(validate(dir, "empty.xlf", text)).toEqual({ status: 0, errors: "" });
  });
});

/** xmllint's verdict on a file against the core schema: its exit status and what it printed. */
function validate(dir: string, name: string, text: string): { status: number | null; errors: string } {
  const file = join(dir, name);
  writeFileSync(file, text);
  const check = spawnSync("xmllint", ["--noout", "--nonet", "--schema", SCHEMA, file], { encoding: "utf8" });
  expect(check.error).toBeUndefined();
  return { status: check.status, errors: check.stderr.replace(`${file} validates\n`, "") };
}
