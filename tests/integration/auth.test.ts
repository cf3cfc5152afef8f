/**
 * Sign-in end to end against the local Google (oidc-provider) and GitHub
 * stand-ins, on SQLite and PostgreSQL: the real code flow, every failure
 * leaving no user and no session, users merged by verified email, sessions.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSessionUser } from "#server/auth/sessions.ts";
import { createServices } from "#server/services.ts";
import { createHttpApp } from "#server/web/app.ts";
import { createLogger } from "#server/base/log.ts";
import { startGitHubStandIn, type GitHubStandIn, type GitHubUser } from "#tests/fixtures/idp/github.ts";
import { startGoogleStandIn, type GoogleStandIn, type GoogleUser } from "#tests/fixtures/idp/google.ts";
import { COOKIES, standInCookieValue } from "#tests/fixtures/idp/shared.ts";
import { createBrowser, flashResult, popupResult } from "./auth-browser.ts";
import { DATABASE_KINDS, startTestApp, xsrfHeaders } from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type Browser = ReturnType<typeof createBrowser>;

let google: GoogleStandIn;
let github: GitHubStandIn;

beforeAll(async () => {
  [google, github] = await Promise.all([startGoogleStandIn(), startGitHubStandIn()]);
});
afterAll(async () => {
  await Promise.all([google?.close(), github?.close()]);
});

function providerEnv(): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_AUTHORIZE_URL: github.authorizeUrl,
    GITHUB_TOKEN_URL: github.tokenUrl,
    GITHUB_API_URL: github.apiBaseUrl,
    ADMIN_EMAILS: "boss@example.com",
    SIGN_IN_RATE_LIMIT: "100000",
  };
}

const googleUser = (overrides: Partial<GoogleUser> = {}): GoogleUser => ({
  sub: `g-${Math.random().toString(36).slice(2)}`,
  email: "ada@example.com",
  emailVerified: true,
  name: "Ada Lovelace",
  picture: "https://example.com/ada.png",
  ...overrides,
});

const gitHubUser = (overrides: Partial<GitHubUser> = {}): GitHubUser => ({
  id: Math.floor(Math.random() * 1e9),
  login: "octo",
  name: "Octo Cat",
  avatarUrl: "https://avatars.example.com/u/1",
  publicEmail: null,
  emails: [
    { email: "octo-old@example.com", primary: false, verified: true },
    { email: "octo@example.com", primary: true, verified: true },
  ],
  ...overrides,
});

describe.each(DATABASE_KINDS)("sign-in on %s", (kind) => {
  let testApp: TestApp;
  const db = () => testApp.services.database.db;

  beforeAll(async () => {
    testApp = await startTestApp(kind, { env: providerEnv() });
  });
  afterAll(() => testApp.close());

  function browserAs(provider: "google" | "github", user: GoogleUser | GitHubUser | null): Browser {
    const browser = createBrowser(testApp.app);
    if (provider === "google" && user)
      browser.jar.set(new URL(google.issuer), COOKIES.googleUser, standInCookieValue(user));
    if (provider === "github" && user)
      browser.jar.set(new URL(github.baseUrl), COOKIES.githubUser, standInCookieValue(user));
    return browser;
  }

  async function signIn(browser: Browser, provider: "google" | "github", query = "returnTo=%2Fen%2Fwelcome&popup=1") {
    return browser.go(`/auth/${provider}/start?${query}`);
  }

  const isCallback = (url: URL) => url.pathname.endsWith("/callback");

  async function counts(email: string) {
    const users = await db()
      .selectFrom("users")
      .select("uid")
      .where(sql<string>`lower(email)`, "=", email)
      .execute();
    const sessions = await db().selectFrom("sessions").select("id_hash").execute();
    return { users: users.length, sessions: sessions.length };
  }

  async function sessionUser(browser: Browser) {
    const id = browser.cookie("pp_session");
    return id ? ((await findSessionUser(db(), id))?.user ?? null) : null;
  }

  it("signs a new Google user in through the popup: user, identity, session, welcome", async () => {
    const ada = googleUser({ email: "ada.new@example.com" });
    const browser = browserAs("google", ada);
    const { response, url } = await signIn(browser, "google");
    expect(url.pathname).toBe("/auth/google/callback");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { result, html } = await popupResult(response);
    expect(result).toMatchObject({ ok: true, method: "google", welcome: "new", displayName: "Ada Lovelace" });
    expect(html).toContain("Welcome, Ada Lovelace!");
    const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
    expect(response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(html).not.toMatch(/access_token|id_token/);

    const user = await sessionUser(browser);
    expect(user).toMatchObject({
      displayName: "Ada Lovelace",
      email: "ada.new@example.com",
      photoURL: "https://example.com/ada.png",
      role: "user",
    });
    const identity = await db()
      .selectFrom("identities")
      .selectAll()
      .where("provider", "=", "google")
      .where("subject", "=", ada.sub)
      .executeTakeFirstOrThrow();
    expect(identity.uid).toBe(user!.uid);
    expect(browser.jar.get(new URL("http://localhost/auth/"), "pp_signin")).toBeUndefined();
    const events = await db()
      .selectFrom("analytics_events")
      .selectAll()
      .where("name", "=", "sign_in")
      .where("uid", "=", user!.uid)
      .execute();
    expect(events).toHaveLength(1);
  });

  it("welcomes back a returning user and merges the new profile", async () => {
    const grace = googleUser({ email: "grace@example.com", name: "Grace Hopper" });
    const first = await popupResult((await signIn(browserAs("google", grace), "google")).response);
    expect(first.result).toMatchObject({ ok: true, welcome: "new" });
    const renamed = { ...grace, name: "Rear Admiral Grace Hopper", picture: "https://example.com/grace-2.png" };
    const browser = browserAs("google", renamed);
    const second = await popupResult((await signIn(browser, "google")).response);
    expect(second.result).toMatchObject({ ok: true, welcome: "returning", displayName: "Rear Admiral Grace Hopper" });
    expect(second.html).toContain("Welcome back, Rear Admiral Grace Hopper!");
    const rows = await db().selectFrom("users").selectAll().where("email", "=", "grace@example.com").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      display_name: "Rear Admiral Grace Hopper",
      photo_url: "https://example.com/grace-2.png",
      email_verified: 1,
    });
    expect(rows[0]!.last_sign_in_at).not.toBeNull();
  });

  it("redirects a full-page sign-in back to returnTo with a one-time result cookie", async () => {
    const browser = browserAs("google", googleUser({ email: "full-page@example.com", name: "Full Page" }));
    const { url, response } = await browser.go("/auth/google/start?returnTo=%2Ffr%2Fbienvenue%3Fx%3D1", {
      stopAt: (next) => next.pathname === "/fr/bienvenue",
    });
    expect(response.status).toBe(303);
    expect(url.pathname + url.search).toBe("/fr/bienvenue?x=1");
    expect(flashResult(browser)).toMatchObject({
      ok: true,
      welcome: "new",
      displayName: "Full Page",
      method: "google",
    });
    expect(await sessionUser(browser)).toMatchObject({ email: "full-page@example.com" });
  });

  it("signs in with GitHub, taking the primary verified email from /user/emails", async () => {
    const octo = gitHubUser();
    const browser = browserAs("github", octo);
    const { result } = await popupResult((await signIn(browser, "github")).response);
    expect(result).toMatchObject({ ok: true, method: "github", welcome: "new", displayName: "Octo Cat" });
    expect(await sessionUser(browser)).toMatchObject({
      email: "octo@example.com",
      photoURL: "https://avatars.example.com/u/1",
    });
  });

  it("makes the same verified email through Google and GitHub one user", async () => {
    const email = "both@example.com";
    const viaGoogle = browserAs("google", googleUser({ email, name: "Both Ways" }));
    await signIn(viaGoogle, "google");
    const viaGitHub = browserAs(
      "github",
      gitHubUser({ name: "Both (GitHub)", publicEmail: email, emails: [{ email, primary: true, verified: true }] }),
    );
    const { result } = await popupResult((await signIn(viaGitHub, "github")).response);
    expect(result).toMatchObject({ ok: true, welcome: "returning" });
    const googleUid = (await sessionUser(viaGoogle))!.uid;
    expect((await sessionUser(viaGitHub))!.uid).toBe(googleUid);
    const identities = await db()
      .selectFrom("identities")
      .select("provider")
      .where("uid", "=", googleUid)
      .orderBy("provider")
      .execute();
    expect(identities.map((row) => row.provider)).toEqual(["github", "google"]);
    expect((await counts(email)).users).toBe(1);
  });

  it("links the seeded admin by email and keeps them an admin", async () => {
    const browser = browserAs("google", googleUser({ email: "Admin@Example.com", name: "Demo Admin (Google)" }));
    const { result } = await popupResult((await signIn(browser, "google")).response);
    expect(result).toMatchObject({ ok: true, welcome: "returning" });
    expect(await sessionUser(browser)).toMatchObject({ uid: "demo-admin", role: "admin", email: "admin@example.com" });
  });

  it("makes ADMIN_EMAILS admins at sign-in, and only them", async () => {
    const boss = browserAs("google", googleUser({ email: "boss@example.com", name: "Boss" }));
    await signIn(boss, "google");
    expect(await sessionUser(boss)).toMatchObject({ role: "admin" });
    const other = browserAs("google", googleUser({ email: "not-the-boss@example.com" }));
    await signIn(other, "google");
    expect(await sessionUser(other)).toMatchObject({ role: "user" });
  });

  it("rotates the session: signing in again ends the previous session", async () => {
    const browser = browserAs("google", googleUser({ email: "rotate@example.com" }));
    await signIn(browser, "google");
    const firstId = browser.cookie("pp_session")!;
    await signIn(browser, "google");
    const secondId = browser.cookie("pp_session")!;
    expect(secondId).not.toBe(firstId);
    expect(await findSessionUser(db(), firstId)).toBeNull();
    expect(await findSessionUser(db(), secondId)).not.toBeNull();
  });

  describe("failures leave no user and no session", () => {
    async function expectFailure(
      email: string,
      run: () => Promise<Response>,
      message: RegExp,
      method: "google" | "github" = "google",
    ) {
      const before = await counts(email);
      const response = await run();
      const { result, html } = await popupResult(response);
      expect(result).toMatchObject({ ok: false, method });
      expect(result.ok === false && result.message).toMatch(message);
      expect(html).toContain('role="alert"');
      expect(html).toContain(`(${method})`);
      expect(await counts(email)).toEqual(before);
      expect(before.users).toBe(0);
      return response;
    }

    it("state mismatch", async () => {
      const email = "state@example.com";
      const browser = browserAs("google", googleUser({ email }));
      await expectFailure(
        email,
        async () => {
          const { url, stopped } = await browser.go("/auth/google/start?popup=1", { stopAt: isCallback });
          expect(stopped).toBe(true);
          url.searchParams.set("state", "forged-state");
          return (await browser.go(url)).response;
        },
        /state mismatch/,
      );
    });

    it("nonce mismatch", async () => {
      const email = "nonce@example.com";
      const browser = browserAs("google", googleUser({ email }));
      await expectFailure(
        email,
        async () => {
          const { url } = await browser.go("/auth/google/start?popup=1", { stopAt: isCallback });
          await db().updateTable("sign_in_attempts").set({ nonce: "tampered-nonce" }).execute();
          return (await browser.go(url)).response;
        },
        /could not be verified.*nonce/,
      );
    });

    it("PKCE verifier mismatch", async () => {
      const email = "pkce@example.com";
      const browser = browserAs("google", googleUser({ email }));
      await expectFailure(
        email,
        async () => {
          const { url } = await browser.go("/auth/google/start?popup=1", { stopAt: isCallback });
          await db()
            .updateTable("sign_in_attempts")
            .set({ code_verifier: "x".repeat(64) })
            .execute();
          return (await browser.go(url)).response;
        },
        /did not accept the sign-in code/,
      );
    });

    it("PKCE verifier mismatch at GitHub (errors come back with HTTP 200)", async () => {
      const email = "pkce-gh@example.com";
      const browser = browserAs("github", gitHubUser({ emails: [{ email, primary: true, verified: true }] }));
      await expectFailure(
        email,
        async () => {
          const { url } = await browser.go("/auth/github/start?popup=1", { stopAt: isCallback });
          await db()
            .updateTable("sign_in_attempts")
            .set({ code_verifier: "y".repeat(64) })
            .execute();
          return (await browser.go(url)).response;
        },
        /did not accept the sign-in code: The code_verifier does not match/,
        "github",
      );
    });

    it("consent denied at Google and at GitHub", async () => {
      const email = "denied@example.com";
      const atGoogle = browserAs("google", googleUser({ email }));
      atGoogle.jar.set(new URL(google.issuer), COOKIES.googleOutcome, "deny");
      const denied = await expectFailure(email, async () => (await signIn(atGoogle, "google")).response, /denied/);
      expect(denied.status).toBe(403);
      const atGitHub = browserAs("github", gitHubUser({ emails: [{ email, primary: true, verified: true }] }));
      atGitHub.jar.set(new URL(github.baseUrl), COOKIES.githubOutcome, "deny");
      await expectFailure(
        email,
        async () => (await signIn(atGitHub, "github")).response,
        /denied your application/,
        "github",
      );
    });

    it("provider 500 at the token endpoint", async () => {
      const email = "outage@example.com";
      const browser = browserAs("google", googleUser({ email }));
      const response = await expectFailure(
        email,
        async () => {
          const { url } = await browser.go("/auth/google/start?popup=1", { stopAt: isCallback });
          google.setNextOutcome("server-error");
          return (await browser.go(url)).response;
        },
        /Google is not available right now \(HTTP 500\)/,
      );
      expect(response.status).toBe(502);
      const gitHubBrowser = browserAs("github", gitHubUser({ emails: [{ email, primary: true, verified: true }] }));
      await expectFailure(
        email,
        async () => {
          const { url } = await gitHubBrowser.go("/auth/github/start?popup=1", { stopAt: isCallback });
          github.setNextOutcome("server-error");
          return (await gitHubBrowser.go(url)).response;
        },
        /GitHub is not available right now \(HTTP 500\)/,
        "github",
      );
    });

    it("unverified or missing email", async () => {
      const email = "unverified@example.com";
      await expectFailure(
        email,
        async () => (await signIn(browserAs("google", googleUser({ email, emailVerified: false })), "google")).response,
        /is not verified/,
      );
      const noVerified = gitHubUser({ publicEmail: email, emails: [{ email, primary: true, verified: false }] });
      await expectFailure(
        email,
        async () => (await signIn(browserAs("github", noVerified), "github")).response,
        /no verified email address/,
        "github",
      );
    });

    it("a callback without its attempt (another browser, or replayed)", async () => {
      const email = "replay@example.com";
      const browser = browserAs("google", googleUser({ email }));
      const { url } = await browser.go("/auth/google/start?popup=1", { stopAt: isCallback });
      await expectFailure(
        email,
        async () => (await createBrowser(testApp.app).go(url)).response,
        /expired or was started in another browser/,
      );
      // The attempt is bound to the cookie the other browser lacked: the right browser can still finish, once.
      const own = await popupResult((await browser.go(url)).response);
      expect(own.result).toMatchObject({ ok: true });
      const again = await popupResult((await browser.go(url)).response);
      expect(again.result).toMatchObject({ ok: false });
    });

    it("a malformed callback", async () => {
      const email = "malformed@example.com";
      const browser = browserAs("google", googleUser({ email }));
      await expectFailure(
        email,
        async () => {
          const { url } = await browser.go("/auth/google/start?popup=1", { stopAt: isCallback });
          url.searchParams.delete("state");
          return (await browser.go(url)).response;
        },
        /malformed \(state: is missing\)/,
      );
    });

    it("refuses bad start parameters with a 400 naming the parameter", async () => {
      const attemptsBefore = (await db().selectFrom("sign_in_attempts").select("id_hash").execute()).length;
      for (const [query, field] of [
        ["returnTo=%2F%2Fevil.example", "returnTo"],
        ["returnTo=https%3A%2F%2Fevil.example", "returnTo"],
        ["popup=yes", "popup"],
        ["utm_source=x", "utm_source"],
      ] as const) {
        const response = await testApp.app.request(`/auth/google/start?${query}`);
        expect(response.status, query).toBe(400);
        expect(await response.text()).toContain(field);
      }
      expect((await db().selectFrom("sign_in_attempts").select("id_hash").execute()).length).toBe(attemptsBefore);
    });

    it("answers 404 for an unknown provider", async () => {
      expect((await testApp.app.request("/auth/facebook/start")).status).toBe(404);
      expect((await testApp.app.request("/auth/google/nothing")).status).toBe(404);
    });
  });

  it("signs out: the session row is deleted and the cookie cleared; XSRF required", async () => {
    const browser = browserAs("google", googleUser({ email: "leaver@example.com" }));
    await signIn(browser, "google");
    const id = browser.cookie("pp_session")!;
    const uid = (await findSessionUser(db(), id))!.user.uid;
    const xsrf = await xsrfHeaders(testApp.app, `pp_session=${id}`);
    const withoutToken = await testApp.app.request("/api/auth/sign-out", {
      method: "POST",
      headers: { cookie: `${xsrf.cookie}; pp_session=${id}` },
    });
    expect(withoutToken.status).toBe(403);
    expect(await findSessionUser(db(), id)).not.toBeNull();

    const response = await testApp.app.request("/api/auth/sign-out", {
      method: "POST",
      headers: {
        cookie: `${xsrf.cookie}; pp_session=${id}`,
        "x-xsrf-token": xsrf["x-xsrf-token"],
        "content-type": "application/json",
      },
      body: "{}",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedOut: true });
    expect(response.headers.get("set-cookie")).toMatch(/pp_session=;.*Max-Age=0/);
    expect(await findSessionUser(db(), id)).toBeNull();
    const events = await db().selectFrom("analytics_events").select("uid").where("name", "=", "sign_out").execute();
    expect(events.map((event) => event.uid)).toContain(uid);
  });

  it("keeps sessions across a restart (new services on the same database)", async () => {
    const browser = browserAs("google", googleUser({ email: "survivor@example.com" }));
    await signIn(browser, "google");
    const cookie = `pp_session=${browser.cookie("pp_session")}`;
    const restarted = await createServices(testApp.config, createLogger("silent"));
    try {
      const app = createHttpApp(restarted);
      // Signed in (403: not an admin) rather than anonymous (401).
      expect((await app.request("/api/admin/users", { headers: { cookie } })).status).toBe(403);
      expect((await app.request("/api/admin/users")).status).toBe(401);
    } finally {
      await restarted.close();
    }
  });
});
