/**
 * Signs browser tests in as the demo admin without the sign-in UI: a real
 * session row in the e2e server's SQLite database, handed to the browser as
 * the pp_session cookie. Reusable by every admin spec:
 *
 *   test.beforeEach(async ({ context }) => { await signInAsAdmin(context); });
 */
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { E2E_PORT, E2E_URL } from "#tests/e2e/ports.ts";
import { SESSION_COOKIE } from "#server/http/session-cookie.ts";
import { createSession } from "#server/auth/sessions.ts";
import { openDatabase } from "#server/db/connect.ts";

/** The uid the demo seed gives admin@example.com. */
export const DEMO_ADMIN_UID = "demo-admin";

/** The e2e server's database file (see playwright.config.ts). */
export function e2eDatabasePath(port = E2E_PORT): string {
  return `./data/e2e-${port}/site.db`;
}

/** Work on the e2e server's database (a user to set up, a row to check), closing it afterwards. */
export async function withE2eDatabase<T>(
  work: (db: ReturnType<typeof openDatabase>["db"]) => Promise<T>,
  port = E2E_PORT,
): Promise<T> {
  const handle = openDatabase({ kind: "sqlite", path: e2eDatabasePath(port) });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** A fresh session for `uid` in the e2e database, as a Playwright cookie for the e2e server. */
export async function adminSessionCookie(port = E2E_PORT, uid = DEMO_ADMIN_UID) {
  const handle = openDatabase({ kind: "sqlite", path: e2eDatabasePath(port) });
  try {
    const session = await createSession(handle.db, uid);
    return {
      name: SESSION_COOKIE,
      value: session.id,
      url: port === E2E_PORT ? E2E_URL : `http://127.0.0.1:${port}`,
      httpOnly: true,
      sameSite: "Lax" as const,
      expires: Math.floor(session.expiresAt.getTime() / 1000),
    };
  } finally {
    await handle.close();
  }
}

/** Signs the browser context in as the demo admin. */
export async function signInAsAdmin(context: BrowserContext, port = E2E_PORT): Promise<void> {
  await context.addCookies([await adminSessionCookie(port)]);
}

/**
 * A second admin for one spec, made before its tests and made a plain user after them:
 * a second admin left behind would let other specs' "last administrator" refusal through.
 */
export function useSpecAdmin(
  test: { beforeAll: (run: () => Promise<void>) => void; afterAll: (run: () => Promise<void>) => void },
  admin: { uid: string; email: string; name: string },
): void {
  test.beforeAll(async () => {
    await withE2eDatabase((db) =>
      db
        .insertInto("users")
        .values({
          uid: admin.uid,
          email: admin.email,
          display_name: admin.name,
          photo_url: null,
          email_verified: 1,
          role: "admin",
          created_at: "2026-01-10T09:00:00.000Z",
          last_sign_in_at: null,
        })
        .onConflict((conflict) => conflict.column("uid").doUpdateSet({ role: "admin" }))
        .execute(),
    );
  });
  test.afterAll(async () => {
    await withE2eDatabase((db) =>
      db.updateTable("users").set({ role: "user", admin_language: null }).where("uid", "=", admin.uid).execute(),
    );
  });
}

/**
 * A translator for one spec, made before its tests (translating `languages`, publishing them when
 * `canPublish`, the admin in `adminLanguage`) and made a plain user after them.
 */
export function useSpecTranslator(
  test: { beforeAll: (run: () => Promise<void>) => void; afterAll: (run: () => Promise<void>) => void },
  translator: { uid: string; email: string; name: string },
  grant: { languages: string; canPublish: boolean; adminLanguage?: string },
): void {
  const role = {
    role: "translator" as const,
    role_languages: grant.languages,
    can_publish: grant.canPublish ? (1 as const) : (0 as const),
    admin_language: grant.adminLanguage ?? null,
  };
  test.beforeAll(async () => {
    await withE2eDatabase((db) =>
      db
        .insertInto("users")
        .values({
          uid: translator.uid,
          email: translator.email,
          display_name: translator.name,
          photo_url: null,
          email_verified: 1,
          ...role,
          created_at: new Date().toISOString(),
          last_sign_in_at: null,
        })
        .onConflict((conflict) => conflict.column("uid").doUpdateSet(role))
        .execute(),
    );
  });
  test.afterAll(async () => {
    await withE2eDatabase((db) =>
      db.updateTable("users").set({ role: "user", admin_language: null }).where("uid", "=", translator.uid).execute(),
    );
  });
}

/**
 * A state-changing admin API call as the admin screens make it (session cookie,
 * XSRF header), written from the resource as it is now (decision 0151): its
 * ETag in If-Match, or If-None-Match: * when there is none yet.
 */
export async function adminPut(page: Page, path: string, body: unknown): Promise<void> {
  const xsrf = (await page.context().cookies(E2E_URL)).find((cookie) => cookie.name === "XSRF-TOKEN")?.value;
  if (!xsrf) throw new Error("no XSRF-TOKEN cookie: load a page first");
  const current = await page.request.get(path);
  const precondition: Record<string, string> =
    current.status() === 200 ? { "If-Match": current.headers()["etag"]! } : { "If-None-Match": "*" };
  const response = await page.request.put(path, { data: body, headers: { "X-XSRF-TOKEN": xsrf, ...precondition } });
  // 201 when the PUT created the resource (a language version).
  expect([200, 201], await response.text()).toContain(response.status());
}
