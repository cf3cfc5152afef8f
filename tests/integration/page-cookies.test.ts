/**
 * Issue 8 item 8 on the real built server: cookies are handled the same on
 * rendered pages as on JSON routes — a renewed session's cookie goes out, an
 * unknown session cookie is cleared, and the XSRF token follows the session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSessionId, SESSION_RENEW_AFTER_MS } from "#server/auth/sessions.ts";
import { parseDatabaseUrl } from "#server/base/config.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/connect.ts";
import { rawGet, startRealServer, type RealServer } from "./server-process.ts";
import { DATABASE_KINDS, signedInCookie } from "./support.ts";

describe.each(DATABASE_KINDS)("cookies on rendered pages on %s", (kind) => {
  let server: RealServer;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    server = await startRealServer(kind);
    handle = openDatabase(parseDatabaseUrl(server.databaseUrl));
  });
  afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  it("renews a day-old session's cookie on an HTML page, with the session's XSRF token", async () => {
    const cookie = await signedInCookie({ database: handle }, { email: `renew-${kind}@example.com` });
    const id = cookie.slice("pp_session=".length);
    const dayAgo = new Date(Date.now() - SESSION_RENEW_AFTER_MS - 60_000).toISOString();
    await handle.db
      .updateTable("sessions")
      .set({ last_seen_at: dayAgo })
      .where("id_hash", "=", hashSessionId(id))
      .execute();

    const page = await rawGet(server.port, "/en/articles", { Cookie: cookie, Accept: "text/html" });
    expect(page.status).toBe(200);
    expect(page.head).toMatch(/^content-type: text\/html/im);
    const renewed = page.cookies.find((line) => line.startsWith(`pp_session=${id};`));
    expect(renewed).toMatch(/HttpOnly/);
    expect(Date.parse(/Expires=([^;]+)/.exec(renewed!)![1]!)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(page.cookies.some((line) => /^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\//.test(line))).toBe(true);
  });

  it("clears an unknown session cookie on an HTML page and serves it as to an anonymous visitor", async () => {
    const page = await rawGet(server.port, "/en/articles", {
      Cookie: `pp_session=${"z".repeat(43)}`,
      Accept: "text/html",
    });
    expect(page.status).toBe(200);
    expect(page.cookies).toContainEqual(expect.stringMatching(/^pp_session=; .*Max-Age=0/));
    expect(page.cookies.some((line) => /^XSRF-TOKEN=[A-Za-z0-9_-]{32}; Path=\//.test(line))).toBe(true);
  });
});
