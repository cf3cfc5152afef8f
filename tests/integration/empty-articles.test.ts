/** Abandoned "New article" rows (issue 8 item 16, decision 0013): articles without a version are pruned after EMPTY_ARTICLE_HOURS. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle } from "#core/admin/articles/schema.ts";
import { pruneEmptyArticles } from "#server/admin/articles/service.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  xsrfHeaders,
  type AdminApiCall,
  withVersionTags,
} from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

describe.each(DATABASE_KINDS)("pruning articles without a version on %s", (kind) => {
  let testApp: TestApp;
  let call: AdminApiCall<{ article?: AdminArticle }>;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const xsrf = await xsrfHeaders(testApp.app);
    const admin = await signedInCookie(testApp.services, { email: "prune-admin@example.com", isAdmin: true });
    call = withVersionTags(
      adminApiCaller(testApp.app, "/api/admin/articles", { admin, user: "", anonymous: "" }, xsrf),
    );
  });
  afterAll(() => testApp.close());

  const db = () => testApp.services.database.db;
  const HOURS = 24;
  const create = async (tags: string[] = []) =>
    (await call("POST", "", { body: { author: "Ada", tags } })).json!.article!.id;
  const ageBy = (id: number, hours: number) =>
    db()
      .updateTable("articles")
      .set({ updated_at: new Date(Date.now() - hours * 60 * 60 * 1000).toISOString() })
      .where("id", "=", id)
      .execute();
  const exists = async (id: number) =>
    (await db().selectFrom("articles").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;

  it("deletes only articles that have had no version for the whole period, with their tags, and audits each", async () => {
    const abandoned = await create(["A1101"]);
    await ageBy(abandoned, HOURS + 1);
    const recent = await create();
    await ageBy(recent, HOURS - 1);
    const written = await create();
    expect(
      (
        await call("PUT", `/${written}/versions/fr-FR`, {
          body: { title: "Un titre", summary: "", body: "Texte", coverAlt: "", status: "draft" },
        })
      ).status,
    ).toBe(201);
    await ageBy(written, HOURS + 1);
    const articlesBefore = await db().selectFrom("articles").select("id").execute();

    expect(await pruneEmptyArticles(testApp.services, HOURS)).toBe(1);
    expect(await exists(abandoned)).toBe(false);
    expect(await exists(recent)).toBe(true);
    expect(await exists(written)).toBe(true);
    expect(await db().selectFrom("articles").select("id").execute()).toHaveLength(articlesBefore.length - 1);
    expect(await db().selectFrom("article_tags").select("tag").where("article_id", "=", abandoned).execute()).toEqual(
      [],
    );
    const audit = await db().selectFrom("audit_log").selectAll().where("action", "=", "prune").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ uid: null, entity: "article", entity_id: String(abandoned) });
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({
      id: abandoned,
      author: "Ada",
      tags: ["A1101"],
      versions: [],
    });

    // A second round finds nothing more to do.
    expect(await pruneEmptyArticles(testApp.services, HOURS)).toBe(0);
  });

  it("keeps the seeded articles, which all have versions, however old", async () => {
    const seeded = await db().selectFrom("articles").select("id").execute();
    expect(
      await pruneEmptyArticles(testApp.services, HOURS, new Date(Date.now() + 10 * 365 * 24 * 60 * 60 * 1000)),
    ).toBe(1); // only `recent` from above, now old
    expect(await db().selectFrom("articles").select("id").execute()).toHaveLength(seeded.length - 1);
  });
});
