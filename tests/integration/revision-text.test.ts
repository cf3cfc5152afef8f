/**
 * An import's History revision leaves its text to the version it wrote (migration 0061, decision 0239): stored once,
 * read through the version, given back to the revision before any write changes or deletes the version's text.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { importArticles } from "#server/content/ndjson.ts";
import { migrateTo, migrateToLatest } from "#server/db/migrate.ts";
import { articlesAdminApi, DATABASE_KINDS, startTestApp } from "./support.ts";

interface RevisionJson {
  id: number;
  number: number;
  action: string;
  title: string;
  summary: string;
  body: string;
  coverAlt: string;
  slug: string;
  status: string;
}

type ReplyJson = {
  article?: { id: number; key: string };
  revisions?: RevisionJson[];
  revision?: RevisionJson;
  comparison?: { fields: { field: string }[] };
};

const version = (title: string, body: string) => ({
  title,
  summary: `${title}, in short`,
  body,
  coverAlt: `${title} cover`,
  status: "published",
});

describe.each(DATABASE_KINDS)("an import's revisions share the live text, on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let ok: (method: string, path: string, body?: unknown) => Promise<ReplyJson>;
  const dir = mkdtempSync(join(tmpdir(), "pp-revision-text-"));

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    ({ ok } = await articlesAdminApi<ReplyJson>(testApp, {
      uid: `revision-text-${kind}`,
      email: "revision-text@example.com",
    }));
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const db = () => testApp.services.database.db;

  async function importLine(name: string, key: string, versions: Record<string, ReturnType<typeof version>>) {
    writeFileSync(join(dir, name), `${JSON.stringify({ key, author: "Ada", tags: [], versions })}\n`);
    await importArticles(testApp.services.database, join(dir, name), "test");
    return (await db().selectFrom("articles").select("id").where("key", "=", key).executeTakeFirstOrThrow()).id;
  }

  const stored = (id: number, code: string) =>
    db()
      .selectFrom("article_revisions")
      .select(["number", "title", "summary", "body", "cover_alt", "text_in_version"])
      .where("article_id", "=", id)
      .where("code", "=", code)
      .orderBy("number")
      .execute();

  const history = async (id: number, code: string) => {
    const { revisions } = await ok("GET", `/${id}/versions/${code}/revisions`);
    return Promise.all(
      revisions!.map(
        async ({ id: revisionId }) => (await ok("GET", `/${id}/versions/${code}/revisions/${revisionId}`)).revision!,
      ),
    );
  };
  const texts = (revisions: RevisionJson[]) =>
    revisions.map(({ number, title, summary, body, coverAlt }) => ({ number, title, summary, body, coverAlt }));

  it("stores an imported text once, and History reads it through the version", async () => {
    const id = await importLine("first.ndjson", `shared-${kind}`, {
      en: version("Harbour", "The harbour opens at six."),
      fr: version("Port", "Le port ouvre à six heures."),
    });
    expect(await stored(id, "en-US")).toEqual([
      { number: 1, title: "", summary: "", body: "", cover_alt: "", text_in_version: 1 },
    ]);
    expect(texts(await history(id, "en-US"))).toEqual([
      {
        number: 1,
        title: "Harbour",
        summary: "Harbour, in short",
        body: "The harbour opens at six.",
        coverAlt: "Harbour cover",
      },
    ]);
  });

  it("gives the revision its text back before a save, a second import or a deletion replaces the version's", async () => {
    const id = await importLine("second.ndjson", `given-back-${kind}`, {
      en: version("Bridge", "The bridge opens at noon."),
      fr: version("Pont", "Le pont ouvre à midi."),
    });
    // A person's save: the import's revision holds its own text again, the save's revision holds the new one.
    await ok("PUT", `/${id}/versions/en-US`, version("Bridge, revised", "The bridge opens at one."));
    expect((await stored(id, "en-US")).map((row) => [row.number, row.body, row.text_in_version])).toEqual([
      [1, "The bridge opens at noon.", 0],
      [2, "The bridge opens at one.", 0],
    ]);
    expect(texts(await history(id, "en-US")).map((text) => [text.number, text.title, text.body])).toEqual([
      [2, "Bridge, revised", "The bridge opens at one."],
      [1, "Bridge", "The bridge opens at noon."],
    ]);

    // A second import over the first: the first import's revision keeps the first text, the second shares the new one.
    await importLine("third.ndjson", `given-back-${kind}`, {
      fr: version("Pont, encore", "Le pont ouvre à treize heures."),
    });
    expect((await stored(id, "fr-FR")).map((row) => [row.number, row.body, row.text_in_version])).toEqual([
      [1, "Le pont ouvre à midi.", 0],
      [2, "", 1],
    ]);
    const [second, first] = await history(id, "fr-FR");
    expect([second!.title, second!.body, first!.title, first!.body]).toEqual([
      "Pont, encore",
      "Le pont ouvre à treize heures.",
      "Pont",
      "Le pont ouvre à midi.",
    ]);
    const { comparison } = await ok(
      "GET",
      `/${id}/versions/fr-FR/revisions/compare?from=${first!.id}&to=${second!.id}`,
    );
    expect(comparison!.fields.map((change) => change.field)).toEqual(expect.arrayContaining(["title", "body"]));

    // Whatever deletes the version's row (here a statement of no write path): the revision keeps its text.
    await db().deleteFrom("article_versions").where("article_id", "=", id).where("code", "=", "fr-FR").execute();
    expect((await stored(id, "fr-FR")).map((row) => [row.number, row.title, row.body, row.text_in_version])).toEqual([
      [1, "Pont", "Le pont ouvre à midi.", 0],
      [2, "Pont, encore", "Le pont ouvre à treize heures.", 0],
    ]);
  });

  it("keeps History's copies shared when a second import brings the same text", async () => {
    const versions = { en: version("Station", "The station opens at five.") };
    const id = await importLine("same.ndjson", `same-${kind}`, versions);
    await importLine("same-again.ndjson", `same-${kind}`, versions);
    expect((await stored(id, "en-US")).map((row) => [row.number, row.body, row.text_in_version])).toEqual([
      [1, "", 1],
      [2, "", 1],
    ]);
    expect((await history(id, "en-US")).map((revision) => revision.body)).toEqual([
      "The station opens at five.",
      "The station opens at five.",
    ]);
  });

  it("leaves a revision's text where it is when the version changes only its status or its rendering", async () => {
    const id = await importLine("fourth.ndjson", `status-only-${kind}`, { en: version("Garden", "The garden opens.") });
    await db()
      .updateTable("article_versions")
      .set({ status: "draft", html: "<p>The garden opens.</p>" })
      .where("article_id", "=", id)
      .execute();
    expect((await stored(id, "en-US")).map((row) => [row.body, row.text_in_version])).toEqual([["", 1]]);
    expect((await history(id, "en-US"))[0]!.body).toBe("The garden opens.");
  });

  it("gives every revision its text back when the database goes down to 0060, and shares again after", async () => {
    const id = await importLine("fifth.ndjson", `down-${kind}`, { en: version("Museum", "The museum opens late.") });
    const handle = testApp.services.database;
    await migrateTo(handle, "0060-search-entries-without-text");
    const { rows } = await sql<{
      title: string;
      body: string;
      cover_alt: string;
    }>`select title, body, cover_alt from article_revisions where article_id = ${id}`.execute(handle.db);
    expect(rows).toEqual([{ title: "Museum", body: "The museum opens late.", cover_alt: "Museum cover" }]);
    await migrateToLatest(handle);
    await ok("PUT", `/${id}/versions/en-US`, version("Museum, again", "The museum opens later."));
    expect((await history(id, "en-US")).map((revision) => revision.body)).toEqual([
      "The museum opens later.",
      "The museum opens late.",
    ]);
  });
});
