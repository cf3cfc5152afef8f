import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PREFERENCES_API } from "#core/admin/preferences/schema.ts";
import { isAdminKey } from "#core/i18n/admin-catalog.ts";
import { createTranslate } from "#core/i18n/translate.ts";
import { adminTextFor } from "#server/admin/i18n/view.ts";
import { ADMIN_CAME_FROM_COOKIE, adminLanguageOf } from "#server/admin/preferences/service.ts";
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

/** A request for an admin page with these headers (Referer, Cookie). */
const adminRequest = (headers: Record<string, string> = {}) => new Request("http://localhost/admin", { headers });
type ReplyJson = { adminLanguage?: string | null; error?: { code: string; message: string; field?: string } };

describe.each(DATABASE_KINDS)("the admin's language on %s", (kind) => {
  let testApp: TestApp;
  let call: AdminApiCall<ReplyJson>;
  const sessions: Record<Visitor, string> = { admin: "", user: "", anonymous: "" };
  const adminUid = "language-admin";

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const xsrf = await xsrfHeaders(testApp.app);
    sessions.admin = await signedInCookie(testApp.services, {
      uid: adminUid,
      email: "lea@example.com",
      displayName: "Léa",
      isAdmin: true,
    });
    sessions.user = await signedInCookie(testApp.services, { uid: "language-reader", email: "reader@example.com" });
    call = adminApiCaller<ReplyJson>(testApp.app, ADMIN_PREFERENCES_API, sessions, xsrf);
  });
  afterAll(() => testApp.close());

  const stored = async () =>
    (
      await testApp.services.database.db.selectFrom("users").select(["uid", "admin_language"]).orderBy("uid").execute()
    ).map((row) => `${row.uid}=${row.admin_language}`);

  it("is stored on the user, and the admin then comes in that language", async () => {
    expect((await call("GET", "")).json).toEqual({ adminLanguage: null });
    const saved = await call("PATCH", "", { body: { adminLanguage: "fr-FR" } });
    expect([saved.status, saved.json]).toEqual([200, { adminLanguage: "fr-FR" }]);
    expect((await call("GET", "")).json).toEqual({ adminLanguage: "fr-FR" });

    const language = await adminLanguageOf(testApp.services, adminUid, adminRequest());
    expect(language?.code).toBe("fr-FR");
    const text = adminTextFor(testApp.services.content.current(), language!);
    const t = createTranslate(text.strings, "fr-FR");
    expect([t("admin.nav.users"), t("admin.users.caption", { total: 2 })]).toEqual(["Utilisateurs", "2 utilisateurs"]);
    expect({ problems: text.problems, missing: text.missing }).toEqual({ problems: [], missing: 0 });
  });

  it("is never a hidden language: choosing one is refused, and one stored before it was hidden is passed over", async () => {
    const hidden = testApp.services.content.current().languages.find((candidate) => !candidate.enabled)!;
    const refused = await call("PATCH", "", { body: { adminLanguage: hidden.code } });
    expect([refused.status, refused.json?.error?.code]).toEqual([400, "language_disabled"]);
    await testApp.services.database.db
      .updateTable("users")
      .set({ admin_language: hidden.code })
      .where("uid", "=", adminUid)
      .execute();
    expect((await adminLanguageOf(testApp.services, adminUid, adminRequest()))?.code).toBe("en-US");
    expect((await call("PATCH", "", { body: { adminLanguage: null } })).json).toEqual({ adminLanguage: null });
  });

  it("without a choice, follows the public page the person came from, then the session's, then the visitor's saved language", async () => {
    const arabic = testApp.services.content.current().languages.find((candidate) => candidate.code === "ar")!;
    const savedArabic = `language-id=${encodeURIComponent(JSON.stringify({ id: arabic.id, short_code: "ar" }))}`;
    const language = async (headers: Record<string, string>) =>
      (await adminLanguageOf(testApp.services, adminUid, adminRequest(headers)))?.code;
    expect(await language({ referer: "http://localhost/ja/%E8%A8%98%E4%BA%8B/1/x", cookie: savedArabic })).toBe(
      "ja-JP",
    );
    expect(
      await language({
        referer: "http://localhost/admin/articles",
        cookie: `${ADMIN_CAME_FROM_COOKIE}=de; ${savedArabic}`,
      }),
    ).toBe("de-DE");
    // Another site's address, or a hidden language's, says nothing about this person.
    const hidden = testApp.services.content.current().languages.find((candidate) => !candidate.enabled)!;
    expect(await language({ referer: "http://elsewhere.example/ja/x", cookie: savedArabic })).toBe("ar");
    expect(await language({ referer: `http://localhost/${hidden.shortCode}/x` })).toBe("en-US");
    expect(await language({})).toBe("en-US");
    // A saved choice wins over where the person came from.
    expect((await call("PATCH", "", { body: { adminLanguage: "fr-FR" } })).status).toBe(200);
    expect(await language({ referer: "http://localhost/ja/x", cookie: `${ADMIN_CAME_FROM_COOKIE}=de` })).toBe("fr-FR");
    expect((await call("PATCH", "", { body: { adminLanguage: null } })).status).toBe(200);
  });

  it.each([
    [{ adminLanguage: "xx-XX" }, "unknown_language"],
    [{ adminLanguage: "" }, "invalid_field"],
    [{ adminLanguage: 3 }, "invalid_field"],
    [{ adminLanguage: "fr-FR", theme: "dark" }, "invalid_field"],
    [{}, "invalid_field"],
  ])("refuses %j with 400 and changes nothing", async (body, code) => {
    const before = await stored();
    const reply = await call("PATCH", "", { body });
    expect(reply.status, JSON.stringify(reply.json)).toBe(400);
    expect(reply.json?.error?.code).toBe(code);
    expect(reply.json?.error?.message).toEqual(expect.any(String));
    expect(await stored()).toEqual(before);
  });

  it("is only for admins", async () => {
    await expectAdminGateRefuses(call, "PATCH", "", { adminLanguage: "fr-FR" }, stored);
    await expectAdminGateRefuses(call, "GET", "", undefined, stored);
  });

  it("keeps admin strings out of the public start-up file", async () => {
    const translates = (await (await testApp.app.request("/init/file/translates")).json()) as {
      data: { documents: { data: { code_component: string } }[] };
    };
    const keys = translates.data.documents.map((document) => document.data.code_component);
    expect(keys).toContain("NAV:HOME");
    expect(keys.filter(isAdminKey)).toEqual([]);
  });
});
