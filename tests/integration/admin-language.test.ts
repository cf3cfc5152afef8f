import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PREFERENCES_API } from "#core/admin/preferences/schema.ts";
import { isAdminKey } from "#core/i18n/admin-catalog.ts";
import { createTranslate } from "#core/i18n/translate.ts";
import { adminTextFor } from "#server/admin/i18n/view.ts";
import { adminLanguageOf } from "#server/admin/preferences/service.ts";
import { adminApiCaller, DATABASE_KINDS, expectAdminGateRefuses, signedInCookie, startTestApp, xsrfHeaders, type AdminApiCall, type Visitor } from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type ReplyJson = { adminLanguage?: string | null; error?: { code: string; message: string; field?: string } };

describe.each(DATABASE_KINDS)("the admin's language on %s", (kind) => {
  let testApp: TestApp;
  let call: AdminApiCall<ReplyJson>;
  const sessions: Record<Visitor, string> = { admin: "", user: "", anonymous: "" };
  const adminUid = "language-admin";

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const xsrf = await xsrfHeaders(testApp.app);
    sessions.admin = await signedInCookie(testApp.services, { uid: adminUid, email: "lea@example.com", displayName: "Léa", isAdmin: true });
    sessions.user = await signedInCookie(testApp.services, { uid: "language-reader", email: "reader@example.com" });
    call = adminApiCaller<ReplyJson>(testApp.app, ADMIN_PREFERENCES_API, sessions, xsrf);
  });
  afterAll(() => testApp.close());

  const stored = async () =>
    (await testApp.services.database.db.selectFrom("users").select(["uid", "admin_language"]).orderBy("uid").execute()).map((row) => `${row.uid}=${row.admin_language}`);

  it("is stored on the user, and the admin then comes in that language", async () => {
    expect((await call("GET", "")).json).toEqual({ adminLanguage: null });
    const saved = await call("PATCH", "", { body: { adminLanguage: "fr-FR" } });
    expect(saved).toEqual({ status: 200, json: { adminLanguage: "fr-FR" } });
    expect((await call("GET", "")).json).toEqual({ adminLanguage: "fr-FR" });

    const language = await adminLanguageOf(testApp.services, adminUid, null);
    expect(language?.code).toBe("fr-FR");
    const text = adminTextFor(testApp.services.content.current(), language!);
    const t = createTranslate(text.strings, "fr-FR");
    expect([t("admin.nav.users"), t("admin.users.caption", { total: 2 })]).toEqual(["Utilisateurs", "2 utilisateurs"]);
    expect({ problems: text.problems, missing: text.missing }).toEqual({ problems: [], missing: 0 });
  });

  it("may be a language not on the site yet (a translator preparing it), and null goes back to the visitor's language", async () => {
    expect((await call("PATCH", "", { body: { adminLanguage: "zh-CN" } })).json).toEqual({ adminLanguage: "zh-CN" });
    const prepared = await adminLanguageOf(testApp.services, adminUid, null);
    expect(prepared?.code).toBe("zh-CN");
    // No admin strings seeded in Chinese: every one shows in English and is counted as not translated.
    expect(adminTextFor(testApp.services.content.current(), prepared!).missing).toBeGreaterThan(100);

    expect((await call("PATCH", "", { body: { adminLanguage: null } })).json).toEqual({ adminLanguage: null });
    const arabic = testApp.services.content.current().languages.find((candidate) => candidate.code === "ar")!;
    const cookie = `language-id=${encodeURIComponent(JSON.stringify({ id: arabic.id, short_code: "ar" }))}`;
    expect((await adminLanguageOf(testApp.services, adminUid, cookie))?.dir).toBe("rtl");
    expect((await adminLanguageOf(testApp.services, adminUid, null))?.code).toBe("en-US");
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
    const translates = (await (await testApp.app.request("/init/file/translates")).json()) as { data: { documents: { data: { code_component: string } }[] } };
    const keys = translates.data.documents.map((document) => document.data.code_component);
    expect(keys).toContain("NAV:HOME");
    expect(keys.filter(isAdminKey)).toEqual([]);
  });
});
