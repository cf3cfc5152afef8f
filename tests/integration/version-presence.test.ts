/**
 * "Ada is editing" (issue 40 item 2, decision 0152) on both databases: two people with the same
 * version open see each other, not themselves; leaving or going silent for a minute makes one
 * vanish; a translator says so only in their languages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRESENCE_WINDOW_SECONDS, type VersionPresence } from "#core/admin/presence/schema.ts";
import { heartbeat } from "#server/admin/presence/service.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  xsrfHeaders,
  type AdminApiCall,
} from "./support.ts";

type Json = VersionPresence & { error?: { code: string; message: string; field?: string } };

describe.each(DATABASE_KINDS)("who has a version open on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let call: AdminApiCall<Json>;
  // Ada and Bo are editors; Chloé translates French only.
  const sessions = { admin: "", user: "", anonymous: "" };
  const people = { ada: "", bo: "", chloe: "" };
  let articleId: number;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    people.ada = await signedInCookie(testApp.services, {
      uid: `ada-${kind}`,
      email: "ada@example.com",
      displayName: "Ada Lovelace",
      role: "editor",
    });
    people.bo = await signedInCookie(testApp.services, {
      uid: `bo-${kind}`,
      email: "bo@example.com",
      displayName: "Bo",
      role: "editor",
    });
    people.chloe = await signedInCookie(testApp.services, {
      uid: `chloe-${kind}`,
      email: "chloe@example.com",
      displayName: "Chloé",
      role: "translator",
      languages: ["fr-FR"],
    });
    sessions.admin = people.ada;
    call = adminApiCaller<Json>(testApp.app, "/api/admin/articles", sessions, await xsrfHeaders(testApp.app));
    const first = await testApp.services.database.db
      .selectFrom("articles")
      .select("id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    articleId = first.id;
  });
  afterAll(() => testApp.close());

  /** A heartbeat as `who`: each person gets a caller with their own session. */
  const as = (who: keyof typeof people) =>
    adminApiCaller<Json>(
      testApp.app,
      "/api/admin/articles",
      { ...sessions, admin: people[who] },
      { cookie: "", "x-xsrf-token": "" },
    );
  const beat = (who: keyof typeof people, code = "fr-FR") => as(who)("PUT", `/${articleId}/versions/${code}/presence`);
  const names = (reply: { json: Json | null }) => reply.json!.others.map((other) => other.name);

  it("shows each person the others with the same version open, never themselves", async () => {
    expect(names(await beat("ada"))).toEqual([]);
    const bo = await beat("bo");
    expect(bo.status).toBe(200);
    expect(bo.json!.others).toEqual([{ uid: `ada-${kind}`, name: "Ada Lovelace", seenAt: expect.any(String) }]);
    expect(names(await beat("chloe"))).toEqual(["Ada Lovelace", "Bo"]);
    expect(names(await beat("ada"))).toEqual(["Bo", "Chloé"]);
    // Another language version is another place.
    expect(names(await beat("bo", "de-DE"))).toEqual([]);
  });

  it("forgets whoever leaves", async () => {
    const left = await as("chloe")("DELETE", `/${articleId}/versions/fr-FR/presence`);
    expect(left.status).toBe(204);
    expect(names(await beat("ada"))).toEqual(["Bo"]);
  });

  it("forgets whoever stops beating within the window, and deletes their record", async () => {
    const later = new Date(Date.now() + (PRESENCE_WINDOW_SECONDS + 1) * 1000);
    // Only Ada's heartbeat is recent at `later`: Bo's (fr-FR and de-DE) went stale.
    const ada = await heartbeat(testApp.services, `ada-${kind}`, articleId, "fr-FR", later);
    expect(ada.others).toEqual([]);
    const rows = await testApp.services.database.db.selectFrom("version_presence").select(["uid", "code"]).execute();
    expect(rows).toEqual([{ uid: `ada-${kind}`, code: "fr-FR" }]);
  });

  it("refuses a translator outside their languages, and unknown articles or languages with a 404", async () => {
    expect((await beat("chloe", "de-DE")).status).toBe(403);
    const unknownArticle = await as("ada")("PUT", "/999999/versions/fr-FR/presence");
    expect(unknownArticle.status).toBe(404);
    expect(unknownArticle.json!.error).toMatchObject({ code: "not_found", field: "id" });
    const unknownLanguage = await as("ada")("PUT", `/${articleId}/versions/xx-XX/presence`);
    expect(unknownLanguage.status).toBe(404);
    expect(unknownLanguage.json!.error).toMatchObject({ code: "not_found", field: "code" });
    expect((await call("PUT", `/${articleId}/versions/fr-FR/presence`, { as: "anonymous" })).status).toBe(401);
  });
});
