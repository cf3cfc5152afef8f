/**
 * The translation memory (issue 45 item 2, decision 0215) on both databases: filled from the seed's published texts,
 * fed again at each publish, looked up through the admin API (exact and fuzzy matches with their differences), and
 * exchanged as TMX 1.4b (decision 0216): an export valid against the TMX 1.4 DTD and read back by a third-party TMX
 * reader (tmexchange), an import whose dry run changes nothing, hostile files refused with nothing written.
 */
import { execFile, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tmx2js } from "tmexchange";
import { exactKey } from "#core/memory/similarity.ts";
import { markdownSegments } from "#core/segments/split.ts";
import { exportMemory, importMemory, readTmxOffThread } from "#server/admin/memory/exchange.ts";
import { FileRefused } from "#server/admin/romes/refusal.ts";
import { addUnits } from "#server/memory/units.ts";
import { memoryKeysByTextMigration } from "#server/db/migrations/0054-memory-keys-by-text.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  withVersionTags,
  xsrfHeaders,
  type AdminApiCall,
} from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const run = promisify(execFile);
const CLI_TIMEOUT_MS = 60_000;
const DTD = join(import.meta.dirname, "../fixtures/tmx-dtd/tmx14.dtd");
const workDir = mkdtempSync(join(tmpdir(), "pp-tmx-"));
// Beside the files, where their DOCTYPE says the DTD is.
copyFileSync(DTD, join(workDir, "tmx14.dtd"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function validAgainstDtd(text: string): { status: number | null; errors: string } {
  const file = join(workDir, `export-${Math.random().toString(36).slice(2)}.tmx`);
  writeFileSync(file, text);
  const check = spawnSync("xmllint", ["--noout", "--nonet", "--dtdvalid", DTD, file], { encoding: "utf8" });
  expect(check.error).toBeUndefined();
  return { status: check.status, errors: check.stderr };
}

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe.each(DATABASE_KINDS)("the translation memory on %s", (kind) => {
  let app: TestApp;
  let call: AdminApiCall<Json>;
  const units = async () =>
    Number(
      (
        await app.services.database.db
          .selectFrom("memory_units")
          .select((eb) => eb.fn.countAll().as("count"))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const matches = async (from: string, to: string, text: string) => {
    const reply = await call("GET", `/memory/matches?${new URLSearchParams({ from, to, text })}`);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    return reply.json!.matches as Json[];
  };

  /** A seeded article with English and French versions, as the database holds them. */
  async function pairedArticle() {
    const db = app.services.database.db;
    const french = await db
      .selectFrom("article_versions as f")
      .innerJoin("article_versions as e", (join) =>
        join.onRef("e.article_id", "=", "f.article_id").on("e.code", "=", "en-US"),
      )
      .select([
        "f.article_id as id",
        "f.title as frTitle",
        "e.title as enTitle",
        "e.body as enBody",
        "f.body as frBody",
      ])
      .where("f.code", "=", "fr-FR")
      .where("f.status", "=", "published")
      .where("e.status", "=", "published")
      .orderBy("f.article_id")
      .executeTakeFirstOrThrow();
    return french;
  }

  beforeAll(async () => {
    app = await startTestApp(kind);
    const admin = await signedInCookie(app.services, { email: `tm-${Math.random()}@example.com`, isAdmin: true });
    call = adminApiCaller<Json>(app.app, "/api/admin", { admin, user: "", anonymous: "" }, await xsrfHeaders(app.app));
  });
  afterAll(() => app.close());

  it("holds the seed's published texts: a title's exact match is its translation, both ways", async () => {
    const article = await pairedArticle();
    const [first] = await matches("en", "fr", article.enTitle);
    expect(first).toMatchObject({ score: 100, source: article.enTitle, target: article.frTitle });
    const [back] = await matches("fr-FR", "en-US", article.frTitle);
    expect(back).toMatchObject({ score: 100, target: article.enTitle });
  });

  it("is made by migration 0054 from what a database already publishes, keeping TMX units (down, then up)", async () => {
    const imported = { source: "A sentence only a TMX file brought", target: "Une phrase venue d'un fichier TMX" };
    for (const [code, text] of [
      ["en-US", imported.source],
      ["fr-FR", imported.target],
    ] as const)
      await addUnits(app.services.database.db, code, null, [{ unitKey: "tmx:kept", text }], "2026-01-01T00:00:00Z");
    const held = await units();
    expect(held).toBeGreaterThan(1_000);
    const migration = memoryKeysByTextMigration(kind);
    const db = app.services.database.db as unknown as Kysely<unknown>;
    await migration.down(db);
    await migration.up(db);
    expect(await units()).toBe(held);
    expect((await matches("en", "fr", `${imported.source}!`))[0]).toMatchObject(imported);
  });

  it("offers a fuzzy match of a changed sentence, with its score and the words that differ", async () => {
    const segment = markdownSegments((await pairedArticle()).enBody).find(
      (candidate) => candidate.kind === "paragraph" && candidate.text.split(" ").length >= 12,
    )!;
    const words = segment.text.split(" ");
    words[3] = "zebra";
    const found = await matches("en", "fr", words.join(" "));
    expect(found[0]!.score).toBeGreaterThanOrEqual(70);
    expect(found[0]!.score).toBeLessThan(100);
    expect(found[0]!.source).toBe(segment.text);
    expect(found[0]!.differences).toContainEqual({ text: "zebra", change: "added" });
  });

  it("holds a body's segments as the workbench shows them: one with its Markdown markers matches exactly", async () => {
    const article = await pairedArticle();
    const [english, french] = [markdownSegments(article.enBody), markdownSegments(article.frBody)];
    const index = english.findIndex((segment) => segment.kind === "heading" || segment.kind === "list_item");
    expect(english[index]!.text).toMatch(/^(#+|-|\*|\d+\.) /);
    const [first] = await matches("en", "fr", english[index]!.text);
    expect(first).toMatchObject({ score: 100, source: english[index]!.text, target: french[index]!.text });
  });

  it("finds nothing for a text unlike any, and refuses a language the site does not have", async () => {
    expect(await matches("en", "fr", "Quixotic xylophones juggle")).toEqual([]);
    expect((await call("GET", "/memory/matches?from=en&to=xx&text=River")).status).toBe(400);
  });

  it("learns a published text at once, and a changed one replaces it, its index rows with it", async () => {
    const article = await pairedArticle();
    const path = `/articles/${article.id}/versions/fr-FR`;
    const version = (await call("GET", path)).json!.version as Json;
    const write = (title: string) =>
      withVersionTags(call)("PUT", path, {
        body: {
          slug: version.slug,
          title,
          summary: version.summary,
          body: version.body,
          coverAlt: version.coverAlt,
          status: "published",
        },
      });
    const indexRows = async (text: string) =>
      (
        await app.services.database.db
          .selectFrom("memory_keys")
          .select("key")
          .where("exact_key", "=", exactKey(text))
          .execute()
      ).length;
    expect((await write("Un titre tout neuf pour la mémoire")).status).toBe(200);
    expect((await matches("en", "fr", article.enTitle))[0]).toMatchObject({
      score: 100,
      target: "Un titre tout neuf pour la mémoire",
    });
    expect(await indexRows("Un titre tout neuf pour la mémoire")).toBeGreaterThan(0);
    expect((await write(article.frTitle)).status).toBe(200);
    expect((await matches("en", "fr", article.enTitle))[0]!.target).toBe(article.frTitle);
    // No unit holds the replaced text any more: the fuzzy index forgot it; the title it came back to is listed.
    expect(await indexRows("Un titre tout neuf pour la mémoire")).toBe(0);
    expect(await indexRows(article.frTitle)).toBeGreaterThan(0);
  });

  it("exports TMX 1.4b valid against the DTD, which a third-party reader reads back", async () => {
    const text = await collect(exportMemory(app.services.database.db, "en-US", "fr-FR"));
    expect(validAgainstDtd(text)).toEqual({ status: 0, errors: "" });
    const article = await pairedArticle();
    const read = await tmx2js(text);
    expect(read).toMatchObject({ version: "1.4", sourceLanguage: "en-US" });
    expect(read.resources[`a${article.id}:title`]).toEqual({ "en-US": article.enTitle, "fr-FR": article.frTitle });
  });

  it("imports a TMX file: a dry run changes nothing, the import adds its units, the same file again nothing", async () => {
    const file = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tmx SYSTEM "tmx14.dtd">
<tmx version="1.4"><header creationtool="t" creationtoolversion="1" segtype="sentence" o-tmf="t" adminlang="en" srclang="en" datatype="plaintext"/>
<body>
  <tu tuid="greeting" changedate="20260105T102030Z"><tuv xml:lang="en"><seg>Welcome to the <bpt i="1">&lt;b&gt;</bpt>river<ept i="1">&lt;/b&gt;</ept> festival</seg></tuv><tuv xml:lang="fr"><seg>Bienvenue à la fête du fleuve</seg></tuv><tuv xml:lang="tlh"><seg>Klingon</seg></tuv></tu>
  <tu><tuv xml:lang="en-US"><seg>Only one language</seg></tuv></tu>
</body></tmx>`;
    expect(validAgainstDtd(file).status).toBe(0);
    const before = await units();
    const document = await readTmxOffThread(file);
    const dry = await importMemory(app.services, document, true);
    expect(dry).toMatchObject({ dryRun: true, added: 2, changed: 0, unknownLanguages: ["tlh"] });
    expect(await units()).toBe(before);
    expect(await importMemory(app.services, document, false)).toMatchObject({ added: 2 });
    expect(await units()).toBe(before + 2);
    expect((await matches("en", "fr", "Welcome to the river festival"))[0]).toMatchObject({
      score: 100,
      target: "Bienvenue à la fête du fleuve",
    });
    expect(await importMemory(app.services, document, false)).toMatchObject({ added: 0, unchanged: 2 });
  });

  it("refuses hostile TMX files whole, writing nothing", async () => {
    const before = await units();
    const header =
      '<header creationtool="t" creationtoolversion="1" segtype="sentence" o-tmf="t" adminlang="en" srclang="en" datatype="plaintext"/>';
    const hostile = [
      // Entities defined in an internal subset (the billion laughs): never expanded.
      `<?xml version="1.0"?><!DOCTYPE tmx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><tmx version="1.4">${header}<body><tu><tuv xml:lang="en"><seg>&b;</seg></tuv><tuv xml:lang="fr"><seg>x</seg></tuv></tu></body></tmx>`,
      // An external entity.
      `<?xml version="1.0"?><!DOCTYPE tmx [<!ENTITY x SYSTEM "file:///etc/passwd">]><tmx version="1.4">${header}<body/></tmx>`,
      `<?xml version="1.0" encoding="ISO-8859-1"?><tmx version="1.4">${header}<body/></tmx>`,
      `<tmx version="1.4">${header}<body>${"<tu>".repeat(40)}</body></tmx>`,
      `<tmx version="1.1">${header}<body/></tmx>`,
      `<xliff version="2.0"/>`,
      `<tmx version="1.4">${header}<body><tu><tuv xml:lang="en"><seg>unclosed</tuv></tu></body></tmx>`,
      `<tmx version="1.4">${header}<body><tu><tuv><seg>no language</seg></tuv></tu></body></tmx>`,
      "x".repeat(17 * 1024 * 1024),
    ];
    for (const text of hostile) {
      const refused = await readTmxOffThread(text).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, text.slice(0, 80)).toBeInstanceOf(FileRefused);
    }
    expect(await units()).toBe(before);
  });

  it(
    "npm run translations -- tm export, then tm import of that file (a dry run, then for real), as the issue gives them",
    { timeout: CLI_TIMEOUT_MS },
    async () => {
      const cli = (...args: string[]) =>
        run(process.execPath, ["server/cli/translations.ts", "tm", ...args], {
          env: { ...process.env, DATABASE_URL: app.databaseUrl, LOG_LEVEL: "silent" },
          maxBuffer: 64 * 1024 * 1024,
        }).then(
          ({ stdout }) => ({ code: 0, stdout }),
          (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stderr }),
        );
      const exported = await cli("export", "--from", "en", "--to", "fr");
      expect(exported.code).toBe(0);
      const undated = (text: string) => text.replace(/ creationdate="\w+"/, "");
      expect(undated(exported.stdout)).toBe(
        undated(await collect(exportMemory(app.services.database.db, "en-US", "fr-FR"))),
      );
      const file = join(workDir, "memory.tmx");
      writeFileSync(file, exported.stdout);
      const before = await units();
      expect(await cli("import", file, "--dry-run")).toMatchObject({
        code: 0,
        stdout: expect.stringContaining("0 to add, 0 to change"),
      });
      expect(await cli("import", file)).toMatchObject({ code: 0, stdout: expect.stringContaining("Applied.") });
      expect(await units()).toBe(before);
      writeFileSync(file, '<!DOCTYPE tmx [<!ENTITY x "y">]><tmx version="1.4"/>');
      expect(await cli("import", file)).toMatchObject({
        code: 1,
        stdout: expect.stringContaining("Nothing was written"),
      });
    },
  );
});
