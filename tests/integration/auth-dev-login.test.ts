/**
 * The development identity provider (docs/product.md §6), the sign-in rate limit
 * and the admin command, on SQLite and PostgreSQL.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSessionUser } from "#server/auth/sessions.ts";
import { createBrowser, popupResult } from "./auth-browser.ts";
import { DATABASE_KINDS, signedInCookie, startTestApp } from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
const run = promisify(execFile);

/** Opens the form in the "popup" and submits it; returns the last response. */
async function devSignIn(
  browser: ReturnType<typeof createBrowser>,
  fields: { email: string; name: string },
  provider = "github",
) {
  const form = await browser.go(`/auth/${provider}/start?returnTo=%2Fen%2Fwelcome&popup=1`);
  expect(form.url.pathname).toBe(`/auth/${provider}/dev-login`);
  expect(form.response.status).toBe(200);
  const html = await form.response.text();
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
  const body = new URLSearchParams({ _xsrf: hidden("_xsrf"), state: hidden("state"), ...fields });
  return browser.go(`/auth/${provider}/dev-login`, {
    init: { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: body.toString() },
  });
}

describe.each(DATABASE_KINDS)("development sign-in on %s", (kind) => {
  let testApp: TestApp;
  const db = () => testApp.services.database.db;

  beforeAll(async () => {
    // testConfig's PUBLIC_URL is http://localhost:3000: loopback, no provider credentials.
    testApp = await startTestApp(kind, { env: { SIGN_IN_RATE_LIMIT: "100000" } });
  });
  afterAll(() => testApp.close());

  it("shows a form labelled Email and Name with a Continue button and the XSRF field", async () => {
    const browser = createBrowser(testApp.app);
    const { response } = await browser.go("/auth/github/start?popup=1");
    const html = await response.text();
    expect(html).toMatch(/<label for="email">Email<\/label><input id="email" name="email" type="email"/);
    expect(html).toMatch(/<label for="name">Name<\/label><input id="name" name="name"/);
    expect(html).toContain('<button type="submit">Continue</button>');
    expect(html).toMatch(/name="_xsrf" value="[A-Za-z0-9_-]{20,}"/);
  });

  it("signs in through the same user and session code as the real providers", async () => {
    const browser = createBrowser(testApp.app);
    const { response } = await devSignIn(browser, { email: "Dev.Person@Example.com", name: "Dev Person" });
    const { result } = await popupResult(response);
    expect(result).toMatchObject({ ok: true, method: "github", welcome: "new", displayName: "Dev Person" });
    const session = await findSessionUser(db(), browser.cookie("pp_session")!);
    expect(session?.user).toMatchObject({ email: "dev.person@example.com", displayName: "Dev Person", role: "user" });
    const identity = await db()
      .selectFrom("identities")
      .selectAll()
      .where("uid", "=", session!.user.uid)
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ provider: "github", subject: "dev:dev.person@example.com" });

    const again = await popupResult(
      (await devSignIn(createBrowser(testApp.app), { email: "dev.person@example.com", name: "Dev Person" }, "google"))
        .response,
    );
    expect(again.result).toMatchObject({ ok: true, method: "google", welcome: "returning" });
  });

  it("signs the demo admin in as the seeded admin", async () => {
    const browser = createBrowser(testApp.app);
    await devSignIn(browser, { email: "admin@example.com", name: "Demo Admin" });
    expect((await findSessionUser(db(), browser.cookie("pp_session")!))?.user).toMatchObject({
      uid: "demo-admin",
      role: "admin",
    });
  });

  it("shows the form again with the problem for bad input, and signs nobody in", async () => {
    for (const [fields, message] of [
      [{ email: "not-an-email", name: "X" }, "Email must be an email address"],
      [{ email: "blank@example.com", name: "   " }, "Name must not be empty"],
      [{ email: "long@example.com", name: "n".repeat(101) }, "Name must be at most 100 characters"],
    ] as const) {
      const browser = createBrowser(testApp.app);
      const { response } = await devSignIn(browser, fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain('role="alert"');
      expect(html).toContain('aria-invalid="true"');
      expect(browser.cookie("pp_session")).toBeUndefined();
      const users = await db().selectFrom("users").select("uid").where("email", "=", fields.email).execute();
      expect(users).toHaveLength(0);
    }
  });

  it("refuses the form without the XSRF field (403)", async () => {
    const browser = createBrowser(testApp.app);
    await browser.go("/auth/github/start?popup=1");
    const { response } = await browser.go("/auth/github/dev-login", {
      init: {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=a%40example.com&name=A&state=x",
      },
    });
    expect(response.status).toBe(403);
  });

  it("refuses a form whose state is not the attempt's", async () => {
    const browser = createBrowser(testApp.app);
    const form = await browser.go("/auth/github/start?popup=1");
    const xsrf = /name="_xsrf" value="([^"]*)"/.exec(await form.response.text())![1]!;
    const body = new URLSearchParams({ _xsrf: xsrf, state: "forged", email: "forged@example.com", name: "F" });
    const { response } = await browser.go("/auth/github/dev-login", {
      init: { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: body.toString() },
    });
    const { result } = await popupResult(response);
    expect(result).toMatchObject({ ok: false, method: "github" });
    expect(result.ok === false && result.message).toMatch(/state mismatch/);
    expect(browser.cookie("pp_session")).toBeUndefined();
  });
});

describe.each(DATABASE_KINDS)("development sign-in on a public address (%s)", (kind) => {
  let publicApp: TestApp;
  let forcedApp: TestApp;

  beforeAll(async () => {
    [publicApp, forcedApp] = await Promise.all([
      startTestApp(kind, { env: { PUBLIC_URL: "https://press.example" } }),
      startTestApp(kind, { env: { PUBLIC_URL: "https://press.example", DEV_LOGIN: "on" } }),
    ]);
  });
  afterAll(() => Promise.all([publicApp.close(), forcedApp.close()]));

  it("is refused (404 with a message) unless DEV_LOGIN=on", async () => {
    const start = await publicApp.app.request("/auth/github/start?popup=1");
    expect(start.status).toBe(404);
    expect(await start.text()).toContain("Sign-in with GitHub is not configured on this server.");
    expect((await publicApp.app.request("/auth/github/dev-login")).status).toBe(404);
    const xsrf = "t".repeat(32);
    const post = await publicApp.app.request("/auth/github/dev-login", {
      method: "POST",
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, "content-type": "application/x-www-form-urlencoded" },
      body: `_xsrf=${xsrf}&email=a%40example.com&name=A&state=s`,
    });
    expect(post.status).toBe(404);
    expect(
      await publicApp.services.database.db
        .selectFrom("users")
        .select("uid")
        .where("email", "=", "a@example.com")
        .execute(),
    ).toHaveLength(0);
  });

  it("is available with DEV_LOGIN=on", async () => {
    const start = await forcedApp.app.request("/auth/github/start?popup=1");
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe("/auth/github/dev-login");
  });
});

describe("sign-in rate limit", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp("sqlite", { env: { SIGN_IN_RATE_LIMIT: "3", TRUST_PROXY: "true" } });
  });
  afterAll(() => testApp.close());

  it("answers 429 with Retry-After past the limit, per client address", async () => {
    const from = (address: string, accept = "application/json") => ({
      headers: { "x-forwarded-for": address, accept },
    });
    for (let index = 0; index < 3; index++)
      expect((await testApp.app.request("/auth/github/start", from("203.0.113.1"))).status).toBe(302);
    const limited = await testApp.app.request("/auth/github/start", from("203.0.113.1"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ error: { code: "rate_limited" } });
    const page = await testApp.app.request("/auth/github/callback", from("203.0.113.1", "text/html"));
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many sign-in requests");
    expect((await testApp.app.request("/auth/github/start", from("203.0.113.2"))).status).toBe(302);
    // The rest of the site is not limited.
    expect((await testApp.app.request("/healthz", from("203.0.113.1"))).status).toBe(200);
  });
});

describe.each(DATABASE_KINDS)("npm run admin on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    await signedInCookie(testApp.services, { uid: "cli-reader", email: "reader@example.com" });
  });
  afterAll(() => testApp.close());

  const admin = (...args: string[]) =>
    run(process.execPath, ["server/cli/admin.ts", ...args], {
      env: { ...process.env, DATABASE_URL: testApp.databaseUrl, LOG_LEVEL: "silent" },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
  const roleOf = async (uid: string) =>
    await testApp.services.database.db
      .selectFrom("users")
      .select(["role", "role_languages", "can_publish"])
      .where("uid", "=", uid)
      .executeTakeFirstOrThrow();
  const isAdmin = async (uid: string) => ((await roleOf(uid)).role === "admin" ? 1 : 0);

  it("grants and revokes by email, audited, and never revokes the last admin", { timeout: 60_000 }, async () => {
    expect(await admin("revoke", "admin@example.com")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("last administrator"),
    });
    expect(await isAdmin("demo-admin")).toBe(1);

    expect(await admin("grant", "Reader@Example.com")).toMatchObject({
      code: 0,
      stdout: "reader@example.com is now an administrator.\n",
    });
    expect(await isAdmin("cli-reader")).toBe(1);
    expect(await admin("grant", "reader@example.com")).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("already"),
    });
    expect((await admin("list")).stdout).toContain("reader@example.com");

    expect(await admin("revoke", "admin@example.com")).toMatchObject({
      code: 0,
      stdout: "admin@example.com is no longer an administrator.\n",
    });
    expect(await isAdmin("demo-admin")).toBe(0);
    const audit = await testApp.services.database.db
      .selectFrom("audit_log")
      .select(["uid", "action", "entity_id"])
      .where("entity", "=", "user")
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { uid: "cli", action: "change_role", entity_id: "cli-reader" },
      { uid: "cli", action: "change_role", entity_id: "demo-admin" },
    ]);
  });

  it(
    "grants a translator's role with --role and --languages (short codes accepted), and an editor's",
    { timeout: 60_000 },
    async () => {
      expect(await admin("grant", "admin@example.com")).toMatchObject({
        code: 0,
        stdout: "admin@example.com is now an administrator.\n",
      });
      expect(
        await admin("grant", "reader@example.com", "--role", "translator", "--languages", "fr,ar", "--publish"),
      ).toMatchObject({
        code: 0,
        stdout: "reader@example.com is now a translator for fr-FR, ar (may publish).\n",
      });
      expect(await roleOf("cli-reader")).toEqual({ role: "translator", role_languages: "fr-FR,ar", can_publish: 1 });
      expect((await admin("list")).stdout).toContain("reader@example.com  Translator fr-FR,ar (may publish)");
      expect(await admin("grant", "reader@example.com", "--role", "translator")).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("a translator needs at least one language"),
      });
      expect(await admin("grant", "reader@example.com", "--role", "translator", "--languages", "xx")).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('"xx" is not a language of this site'),
      });
      expect(await admin("grant", "reader@example.com", "--role", "owner")).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("must be one of"),
      });
      expect(await admin("grant", "reader@example.com", "--role", "editor", "--languages", "fr")).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("only a translator"),
      });
      expect(await admin("grant", "reader@example.com", "--role", "editor")).toMatchObject({
        code: 0,
        stdout: "reader@example.com is now an editor.\n",
      });
      expect(await roleOf("cli-reader")).toEqual({ role: "editor", role_languages: "", can_publish: 0 });
      expect(await admin("revoke", "reader@example.com")).toMatchObject({
        code: 0,
        stdout: "reader@example.com is no longer an editor.\n",
      });
    },
  );

  it("says clearly when no user has the email, and shows its usage", { timeout: 60_000 }, async () => {
    expect(await admin("grant", "nobody@example.com")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No user has the email nobody@example.com"),
    });
    expect(await admin("promote", "x@example.com")).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Usage: npm run admin"),
    });
  });
});
