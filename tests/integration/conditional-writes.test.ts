/**
 * No save from a stale copy (issue 40 item 2, decision 0151): every admin resource two people can edit
 * answers an ETag on GET, and every write to it needs If-Match — 428 without, 412 with a stale one
 * (the current state in the body, nothing written), and the write goes through with the current one.
 * Two sessions reading the same ETag: the second to save gets the 412 and the first's change stays.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encoded } from "#tests/fixtures/images.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  xsrfHeaders,
  type AdminApiCall,
  type Visitor,
} from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
/** Whose change a write carries: A's and B's differ, and C's differs from both. */
type Who = "a" | "b" | "c";
type Json = Record<string, unknown> & {
  current?: unknown;
  etag?: string | null;
  error?: { code: string; message: string };
};

/** One resource: where its GET is, and a write to it whose body differs per session ("a" or "b"). */
interface Resource {
  name: string;
  get: string;
  write: { method: "PUT" | "PATCH" | "POST"; path: string; body: (who: Who) => unknown };
  /** What the GET answers that the resource's ETag is made of (the 412's `current`). */
  representation: (get: Json) => unknown;
}

describe.each(DATABASE_KINDS)("conditional writes on %s", { timeout: 60_000 }, (kind) => {
  let testApp: TestApp;
  /** Two admins, each with their own session: A and B. */
  let a: AdminApiCall<Json>;
  let b: AdminApiCall<Json>;
  let imageId = 0;
  let editorUid = "";

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const xsrf = await xsrfHeaders(testApp.app);
    const session = async (email: string) =>
      ({ admin: await signedInCookie(testApp.services, { email, isAdmin: true }), user: "", anonymous: "" }) as Record<
        Visitor,
        string
      >;
    a = adminApiCaller<Json>(testApp.app, "/api/admin", await session("ada@example.com"), xsrf);
    b = adminApiCaller<Json>(testApp.app, "/api/admin", await session("bob@example.com"), xsrf);
    editorUid = `editor-${kind}`;
    await signedInCookie(testApp.services, { uid: editorUid, email: "edith@example.com", role: "editor" });
    const uploader = (await session("uploader@example.com")).admin;
    const token = await xsrfHeaders(testApp.app, uploader);
    const upload = await testApp.app.request("/api/admin/media?name=harbour.png", {
      method: "POST",
      headers: {
        "x-xsrf-token": token["x-xsrf-token"],
        cookie: `${token.cookie}; ${uploader}`,
        "content-type": "application/octet-stream",
      },
      body: new Uint8Array(await encoded("png", 40, 30, 3)),
    });
    imageId = ((await upload.json()) as { item: { id: number } }).item.id;
    // A job label to edit: created as the screen creates one, with If-None-Match: *.
    expect((await a("PUT", "/romes/A1201/labels/en-US", { body: { label: "Logging" }, ifNoneMatch: "*" })).status).toBe(
      200,
    );
  }, 60_000);
  afterAll(() => testApp.close());

  const languageId = async (code: string) =>
    (
      await testApp.services.database.db
        .selectFrom("languages")
        .select("id")
        .where("code", "=", code)
        .executeTakeFirstOrThrow()
    ).id;

  const resources: () => Promise<Resource[]> = async () => [
    {
      name: "a language",
      get: `/languages/${await languageId("de-DE")}`,
      write: {
        method: "PATCH",
        path: `/languages/${await languageId("de-DE")}`,
        body: (who) => ({ label: `Deutsch (${who})` }),
      },
      representation: (get) => get.language,
    },
    {
      name: "a language's fallback chain",
      get: `/languages/${await languageId("pt-BR")}`,
      write: {
        method: "PATCH",
        path: `/languages/${await languageId("pt-BR")}`,
        body: async (who) => ({ fallbacks: [await languageId({ a: "es-ES", b: "fr-FR", c: "de-DE" }[who])] }),
      },
      representation: (get) => get.language,
    },
    {
      name: "a UI string",
      get: "/translations/SITE:TITLE/fr-FR",
      write: {
        method: "PUT",
        path: "/translations/SITE:TITLE/fr-FR",
        body: (who) => ({ label: `Polyglot Presse (${who})` }),
      },
      representation: (get) => get.cell,
    },
    {
      name: "a job label",
      get: "/romes/A1201/labels/en-US",
      write: { method: "PUT", path: "/romes/A1201/labels/en-US", body: (who) => ({ label: `Logging (${who})` }) },
      representation: (get) => get,
    },
    {
      name: "an image's alt texts",
      get: `/media/${imageId}/alt`,
      write: {
        method: "PUT",
        path: `/media/${imageId}/alt`,
        body: (who) => ({ alt: { "en-US": `A harbour (${who})`, "fr-FR": `Un port (${who})` } }),
      },
      representation: (get) => get,
    },
    {
      name: "an article's fields",
      get: "/articles/1",
      write: { method: "PATCH", path: "/articles/1", body: (who) => ({ author: `Author ${who}` }) },
      representation: (get) => pickFields(get.article),
    },
    {
      name: "a user's role",
      get: `/users/${editorUid}/role`,
      write: {
        method: "PUT",
        path: `/users/${editorUid}/role`,
        body: (who) =>
          ({
            a: { role: "translator", languages: ["fr-FR"], canPublish: false },
            b: { role: "admin", languages: [] },
            c: { role: "editor", languages: [] },
          })[who],
      },
      representation: (get) => get,
    },
  ];

  function pickFields(article: unknown) {
    const { id, key, author, cover, tags, sourceLanguage } = article as Record<string, unknown>;
    return { id, key, author, cover, tags, sourceLanguage };
  }

  async function writeAs(
    caller: AdminApiCall<Json>,
    resource: Resource,
    who: Who,
    preconditions: { ifMatch?: string | null },
  ) {
    return caller(resource.write.method, resource.write.path, {
      body: await resource.write.body(who),
      ...preconditions,
    });
  }

  async function read(resource: Resource) {
    const reply = await a("GET", resource.get);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.etag).toMatch(/^"[\w-]+"$/);
    return { etag: reply.etag!, json: reply.json!, representation: resource.representation(reply.json!) };
  }

  it("every resource: 428 without If-Match, 412 with a stale one (current state in the body, nothing written), 200 with the current one", async () => {
    for (const resource of await resources()) {
      const before = await read(resource);
      const missing = await writeAs(a, resource, "a", {});
      expect(missing.status, resource.name).toBe(428);
      expect(missing.json!.error!.code).toBe("precondition_required");
      expect((await read(resource)).etag, `${resource.name}: nothing written without If-Match`).toBe(before.etag);

      const stale = await writeAs(a, resource, "a", { ifMatch: '"not-the-current-tag"' });
      expect(stale.status, resource.name).toBe(412);
      expect(stale.json!.error!.code).toBe("precondition_failed");
      expect(stale.json!.current, resource.name).toEqual(before.representation);
      expect(stale.json!.etag).toBe(before.etag);
      expect(stale.etag).toBe(before.etag);
      expect((await read(resource)).etag, `${resource.name}: nothing written from a stale copy`).toBe(before.etag);

      const saved = await writeAs(a, resource, "a", { ifMatch: before.etag });
      expect(saved.status, `${resource.name}: ${JSON.stringify(saved.json)}`).toBe(200);
      const after = await read(resource);
      expect(after.etag, resource.name).not.toBe(before.etag);
      expect(saved.etag, `${resource.name}: the write answers the new ETag`).toBe(after.etag);
    }
  });

  it("two sessions saving from the same ETag: the second gets 412 with the first's change, which stays", async () => {
    for (const resource of await resources()) {
      const { etag } = await read(resource);
      const first = await writeAs(b, resource, "b", { ifMatch: etag });
      expect(first.status, `${resource.name}: ${JSON.stringify(first.json)}`).toBe(200);
      const afterFirst = await read(resource);

      const second = await writeAs(a, resource, "a", { ifMatch: etag });
      expect(second.status, resource.name).toBe(412);
      expect(second.json!.current, `${resource.name}: the 412 shows what B saved`).toEqual(afterFirst.representation);
      expect(second.json!.etag).toBe(afterFirst.etag);
      expect((await read(resource)).representation, `${resource.name}: B's change is kept`).toEqual(
        afterFirst.representation,
      );

      // "Save mine anyway": A saves again over B's change with the ETag the 412 gave.
      expect((await writeAs(a, resource, "a", { ifMatch: second.json!.etag! })).status, resource.name).toBe(200);
    }
  });

  it("two sessions saving at the same moment from the same ETag: exactly one is written", async () => {
    for (const resource of await resources()) {
      const { etag } = await read(resource);
      // The resource holds A's change now: B's and C's both change it.
      const replies = await Promise.all([
        writeAs(a, resource, "c", { ifMatch: etag }),
        writeAs(b, resource, "b", { ifMatch: etag }),
      ]);
      expect(replies.map((reply) => reply.status).sort(), resource.name).toEqual([200, 412]);
    }
  });

  it("deletes need If-Match too: a UI string, a job label, a language and an article", async () => {
    const deletes = [
      { get: "/translations/FOOTER:ABOUT/de-DE", path: "/translations/FOOTER:ABOUT/de-DE" },
      { get: "/romes/A1201/labels/en-US", path: "/romes/A1201/labels/en-US" },
      { get: `/languages/${await languageId("ja-JP")}`, path: `/languages/${await languageId("ja-JP")}?content=keep` },
      { get: "/articles/2", path: "/articles/2" },
    ];
    for (const { get, path } of deletes) {
      const { etag } = await a("GET", get);
      expect(etag, get).not.toBeNull();
      expect((await a("DELETE", path)).status, path).toBe(428);
      expect((await a("DELETE", path, { ifMatch: '"stale"' })).status, path).toBe(412);
      expect((await a("GET", get)).status, `${path} is still there`).toBe(200);
      const deleted = await a("DELETE", path, { ifMatch: etag });
      expect(deleted.status, `${path}: ${JSON.stringify(deleted.json)}`).toBe(204);
    }
  });

  it("a text the language does not have yet is created with If-None-Match: *, and a second creation gets 412", async () => {
    expect(
      (await a("POST", "/translations", { body: { key: "TEST:CONDITIONAL", labels: { "en-US": "About" } } })).status,
    ).toBe(201);
    const path = "/translations/TEST:CONDITIONAL/es-ES";
    expect((await a("GET", path)).status).toBe(404);
    expect((await a("PUT", path, { body: { label: "Acerca de" } })).status).toBe(428);
    const created = await a("PUT", path, { body: { label: "Acerca de" }, ifNoneMatch: "*" });
    expect(created.status).toBe(200);
    expect(created.etag).toBe((await a("GET", path)).etag);
    const again = await b("PUT", path, { body: { label: "Sobre" }, ifNoneMatch: "*" });
    expect(again.status).toBe(412);
    expect(again.json!.current).toEqual({ key: "TEST:CONDITIONAL", code: "es-ES", label: "Acerca de", search: null });
  });

  it("saving a version does not make the article's details stale; the list screens carry each item's ETag", async () => {
    const { etag } = await a("GET", "/articles/1");
    const version = (await a("GET", "/articles/1")).json!.article as {
      versions: { code: string; title: string; body: string; status: string }[];
    };
    const fr = version.versions.find((entry) => entry.code === "fr-FR") ?? version.versions[0]!;
    await testApp.services.database.db
      .updateTable("article_versions")
      .set({ title: `${fr.title} !` })
      .where("article_id", "=", 1)
      .where("code", "=", fr.code)
      .execute();
    expect((await a("GET", "/articles/1")).etag).toBe(etag);

    const languages = (await a("GET", "/languages")).json!.languages as { id: number; etag: string }[];
    for (const language of languages.slice(0, 3))
      expect(language.etag).toBe((await a("GET", `/languages/${language.id}`)).etag);
    const grid = (await a("GET", "/translations")).json! as {
      keys: { key: string; labels: Record<string, { etag: string } | null> }[];
    };
    const row = grid.keys.find((entry) => entry.key === "SITE:TITLE")!;
    expect(row.labels["fr-FR"]!.etag).toBe((await a("GET", "/translations/SITE:TITLE/fr-FR")).etag);
    const image = (await a("GET", `/media/${imageId}`)).json!.item as { altEtag: string };
    expect(image.altEtag).toBe((await a("GET", `/media/${imageId}/alt`)).etag);
    const users = (await a("GET", "/users")).json!.users as { uid: string; roleEtag: string }[];
    expect(users.find((user) => user.uid === editorUid)!.roleEtag).toBe(
      (await a("GET", `/users/${editorUid}/role`)).etag,
    );
  });
});
