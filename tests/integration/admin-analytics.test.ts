import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsSummary } from "#core/admin/analytics/schema.ts";
import { dashboardFigures } from "#server/admin/dashboard/service.ts";
import { recordEvent } from "#server/analytics/events.ts";
import { DATABASE_KINDS, signedInCookie, startTestApp, xsrfHeaders } from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

describe.each(DATABASE_KINDS)("admin analytics API on %s", (kind) => {
  let testApp: TestApp;
  let xsrf: Awaited<ReturnType<typeof xsrfHeaders>>;
  let adminCookie: string;
  let userCookie: string;
  let french: { id: number; label: string };
  let japanese: { id: number; label: string };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    xsrf = await xsrfHeaders(testApp.app);
    adminCookie = await signedInCookie(testApp.services, { email: "analyst@example.com", isAdmin: true });
    userCookie = await signedInCookie(testApp.services, { email: "reader@example.com" });
    const languages = testApp.services.content.current().languages;
    french = languages.find((language) => language.code === "fr-FR")!;
    japanese = languages.find((language) => language.code === "ja-JP")!;

    const { db } = testApp.services.database;
    const at = (iso: string) => new Date(iso);
    // Two days with events, one empty day between them, and events just outside the range.
    await recordEvent(db, { name: "sign_in", uid: "u1" }, at("2024-02-28T08:00:00.000Z"));
    await recordEvent(db, { name: "sign_in", uid: "u2" }, at("2024-02-28T23:59:59.999Z"));
    await recordEvent(db, { name: "page_view", path: "/en" }, at("2024-02-28T09:00:00.000Z"));
    await recordEvent(db, { name: `lang_${french.id}` }, at("2024-02-28T10:00:00.000Z"));
    await recordEvent(db, { name: "sign_out", uid: "u1" }, at("2024-03-01T00:00:00.000Z"));
    await recordEvent(db, { name: `lang_${french.id}` }, at("2024-03-01T11:00:00.000Z"));
    await recordEvent(db, { name: `lang_${french.id}` }, at("2024-03-01T12:00:00.000Z"));
    await recordEvent(db, { name: `lang_${japanese.id}` }, at("2024-03-01T13:00:00.000Z"));
    await recordEvent(db, { name: "lang_99999" }, at("2024-03-01T14:00:00.000Z"));
    for (let views = 0; views < 3; views++)
      await recordEvent(db, { name: "page_view", path: "/fr" }, at("2024-03-01T15:00:00.000Z"));
    await recordEvent(db, { name: "page_view", path: "/en" }, at("2024-02-27T23:59:59.999Z"));
    await recordEvent(db, { name: "page_view", path: "/en" }, at("2024-03-02T00:00:00.000Z"));
  });
  afterAll(() => testApp.close());

  const get = (path: string, session = adminCookie) =>
    testApp.app.request(path, { headers: { cookie: `${xsrf.cookie}; ${session}` } });

  async function expectBadField(path: string, field: string) {
    const response = await get(path);
    expect(response.status, path).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string; field: string } };
    expect(body.error.field, path).toBe(field);
    expect(body.error.message, path).toContain(field);
  }

  it("answers 401 to anonymous visitors and 403 to signed-in non-admins", async () => {
    expect((await testApp.app.request("/api/admin/analytics/summary")).status).toBe(401);
    expect((await get("/api/admin/analytics/summary", userCookie)).status).toBe(403);
  });

  it("counts sign-ins, sign-outs, page views and language switches per UTC day, with empty days as 0", async () => {
    const response = await get("/api/admin/analytics/summary?from=2024-02-28&to=2024-03-01");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const summary = (await response.json()) as AnalyticsSummary;
    expect(summary.from).toBe("2024-02-28");
    expect(summary.to).toBe("2024-03-01");
    expect(summary.days.map((day) => day.date)).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);

    const [first, leapDay, last] = summary.days;
    expect(first).toMatchObject({ signIns: 2, signOuts: 0, pageViews: 1 });
    expect(first!.languageSwitches[String(french.id)]).toBe(1);
    expect(leapDay).toMatchObject({ signIns: 0, signOuts: 0, pageViews: 0 });
    expect(Object.values(leapDay!.languageSwitches).every((count) => count === 0)).toBe(true);
    expect(last).toMatchObject({ signIns: 0, signOuts: 1, pageViews: 3 });
    expect(last!.languageSwitches).toMatchObject({ [String(french.id)]: 2, [String(japanese.id)]: 1, "99999": 1 });
    expect(summary.totals).toMatchObject({ signIns: 2, signOuts: 1, pageViews: 4 });
    expect(summary.totals.languageSwitches[String(french.id)]).toBe(3);

    // lang_{id} is shown with the language's label; a removed language still counts, labelled as such.
    expect(summary.languages).toContainEqual({
      id: french.id,
      event: `lang_${french.id}`,
      label: french.label,
      code: "fr-FR",
    });
    expect(summary.languages.find((language) => language.id === 99999)?.label).toMatch(/removed/i);
    // Every enabled language is listed, the disabled Chinese only if switched to.
    expect(summary.languages.some((language) => language.code === "zh-CN")).toBe(false);
    expect(summary.languages.filter((language) => language.code !== null)).toHaveLength(7);
  });

  it("defaults to the last 30 days up to today, and counts events posted to the public API", async () => {
    const posted = await testApp.app.request("/api/analytics/events", {
      method: "POST",
      headers: { ...xsrf, "content-type": "application/json" },
      body: JSON.stringify({ name: "page_view", path: "/de" }),
    });
    expect(posted.status).toBe(201);
    const summary = (await (await get("/api/admin/analytics/summary")).json()) as AnalyticsSummary;
    const today = new Date().toISOString().slice(0, 10);
    expect(summary.days).toHaveLength(30);
    expect(summary.to).toBe(today);
    expect(summary.days.at(-1)).toMatchObject({ date: today, pageViews: 1 });

    const onlyTo = (await (await get("/api/admin/analytics/summary?to=2024-03-01")).json()) as AnalyticsSummary;
    expect(onlyTo.from).toBe("2024-02-01");
    expect(onlyTo.totals.pageViews).toBe(5);
  });

  it("accepts a range of exactly 366 days and ignores empty parameters", async () => {
    const leapYear = await get("/api/admin/analytics/summary?from=2024-01-01&to=2024-12-31");
    expect(leapYear.status).toBe(200);
    expect(((await leapYear.json()) as AnalyticsSummary).days).toHaveLength(366);
    const empty = await get("/api/admin/analytics/summary?from=&to=");
    expect(empty.status).toBe(200);
  });

  it("refuses bad ranges with a 400 naming the parameter", async () => {
    await expectBadField("/api/admin/analytics/summary?from=2024-1-5", "from");
    await expectBadField("/api/admin/analytics/summary?from=yesterday", "from");
    await expectBadField("/api/admin/analytics/summary?from=2023-02-29&to=2023-03-01", "from");
    await expectBadField("/api/admin/analytics/summary?from=2024-01-01&to=2024-04-31", "to");
    await expectBadField("/api/admin/analytics/summary?from=2024-01-01T00:00:00Z", "from");
    await expectBadField("/api/admin/analytics/summary?from=2024-03-02&to=2024-03-01", "from");
    await expectBadField("/api/admin/analytics/summary?from=2024-01-01&to=2025-01-01", "to");
    await expectBadField("/api/admin/analytics/summary?from=2024-01-01&from=2024-01-02", "from");
    await expectBadField(`/api/admin/analytics/summary?from=${"9".repeat(300)}`, "from");
  });
});

describe.each(DATABASE_KINDS)("admin dashboard figures on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp.close());

  it("counts languages, translations, articles, users, recent events and audit entries, and ROME codes", async () => {
    const { db } = testApp.services.database;
    await signedInCookie(testApp.services, { email: "second-admin@example.com", isAdmin: true });
    await signedInCookie(testApp.services, { email: "reader@example.com" });
    const now = new Date("2030-06-15T12:00:00.000Z");
    await recordEvent(db, { name: "page_view", path: "/en" }, new Date("2030-06-14T12:00:00.000Z"));
    await recordEvent(db, { name: "page_view", path: "/en" }, new Date("2030-06-01T12:00:00.000Z"));
    await db
      .insertInto("audit_log")
      .values({
        uid: "demo-admin",
        action: "update",
        entity: "language",
        entity_id: "1",
        before: "{}",
        after: "{}",
        created_at: "2030-06-10T00:00:00.000Z",
      })
      .execute();

    const figures = await dashboardFigures(testApp.services, now);
    expect(figures.languages).toEqual({ enabled: 7, total: 8 });
    expect(figures.translations.completeness).toBe(1);
    expect(figures.translations.missing).toBe(0);
    const published = await db
      .selectFrom("article_versions")
      .select("article_id")
      .distinct()
      .where("status", "=", "published")
      .execute();
    expect(figures.articles.published).toBe(published.length);
    expect(figures.users!.admins).toBeGreaterThanOrEqual(2);
    expect(figures.users!.total).toBe(figures.users!.admins + 1);
    expect(figures.eventsLast7Days).toBe(1);
    expect(figures.auditEntriesLast7Days).toBe(1);
    expect(figures.romeCodes).toBe(532);

    // A key missing in one enabled language lowers completeness.
    await db
      .updateTable("translations")
      .set({ label: "" })
      .where("code", "=", "de-DE")
      .where("code_component", "=", "FOOTER:ABOUT")
      .execute();
    const after = await dashboardFigures(testApp.services, now);
    expect(after.translations.missing).toBe(1);
    expect(after.translations.completeness).toBeLessThan(1);
  });
});
