/**
 * Issue 40 on both databases, over the API with real sessions (decision 0150, 0151): no version write
 * from a stale copy; a translator's draft of a live translation waits beside the live text until an
 * editor publishes it; unpublish and discard; translation status from the text's source revision; one
 * revision numbering per version.
 */
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle, AdminVersionDetail } from "#core/admin/articles/schema.ts";
import type { RevisionSummary } from "#core/admin/publishing/schema.ts";
import { sectionPathIn } from "#server/content/public-sections.ts";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  xsrfHeaders,
  type AdminApiCall,
} from "./support.ts";

const { createSite } = (await import(new URL("../../build/server/index.js", import.meta.url).href)) as {
  createSite: (services: AppServices) => { app: Hono<HttpEnv> };
};

type Json = {
  article?: AdminArticle;
  version?: AdminVersionDetail;
  revisions?: RevisionSummary[];
  current?: { version: AdminVersionDetail };
  etag?: string;
  error?: { code: string; message: string; field?: string };
};
type Who = "admin" | "user" | "anonymous" | "translator" | "editor";

const text = (
  title: string,
  body: string,
  status: "draft" | "published" = "published",
  extra: Record<string, unknown> = {},
) => ({
  title,
  summary: `${title}.`,
  body,
  coverAlt: "",
  status,
  ...extra,
});

describe.each(DATABASE_KINDS)("language versions: drafts beside the live text on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let site: { app: Hono<HttpEnv> };
  let call: AdminApiCall<Json>;
  const sessions: Record<Who, string> = { admin: "", user: "", anonymous: "", translator: "", editor: "" };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    site = createSite(testApp.services);
    sessions.admin = await signedInCookie(testApp.services, {
      uid: `drafts-admin-${kind}`,
      email: "drafts-admin@example.com",
      isAdmin: true,
    });
    sessions.editor = await signedInCookie(testApp.services, {
      uid: `drafts-editor-${kind}`,
      email: "drafts-editor@example.com",
      displayName: "Eddie Editor",
      role: "editor",
    });
    sessions.translator = await signedInCookie(testApp.services, {
      uid: `drafts-translator-${kind}`,
      email: "drafts-fr@example.com",
      displayName: "Tess Translator",
      role: "translator",
      languages: ["fr-FR"],
    });
    call = adminApiCaller<Json>(testApp.app, "/api/admin/articles", sessions, await xsrfHeaders(testApp.app));
  });
  afterAll(() => testApp.close());

  const as = (who: Who) => ({ as: who as never });
  const read = async (id: number, code: string, who: Who = "admin") => {
    const reply = await call("GET", `/${id}/versions/${code}`, as(who));
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    return { version: reply.json!.version!, etag: reply.etag! };
  };

  /** A new article with a published English source and French translation; returns its id. */
  async function newArticle(title: string): Promise<number> {
    const created = await call("POST", "", { body: { author: "Ada", tags: [] } });
    const id = created.json!.article!.id;
    for (const [code, words] of [
      ["en-US", `${title} in English`],
      ["fr-FR", `${title} en français`],
    ] as const) {
      const saved = await call("PUT", `/${id}/versions/${code}`, {
        body: text(words, `${words}: the first text.`),
        ifNoneMatch: "*",
      });
      expect(saved.status, JSON.stringify(saved.json)).toBe(201);
    }
    return id;
  }

  const frenchPath = (id: number, slug: string) => {
    const resident = testApp.services.content.current();
    const french = resident.languages.find((language) => language.code === "fr-FR")!;
    return `${sectionPathIn(resident, french, "ARTICLES")}/${id}/${slug}`;
  };
  const publicPage = (path: string) => site.app.request(encodeURI(path), { headers: { accept: "text/html" } });

  it("answers a version with its ETag, refuses a write without If-Match (428) and a stale one (412, the current state in the body)", async () => {
    const id = await newArticle("stale-copies");
    const { version, etag } = await read(id, "fr-FR");
    expect(version).toMatchObject({
      code: "fr-FR",
      status: "published",
      revision: 1,
      sourceRevision: 1,
      pendingChanges: null,
      translation: "current",
    });
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await call("GET", `/${id}/versions/fr-FR`);
    expect(again.etag).toBe(etag);

    const unconditional = await call("PUT", `/${id}/versions/fr-FR`, { body: text("Sans condition", "Texte.") });
    expect(unconditional.status).toBe(428);
    expect(unconditional.json!.error!.message).toContain("If-Match");
    for (const action of ["publish", "unpublish", "discard", "up-to-date"])
      expect((await call("POST", `/${id}/versions/fr-FR/${action}`)).status).toBe(428);
    expect((await call("DELETE", `/${id}/versions/fr-FR`)).status).toBe(428);
    expect(
      (await call("PUT", `/${id}/versions/fr-FR`, { body: text("Créée deux fois", "Texte."), ifNoneMatch: "*" }))
        .status,
    ).toBe(412);

    // Two sessions read the same version and both append a paragraph: the second is refused, the first's text intact.
    const first = await call("PUT", `/${id}/versions/fr-FR`, {
      body: text(version.title, `${version.body}\n\nParagraphe de A.`),
      ifMatch: etag,
    });
    expect(first.status).toBe(200);
    expect(first.etag).not.toBe(etag);
    expect(first.json!.version!.revision).toBe(2);
    const second = await call("PUT", `/${id}/versions/fr-FR`, {
      body: text(version.title, `${version.body}\n\nParagraphe de B.`),
      ifMatch: etag,
      ...as("editor"),
    });
    expect(second.status).toBe(412);
    expect(second.json!.current!.version.body).toContain("Paragraphe de A.");
    expect(second.json!.etag).toBe(first.etag);
    const now = await read(id, "fr-FR");
    expect(now.version.body).toContain("Paragraphe de A.");
    expect(now.version.body).not.toContain("Paragraphe de B.");
    expect(now.etag).toBe(first.etag);
    // Named with the new ETag, the second person's save goes through.
    expect(
      (
        await call("PUT", `/${id}/versions/fr-FR`, {
          body: text(version.title, `${now.version.body}\n\nParagraphe de B.`),
          ifMatch: now.etag,
          ...as("editor"),
        })
      ).status,
    ).toBe(200);
  });

  it("two creations of the same version at the same moment: one is written (201), the other gets 412 with it, never 409 or 500", async () => {
    for (let round = 0; round < 4; round++) {
      const id = (await call("POST", "", { body: { author: "Ada", tags: [] } })).json!.article!.id;
      expect(
        (await call("PUT", `/${id}/versions/en-US`, { body: text(`Race ${round}`, "The source."), ifNoneMatch: "*" }))
          .status,
      ).toBe(201);
      const replies = await Promise.all(
        (["admin", "editor"] as const).map((who) =>
          call("PUT", `/${id}/versions/fr-FR`, {
            body: text(`Course ${round} (${who})`, `Créée par ${who}.`),
            ifNoneMatch: "*",
            ...as(who),
          }),
        ),
      );
      expect(replies.map((reply) => reply.status).sort(), JSON.stringify(replies.map((reply) => reply.json))).toEqual([
        201, 412,
      ]);
      const [winner, loser] = replies[0]!.status === 201 ? replies : [replies[1]!, replies[0]!];
      expect(loser!.json!.error!.code).toBe("precondition_failed");
      expect(loser!.json!.current!.version.title).toBe(winner!.json!.version!.title);
      expect(loser!.json!.etag).toBe(winner!.etag);
      expect(loser!.etag).toBe(winner!.etag);
    }
  });

  it("a save of the source does not make a translator's copy stale; a save of the translation does", async () => {
    const id = await newArticle("source-saved-meanwhile");
    const french = await read(id, "fr-FR", "editor");
    const source = await read(id, "en-US");
    const changed = await call("PUT", `/${id}/versions/en-US`, {
      body: text(source.version.title, "The English source, rewritten meanwhile."),
      ifMatch: source.etag,
    });
    expect(changed.status).toBe(200);
    // The GET answers the status the source's save made (the panel shows it), under the same ETag.
    const reread = await read(id, "fr-FR", "editor");
    expect(reread.version.translation).toBe("outdated");
    expect(reread.etag).toBe(french.etag);

    // The French editor saves from the copy read before the source changed, naming the source revision shown then.
    const body = text(french.version.title, "Retouche faite pendant que la source changeait.", "published", {
      sourceRevision: french.version.sourceRevision,
    });
    const saved = await call("PUT", `/${id}/versions/fr-FR`, { body, ifMatch: french.etag, ...as("editor") });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json!.version).toMatchObject({
      body: body.body,
      sourceRevision: french.version.sourceRevision,
      translation: "outdated",
    });
    expect((await read(id, "fr-FR")).version.translation).toBe("outdated");

    // The French version itself changed: its first copy is stale now.
    const again = await call("PUT", `/${id}/versions/fr-FR`, {
      body: text(french.version.title, "Une autre retouche du même exemplaire."),
      ifMatch: french.etag,
    });
    expect(again.status).toBe(412);
    expect(again.json!.current!.version.body).toBe(body.body);
  });

  it("keeps the live French page while a translator's draft waits, until an editor publishes it", async () => {
    const id = await newArticle("live-draft");
    const live = await read(id, "fr-FR", "translator");
    const path = frenchPath(id, live.version.slug);
    expect((await publicPage(path)).status).toBe(200);

    // A translator without the publish right saves a draft of the live translation (no 403).
    const refused = await call("PUT", `/${id}/versions/fr-FR`, {
      body: text("Nouveau titre", "Le nouveau texte."),
      ifMatch: live.etag,
      ...as("translator"),
    });
    expect(refused.status).toBe(403);
    const drafted = await call("PUT", `/${id}/versions/fr-FR`, {
      body: text("Nouveau titre", "Le nouveau texte.", "draft"),
      ifMatch: live.etag,
      ...as("translator"),
    });
    expect(drafted.status, JSON.stringify(drafted.json)).toBe(200);
    expect(drafted.json!.version).toMatchObject({
      status: "published",
      title: live.version.title,
      pendingChanges: {
        title: "Nouveau titre",
        body: "Le nouveau texte.",
        sourceRevision: 1,
        updatedBy: { uid: `drafts-translator-${kind}`, name: "Tess Translator" },
      },
    });
    const waiting = await publicPage(path);
    expect(waiting.status).toBe(200);
    const waitingHtml = await waiting.text();
    expect(waitingHtml).toContain(live.version.title);
    expect(waitingHtml).not.toContain("Le nouveau texte.");
    // The list shows it, and filters by it.
    const listed = await call("GET", "?language=fr-FR&status=pending");
    const summary = (listed.json as { articles: AdminArticle[] }).articles.find((article) => article.id === id);
    expect(summary?.versions.find((entry) => entry.code === "fr-FR")).toMatchObject({ pendingChanges: true });
    // Publishing is not the translator's.
    expect(
      (await call("POST", `/${id}/versions/fr-FR/publish`, { ifMatch: drafted.etag!, ...as("translator") })).status,
    ).toBe(403);

    // An editor publishes: the page shows the new text at once (within 3 s).
    const before = Date.now();
    const published = await call("POST", `/${id}/versions/fr-FR/publish`, { ifMatch: drafted.etag!, ...as("editor") });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    expect(published.json!.version).toMatchObject({
      status: "published",
      title: "Nouveau titre",
      pendingChanges: null,
    });
    let shown = "";
    while (Date.now() - before < 3_000) {
      const page = await publicPage(frenchPath(id, published.json!.version!.slug));
      shown = page.status === 200 ? await page.text() : "";
      if (shown.includes("Le nouveau texte.")) break;
    }
    expect(shown).toContain("Le nouveau texte.");
    // Nothing more to publish.
    expect(
      (await call("POST", `/${id}/versions/fr-FR/publish`, { ifMatch: published.etag!, ...as("editor") })).status,
    ).toBe(409);
    // Each step is a revision of the version, numbered in its History.
    const revisions = (await call("GET", `/${id}/versions/fr-FR/revisions`)).json!.revisions!;
    expect(revisions.map((revision) => [revision.number, revision.action])).toEqual([
      [3, "publish"],
      [2, "save-draft"],
      [1, "save"],
    ]);
  });

  it("takes a live page down only by unpublishing; pending changes become the working text", async () => {
    const id = await newArticle("unpublish");
    const live = await read(id, "fr-FR");
    const path = frenchPath(id, live.version.slug);
    const drafted = await call("PUT", `/${id}/versions/fr-FR`, {
      body: text(live.version.title, "Le brouillon gardé.", "draft"),
      ifMatch: live.etag,
    });
    expect((await publicPage(path)).status).toBe(200);
    expect(
      (await call("POST", `/${id}/versions/fr-FR/unpublish`, { ifMatch: drafted.etag!, ...as("translator") })).status,
    ).toBe(403);
    const unpublished = await call("POST", `/${id}/versions/fr-FR/unpublish`, { ifMatch: drafted.etag! });
    expect(unpublished.status).toBe(200);
    expect(unpublished.json!.version).toMatchObject({
      status: "draft",
      body: "Le brouillon gardé.",
      pendingChanges: null,
    });
    expect((await publicPage(path)).status).toBe(404);
    expect((await call("POST", `/${id}/versions/fr-FR/unpublish`, { ifMatch: unpublished.etag! })).status).toBe(409);
  });

  it("discards pending changes (their author or an editor) and keeps the live text", async () => {
    const id = await newArticle("discard");
    const live = await read(id, "fr-FR");
    expect((await call("POST", `/${id}/versions/fr-FR/discard`, { ifMatch: live.etag })).status).toBe(409);
    const drafted = await call("PUT", `/${id}/versions/fr-FR`, {
      body: text("À jeter", "À jeter.", "draft"),
      ifMatch: live.etag,
      ...as("translator"),
    });
    const discarded = await call("POST", `/${id}/versions/fr-FR/discard`, {
      ifMatch: drafted.etag!,
      ...as("translator"),
    });
    expect(discarded.status, JSON.stringify(discarded.json)).toBe(200);
    expect(discarded.json!.version).toMatchObject({
      title: live.version.title,
      body: live.version.body,
      status: "published",
      pendingChanges: null,
    });
    expect((await read(id, "fr-FR")).version.pendingChanges).toBeNull();
    expect((await publicPage(frenchPath(id, live.version.slug))).status).toBe(200);
  });

  it("outdates a translation when the source's text changes, and publishing one made from the new source clears it", async () => {
    const id = await newArticle("source-change");
    const source = await read(id, "en-US");
    // An identical source save marks nothing.
    const same = await call("PUT", `/${id}/versions/en-US`, {
      body: text(source.version.title, source.version.body),
      ifMatch: source.etag,
    });
    expect(same.status).toBe(200);
    expect(same.json!.article!.sourceRevision).toBe(1);
    expect((await read(id, "fr-FR")).version.translation).toBe("current");

    // Named as History names it: the identical save was #2, the change #3.
    const changed = await call("PUT", `/${id}/versions/en-US`, {
      body: text(source.version.title, "A changed source."),
      ifMatch: same.etag!,
    });
    expect(changed.json!.article!.sourceRevision).toBe(3);
    expect(changed.json!.version!.revision).toBe(3);
    const outdated = await read(id, "fr-FR");
    expect(outdated.version).toMatchObject({ translation: "outdated", sourceRevision: 1 });

    // A translation saved from the older source revision stays outdated, published or not.
    const stale = await call("PUT", `/${id}/versions/fr-FR`, {
      body: text(outdated.version.title, "Une retouche.", "published", { sourceRevision: 1 }),
      ifMatch: outdated.etag,
    });
    expect(stale.json!.version).toMatchObject({ translation: "outdated", sourceRevision: 1 });
    // A draft made from the new source, then published: up to date.
    const drafted = await call("PUT", `/${id}/versions/fr-FR`, {
      body: text(outdated.version.title, "Traduit du nouveau texte.", "draft", { sourceRevision: 3 }),
      ifMatch: stale.etag!,
      ...as("translator"),
    });
    expect(drafted.json!.version).toMatchObject({ translation: "outdated", pendingChanges: { sourceRevision: 3 } });
    const published = await call("POST", `/${id}/versions/fr-FR/publish`, { ifMatch: drafted.etag!, ...as("editor") });
    expect(published.json!.version).toMatchObject({ translation: "current", sourceRevision: 3 });
    // A source revision that does not exist yet is refused.
    expect(
      (
        await call("PUT", `/${id}/versions/fr-FR`, {
          body: text("x", "y", "published", { sourceRevision: 9 }),
          ifMatch: published.etag!,
        })
      ).status,
    ).toBe(400);
  });

  it("names source revisions by the source's History numbers: drafts, publications and restores of the same text move nothing", async () => {
    const id = await newArticle("one-numbering");
    const source = await read(id, "en-US");
    const history = async (code: string) => (await call("GET", `/${id}/versions/${code}/revisions`)).json!.revisions!;
    // #2 a draft of a new text beside the live one, #3 its publication: the text translators follow changed with #3.
    const drafted = await call("PUT", `/${id}/versions/en-US`, {
      body: text(source.version.title, "The harbour opens at seven.", "draft"),
      ifMatch: source.etag,
    });
    expect(drafted.json!.article!.sourceRevision).toBe(1);
    const published = await call("POST", `/${id}/versions/en-US/publish`, { ifMatch: drafted.etag! });
    expect(published.json!.version).toMatchObject({ revision: 3, sourceRevision: 3 });
    expect((await history("en-US")).map((revision) => [revision.number, revision.action])).toEqual([
      [3, "publish"],
      [2, "save-draft"],
      [1, "save"],
    ]);
    const french = await read(id, "fr-FR");
    expect(french.version).toMatchObject({ sourceRevision: 1, translation: "outdated" });
    const changes = (await call("GET", `/${id}/versions/fr-FR/source-changes`)).json as unknown as {
      base: { revision: number; body: string };
      current: { revision: number; body: string };
    };
    expect(changes.base).toMatchObject({ revision: 1, body: source.version.body });
    expect(changes.current).toMatchObject({ revision: 3, body: "The harbour opens at seven." });

    // The first text (#1) restored is a change (#4); restoring the text it already has (#5) moves nothing.
    const first = (await history("en-US")).find((revision) => revision.number === 1)!;
    const restored = await call("POST", `/${id}/versions/en-US/revisions/${first.id}/restore`, {
      ifMatch: published.etag!,
    });
    expect(restored.status, JSON.stringify(restored.json)).toBe(200);
    expect(restored.json!.article!.sourceRevision).toBe(4);
    const again = await call("POST", `/${id}/versions/en-US/revisions/${first.id}/restore`, {
      ifMatch: restored.etag!,
    });
    expect(again.json!.version!.revision).toBe(5);
    expect(again.json!.article!.sourceRevision).toBe(4);

    // A translation made from the revision History shows as #4 is up to date; from #3, outdated.
    const made = await call("PUT", `/${id}/versions/fr-FR`, {
      body: text(french.version.title, "Retraduit.", "published", { sourceRevision: 3 }),
      ifMatch: french.etag,
    });
    expect(made.json!.version).toMatchObject({ sourceRevision: 3, translation: "outdated" });
    const current = await call("PUT", `/${id}/versions/fr-FR`, {
      body: text(french.version.title, "Retraduit.", "published", { sourceRevision: 4 }),
      ifMatch: made.etag!,
    });
    expect(current.json!.version).toMatchObject({ sourceRevision: 4, translation: "current" });
  });

  it("restates pending changes' source revision when the source language changes, so they still publish with the right status", async () => {
    const id = await newArticle("source-handed-over");
    const german = await call("PUT", `/${id}/versions/de-DE`, {
      body: text("Übergeben", "Der Text."),
      ifNoneMatch: "*",
    });
    let source = await read(id, "en-US");
    for (const words of ["Two.", "Three.", "Four."]) {
      const saved = await call("PUT", `/${id}/versions/en-US`, {
        body: text(source.version.title, words),
        ifMatch: source.etag,
      });
      source = { version: saved.json!.version!, etag: saved.etag! };
    }
    expect(source.version.revision).toBe(4);
    let french = await read(id, "fr-FR");
    french = {
      version: (await call("POST", `/${id}/versions/fr-FR/up-to-date`, { ifMatch: french.etag })).json!.version!,
      etag: "",
    };
    french.etag = (await read(id, "fr-FR")).etag;
    const pending = await call("PUT", `/${id}/versions/fr-FR`, {
      body: text(french.version.title, "Traduit de la révision 4.", "draft", { sourceRevision: 4 }),
      ifMatch: french.etag,
      ...as("translator"),
    });
    expect(pending.json!.version!.pendingChanges).toMatchObject({ sourceRevision: 4 });
    expect((await call("POST", `/${id}/versions/de-DE/up-to-date`, { ifMatch: german.etag! })).status).toBe(200);

    // German, up to date, becomes the source at its own History's #1: French and its pending changes follow it.
    const fields = await call("GET", `/${id}`);
    const switched = await call("PATCH", `/${id}`, { body: { sourceLanguage: "de-DE" }, ifMatch: fields.etag! });
    expect(switched.json!.article).toMatchObject({ sourceLanguage: "de-DE", sourceRevision: 1 });
    const restated = await read(id, "fr-FR");
    expect(restated.version).toMatchObject({
      sourceRevision: 1,
      translation: "current",
      pendingChanges: { sourceRevision: 1 },
    });
    const published = await call("POST", `/${id}/versions/fr-FR/publish`, { ifMatch: restated.etag, ...as("editor") });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    expect(published.json!.version).toMatchObject({
      body: "Traduit de la révision 4.",
      sourceRevision: 1,
      translation: "current",
    });
  });

  it("marks a translation up to date only with the publish right in its language, audited", async () => {
    const id = await newArticle("up-to-date");
    const source = await read(id, "en-US");
    await call("PUT", `/${id}/versions/en-US`, {
      body: text(source.version.title, "A typo fixed."),
      ifMatch: source.etag,
    });
    const french = await read(id, "fr-FR");
    expect(french.version.translation).toBe("outdated");
    expect(
      (await call("POST", `/${id}/versions/fr-FR/up-to-date`, { ifMatch: french.etag, ...as("translator") })).status,
    ).toBe(403);
    const marked = await call("POST", `/${id}/versions/fr-FR/up-to-date`, { ifMatch: french.etag, ...as("editor") });
    expect(marked.status).toBe(200);
    expect(marked.json!.version).toMatchObject({ translation: "current", body: french.version.body });
    const audit = await testApp.services.database.db
      .selectFrom("audit_log")
      .select(["uid", "action"])
      .where("entity_id", "=", `${id}:fr-FR`)
      .where("action", "=", "mark_up_to_date")
      .execute();
    expect(audit).toEqual([{ uid: `drafts-editor-${kind}`, action: "mark_up_to_date" }]);
  });
});
