import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "#server/audit/record.ts";
import type { AuditPage } from "#core/admin/audit/schema.ts";
import { AUDIT_PAGE_SIZE } from "#server/admin/audit/service.ts";
import { DATABASE_KINDS, signedInCookie, startTestApp, xsrfHeaders } from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

describe.each(DATABASE_KINDS)("admin audit API on %s", (kind) => {
  let testApp: TestApp;
  let xsrf: Awaited<ReturnType<typeof xsrfHeaders>>;
  let adminCookie: string;
  let userCookie: string;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    xsrf = await xsrfHeaders(testApp.app);
    adminCookie = await signedInCookie(testApp.services, {
      uid: "auditor",
      email: "Auditor_1@Example.com",
      displayName: "Ada Auditor",
      isAdmin: true,
    });
    userCookie = await signedInCookie(testApp.services, { email: "reader@example.com" });

    const { db } = testApp.services.database;
    await recordAudit(
      db,
      {
        uid: "demo-admin",
        action: "update",
        entity: "language",
        entityId: "2",
        before: { label: "Francais", enabled: 1 },
        after: { label: "Français", enabled: 1 },
      },
      new Date("2024-03-01T10:00:00.000Z"),
    );
    await recordAudit(
      db,
      { uid: "auditor", action: "create", entity: "translation", entityId: "NAV:HOME", after: { label: "Home" } },
      new Date("2024-03-02T10:00:00.000Z"),
    );
    await recordAudit(
      db,
      { uid: "auditor", action: "delete", entity: "translation", entityId: "NAV:OLD", before: { label: "Old" } },
      new Date("2024-03-03T23:59:59.999Z"),
    );
    await recordAudit(
      db,
      { uid: "gone-user", action: "grant_admin", entity: "user", entityId: "gone-user" },
      new Date("2024-03-04T00:00:00.000Z"),
    );
    await db
      .insertInto("audit_log")
      .values({
        uid: null,
        action: "import",
        entity: "rome",
        entity_id: "all",
        before: null,
        after: "not json",
        created_at: "2024-03-05T00:00:00.000Z",
      })
      .execute();
    // Enough entries for three pages.
    for (let index = 0; index < AUDIT_PAGE_SIZE * 2; index++) {
      await recordAudit(
        db,
        {
          uid: "auditor",
          action: "update",
          entity: "rome_code",
          entityId: `A${1000 + index}`,
          before: { n: index },
          after: { n: index + 1 },
        },
        new Date(`2024-01-01T00:00:${String(index % 60).padStart(2, "0")}.${String(index).padStart(3, "0")}Z`),
      );
    }
  });
  afterAll(() => testApp.close());

  const get = (path: string, session = adminCookie) =>
    testApp.app.request(path, { headers: { cookie: `${xsrf.cookie}; ${session}` } });
  const list = async (query: string) => {
    const response = await get(`/api/admin/audit${query}`);
    expect(response.status, query).toBe(200);
    return (await response.json()) as AuditPage;
  };

  async function expectBadField(query: string, field: string) {
    const response = await get(`/api/admin/audit${query}`);
    expect(response.status, query).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string; field: string } };
    expect(body.error.field, query).toBe(field);
    expect(body.error.message, query).toContain(field);
  }

  it("answers 401 to anonymous visitors and 403 to signed-in non-admins", async () => {
    expect((await testApp.app.request("/api/admin/audit")).status).toBe(401);
    expect((await get("/api/admin/audit", userCookie)).status).toBe(403);
    expect((await testApp.app.request("/api/admin/audit/facets")).status).toBe(401);
    expect((await get("/api/admin/audit/facets", userCookie)).status).toBe(403);
  });

  it("lists entries newest first, with the actor, parsed before/after, and pages", async () => {
    const first = await list("");
    expect(first.total).toBe(5 + AUDIT_PAGE_SIZE * 2);
    expect(first.pageCount).toBe(3);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries.slice(0, 5).map((entry) => entry.entity)).toEqual([
      "rome",
      "user",
      "translation",
      "translation",
      "language",
    ]);

    const [rome, gone, deleted, , language] = first.entries;
    expect(rome).toMatchObject({ actor: null, after: "not json", before: null });
    expect(gone?.actor).toEqual({ uid: "gone-user", email: null, name: null });
    expect(deleted).toMatchObject({
      action: "delete",
      entityId: "NAV:OLD",
      before: { label: "Old" },
      after: null,
      at: "2024-03-03T23:59:59.999Z",
    });
    expect(deleted?.actor).toEqual({ uid: "auditor", email: "Auditor_1@Example.com", name: "Ada Auditor" });
    expect(language).toMatchObject({
      before: { label: "Francais", enabled: 1 },
      after: { label: "Français", enabled: 1 },
    });
    expect(language?.actor?.email).toBe("admin@example.com");

    const third = await list("?page=3");
    expect(third.page).toBe(3);
    expect(third.entries).toHaveLength(5);
    const seen = new Set(
      [...first.entries, ...(await list("?page=2")).entries, ...third.entries].map((entry) => entry.id),
    );
    expect(seen.size).toBe(first.total);
    // Past the last page: the last page, so a stale link still shows something.
    expect((await list("?page=9")).page).toBe(3);
  });

  it("filters by entity, action, actor, user id and date range", async () => {
    expect((await list("?entity=translation")).entries.map((entry) => entry.entityId)).toEqual(["NAV:OLD", "NAV:HOME"]);
    expect((await list("?entity=translation&action=create")).entries.map((entry) => entry.entityId)).toEqual([
      "NAV:HOME",
    ]);
    expect((await list("?action=grant_admin")).total).toBe(1);
    expect((await list("?uid=demo-admin")).total).toBe(1);
    // Part of the email or name, any case; LIKE wildcards match only themselves.
    expect((await list("?actor=AUDITOR_1")).total).toBe(2 + AUDIT_PAGE_SIZE * 2);
    expect((await list("?actor=ada")).total).toBe(2 + AUDIT_PAGE_SIZE * 2);
    expect((await list("?actor=admin%40example")).total).toBe(1);
    expect((await list("?actor=%25")).total).toBe(0);
    expect((await list("?actor=r_1")).total).toBe(2 + AUDIT_PAGE_SIZE * 2);
    expect((await list("?actor=dmi_%40")).total).toBe(0);
    expect((await list("?actor=ra")).total).toBe(0);
    // Whole UTC days, both ends included.
    expect((await list("?from=2024-03-02&to=2024-03-03")).entries.map((entry) => entry.entityId)).toEqual([
      "NAV:OLD",
      "NAV:HOME",
    ]);
    expect((await list("?from=2024-03-04")).total).toBe(2);
    expect((await list("?to=2024-01-01")).total).toBe(AUDIT_PAGE_SIZE * 2);
    expect((await list("?entity=&action=&actor=&from=&to=&page=")).total).toBe(5 + AUDIT_PAGE_SIZE * 2);
    expect((await list("?entity=nothing")).entries).toEqual([]);
  });

  it("lists the entities and actions that occur, for the filters", async () => {
    const response = await get("/api/admin/audit/facets");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      entities: ["language", "rome", "rome_code", "translation", "user"],
      actions: ["create", "delete", "grant_admin", "import", "update"],
    });
  });

  it("refuses bad filters with a 400 naming the parameter", async () => {
    await expectBadField("?entity=a%20b", "entity");
    await expectBadField(`?entity=${"e".repeat(65)}`, "entity");
    await expectBadField("?action=drop;table", "action");
    await expectBadField(`?uid=${"u".repeat(129)}`, "uid");
    await expectBadField("?actor=%20%20", "actor");
    await expectBadField(`?actor=${"a".repeat(255)}`, "actor");
    await expectBadField("?from=2024-02-30", "from");
    await expectBadField("?to=03/01/2024", "to");
    await expectBadField("?from=2024-03-02&to=2024-03-01", "from");
    await expectBadField("?page=0", "page");
    await expectBadField("?page=-1", "page");
    await expectBadField("?page=1.5", "page");
    await expectBadField("?page=01", "page");
    await expectBadField("?page=100001", "page");
    await expectBadField("?entity=user&entity=language", "entity");
  });
});
