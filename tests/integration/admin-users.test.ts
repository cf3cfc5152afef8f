import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUser } from "#core/admin/users/schema.ts";
import { USERS_LIST_LIMIT } from "#server/admin/users/service.ts";
import {
  adminApiCaller,
  currentPreconditions,
  DATABASE_KINDS,
  expectAdminGateRefuses,
  signedInCookie,
  startTestApp,
  writingFromCurrentState,
  xsrfHeaders,
  type AdminApiCall,
  type ApiReply,
  type Visitor,
} from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

type ReplyJson = {
  users?: AdminUser[];
  total?: number;
  user?: AdminUser;
  error?: { code: string; message: string; field?: string };
};
type Reply = ApiReply<ReplyJson>;

describe.each(DATABASE_KINDS)("admin users API on %s", (kind) => {
  let testApp: TestApp;
  let xsrf: Awaited<ReturnType<typeof xsrfHeaders>>;
  const sessions: Record<Visitor, string> = { admin: "", user: "", anonymous: "" };
  let call: AdminApiCall<ReplyJson>;
  const adminUid = "users-admin";
  const readerUid = "users-reader";

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    xsrf = await xsrfHeaders(testApp.app);
    sessions.admin = await signedInCookie(testApp.services, {
      uid: adminUid,
      email: "ops-admin@example.com",
      displayName: "Olga Ops",
      isAdmin: true,
    });
    sessions.user = await signedInCookie(testApp.services, {
      uid: readerUid,
      email: "reader@example.com",
      displayName: "Rita Reader",
    });
    const raw = adminApiCaller<ReplyJson>(testApp.app, "/api/admin/users", sessions, xsrf);
    // Roles changed from the role as it is now (decision 0151); stale copies are tested in conditional-writes.test.ts.
    call = writingFromCurrentState(raw, (_method, path, as) => currentPreconditions(raw, path, as));
  });
  afterAll(() => testApp.close());

  const db = () => testApp.services.database.db;

  async function storedState() {
    const users = await db().selectFrom("users").selectAll().orderBy("uid").execute();
    const audit = await db().selectFrom("audit_log").select("id").execute();
    return { users, auditCount: audit.length };
  }

  async function expectRefused(request: () => Promise<Reply>, status: number, field: string) {
    const before = await storedState();
    const reply = await request();
    expect(reply.status, JSON.stringify(reply.json)).toBe(status);
    expect(reply.json?.error?.field).toBe(field);
    expect(reply.json?.error?.message).toMatch(new RegExp(`^${field}: `));
    expect(await storedState()).toEqual(before);
    return reply;
  }

  const isAdmin = async (uid: string) =>
    (await db().selectFrom("users").select("role").where("uid", "=", uid).executeTakeFirstOrThrow()).role === "admin";
  const ADMIN = { role: "admin" };
  const USER = { role: "user" };
  const latestAudit = () => db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();

  describe("the admin gate", () => {
    const endpoints: [string, string, unknown?][] = [
      ["GET", ""],
      ["GET", "?q=admin"],
      ["PUT", `/${readerUid}/role`, ADMIN],
      ["PUT", "/demo-admin/role", USER],
    ];
    it.each(endpoints)(
      "%s %s answers 401 to an anonymous visitor and 403 to a non-admin, changing nothing",
      async (method, path, body) => {
        await expectAdminGateRefuses(call, method, path, body, storedState);
      },
    );
  });

  describe("GET /", () => {
    it("lists users with their record, sign-in and admin status", async () => {
      const reply = await call("GET", "");
      expect(reply.status).toBe(200);
      expect(reply.json!.total).toBe(reply.json!.users!.length);
      const demo = reply.json!.users!.find((user) => user.uid === "demo-admin");
      expect(demo).toEqual({
        uid: "demo-admin",
        email: "admin@example.com",
        displayName: expect.any(String),
        photoURL: null,
        emailVerified: true,
        role: "admin",
        languages: [],
        canPublish: false,
        createdAt: expect.any(String),
        lastSignInAt: null,
        roleEtag: (await call("GET", "/demo-admin/role")).etag,
      });
      expect(reply.json!.users!.find((user) => user.uid === readerUid)).toMatchObject({
        email: "reader@example.com",
        role: "user",
      });
    });

    it("searches email and name, case-insensitively, with LIKE wildcards taken literally", async () => {
      const uids = async (query: string) =>
        (await call("GET", `?q=${encodeURIComponent(query)}`)).json!.users!.map((user) => user.uid).sort();
      expect(await uids("READER@")).toEqual([readerUid]);
      expect(await uids("olga")).toEqual([adminUid]);
      expect(await uids("  rita rea  ")).toEqual([readerUid]);
      expect(await uids("example.com")).toEqual(expect.arrayContaining(["demo-admin", adminUid, readerUid]));
      expect(await uids("%")).toEqual([]);
      expect(await uids("_")).toEqual([]);
      expect(await uids("nobody-like-this")).toEqual([]);
    });

    it(`returns at most ${USERS_LIST_LIMIT} users, with the total that matched`, async () => {
      const now = new Date().toISOString();
      await db()
        .insertInto("users")
        .values(
          Array.from({ length: USERS_LIST_LIMIT + 5 }, (_, index) => ({
            uid: `bulk-${index}`,
            email: `bulk-${index}@bulk.test`,
            display_name: null,
            photo_url: null,
            email_verified: 0,
            role: "user",
            created_at: now,
            last_sign_in_at: null,
          })),
        )
        .execute();
      const reply = await call("GET", "?q=bulk.test");
      expect(reply.json!.users).toHaveLength(USERS_LIST_LIMIT);
      expect(reply.json!.total).toBe(USERS_LIST_LIMIT + 5);
    });

    it("refuses a search longer than 200 characters, or given twice", async () => {
      await expectRefused(() => call("GET", `?q=${"x".repeat(201)}`), 400, "q");
      await expectRefused(() => call("GET", "?q=ada&q=grace"), 400, "q");
    });
  });

  describe("PUT /:uid/role", () => {
    it("grants admin rights, records the change of role, and the user's own session gains access at once", async () => {
      expect((await call("GET", "", { as: "user" })).status).toBe(403);
      const reply = await call("PUT", `/${readerUid}/role`, { body: ADMIN });
      expect(reply.status).toBe(200);
      expect(reply.json!.user).toMatchObject({ uid: readerUid, role: "admin" });
      const audit = await latestAudit();
      expect(audit).toMatchObject({ uid: adminUid, action: "change_role", entity: "user", entity_id: readerUid });
      expect(JSON.parse(audit.before!)).toEqual({ role: "user", languages: [], canPublish: false });
      expect(JSON.parse(audit.after!)).toEqual({ role: "admin", languages: [], canPublish: false });
      expect((await call("GET", "", { as: "user" })).status).toBe(200);
    });

    it("changes nothing and records nothing when the user already has that role", async () => {
      const before = await storedState();
      const reply = await call("PUT", `/${readerUid}/role`, { body: ADMIN });
      expect(reply.status).toBe(200);
      expect(reply.json!.user!.role).toBe("admin");
      expect(await storedState()).toEqual(before);
    });

    it("makes a translator for languages given by code or short code, audited, and the session follows at once", async () => {
      const reply = await call("PUT", `/${readerUid}/role`, {
        body: { role: "translator", languages: ["fr", "AR", "fr-FR"], canPublish: true },
      });
      expect(reply.status).toBe(200);
      expect(reply.json!.user).toMatchObject({ role: "translator", languages: ["fr-FR", "ar"], canPublish: true });
      const audit = await latestAudit();
      expect(audit).toMatchObject({ action: "change_role", entity_id: readerUid });
      expect(JSON.parse(audit.after!)).toEqual({ role: "translator", languages: ["fr-FR", "ar"], canPublish: true });
      // Users are the admin's: a translator is refused them.
      expect((await call("GET", "", { as: "user" })).status).toBe(403);
      expect(
        (
          await call("PUT", `/${readerUid}/role`, {
            body: { role: "translator", languages: ["fr"], canPublish: false },
          })
        ).json!.user,
      ).toMatchObject({
        languages: ["fr-FR"],
        canPublish: false,
      });
      expect((await call("PUT", `/${readerUid}/role`, { body: { role: "editor" } })).json!.user).toMatchObject({
        role: "editor",
        languages: [],
        canPublish: false,
      });
    });

    it("takes the role away, and the session loses access at once", async () => {
      const reply = await call("PUT", `/${readerUid}/role`, { body: USER });
      expect(reply.status).toBe(200);
      expect(reply.json!.user!.role).toBe("user");
      expect(await latestAudit()).toMatchObject({ action: "change_role", entity_id: readerUid });
      expect((await call("GET", "", { as: "user" })).status).toBe(403);
    });

    it("never removes the last admin (409 with a clear message)", async () => {
      expect((await call("PUT", "/demo-admin/role", { body: USER })).status).toBe(200);
      const remaining = await db().selectFrom("users").select("uid").where("role", "=", "admin").execute();
      expect(remaining.map((row) => row.uid)).toEqual([adminUid]);

      const refused = await expectRefused(
        () => call("PUT", `/${adminUid}/role`, { body: { role: "editor" } }),
        409,
        "role",
      );
      expect(refused.json!.error).toMatchObject({ code: "last_admin" });
      expect(refused.json!.error!.message).toContain("Olga Ops is the last administrator");
      expect(await isAdmin(adminUid)).toBe(true);

      expect((await call("PUT", "/demo-admin/role", { body: ADMIN })).status).toBe(200);
      expect((await call("PUT", `/${adminUid}/role`, { body: USER, as: "admin" })).status).toBe(200);
      // The admin took their own role away: their session is an ordinary user's now.
      expect((await call("GET", "")).status).toBe(403);
      await db().updateTable("users").set({ role: "admin" }).where("uid", "=", adminUid).execute();
    });

    it("keeps one admin when two admins demote each other at the same moment", async () => {
      await db()
        .updateTable("users")
        .set({ role: "user" })
        .where("role", "=", "admin")
        .where("uid", "<>", adminUid)
        .execute();
      await db().updateTable("users").set({ role: "admin" }).where("uid", "=", readerUid).execute();
      const replies = await Promise.all([
        call("PUT", `/${readerUid}/role`, { body: USER }),
        call("PUT", `/${adminUid}/role`, { body: USER, as: "user" }),
      ]);
      // One demotion lands; the other is refused, as the last admin's (409) when its sender was still an admin as it
      // was let in, or as no admin's (403) when the first had already committed by then: either way, never both.
      const [landed, refused] = replies.map((reply) => reply.status).sort();
      expect(landed).toBe(200);
      expect([403, 409]).toContain(refused);
      const admins = await db().selectFrom("users").select("uid").where("role", "=", "admin").execute();
      expect(admins).toHaveLength(1);
      await db().updateTable("users").set({ role: "admin" }).where("uid", "in", [adminUid, "demo-admin"]).execute();
      await db().updateTable("users").set({ role: "user" }).where("uid", "=", readerUid).execute();
    });

    it("refuses an unknown user (404) and a bad role, languages or publish right (400), naming the field", async () => {
      await expectRefused(() => call("PUT", "/no-such-user/role", { body: ADMIN }), 404, "uid");
      await expectRefused(() => call("PUT", `/${readerUid}/role`, { body: {} }), 400, "role");
      await expectRefused(() => call("PUT", `/${readerUid}/role`, { body: { role: "owner" } }), 400, "role");
      await expectRefused(() => call("PUT", `/${readerUid}/role`, { body: { role: "translator" } }), 400, "languages");
      await expectRefused(
        () => call("PUT", `/${readerUid}/role`, { body: { role: "translator", languages: ["xx"] } }),
        400,
        "languages",
      );
      await expectRefused(
        () => call("PUT", `/${readerUid}/role`, { body: { role: "editor", languages: ["fr"] } }),
        400,
        "languages",
      );
      await expectRefused(
        () => call("PUT", `/${readerUid}/role`, { body: { role: "translator", languages: ["fr"], canPublish: "yes" } }),
        400,
        "canPublish",
      );
      await expectRefused(
        () => call("PUT", `/${readerUid}/role`, { body: { role: "admin", isAdmin: true } }),
        400,
        "body",
      );
      await expectRefused(() => call("PUT", `/${"u".repeat(256)}/role`, { body: ADMIN }), 400, "uid");
    });
  });
});
