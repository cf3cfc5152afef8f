/**
 * Sign-in routes (PRODUCT.md §6):
 *   GET  /auth/{google|github}/start?returnTo=/path&popup=1 → the provider (or the development provider)
 *   GET  /auth/{provider}/callback                          → user + new session → result
 *   GET  /auth/{provider}/dev-login, POST the same           → the development provider's form
 *   POST /api/auth/sign-out                                  → ends the session server-side
 * A popup gets a small page that hands the result to its opener; a full-page
 * sign-in is redirected back to returnTo with the result in a one-time cookie.
 */
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as oidc from "openid-client";
import { z } from "zod";
import type { AppServices } from "#server/context.ts";
import { createTranslate } from "#core/i18n/translate.ts";
import { FLASH_COOKIE, SIGN_IN_MESSAGE_TYPE, type SignInResult } from "#core/sign-in-result.ts";
import { formatSignInError } from "#core/sign-in-error.ts";
import { recordEvent } from "#server/analytics/events.ts";
import { favoriteLanguage, findEnabledLanguage } from "#server/content/public-pages.ts";
import { compiledStrings } from "#server/content/shell.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import { apiRoute } from "#server/ops/openapi.ts";
import { clientAddress, createRateLimiter, rateLimitKey } from "#server/http/rate-limit.ts";
import { unstorableText } from "#server/http/validate.ts";
import { expectedXsrfToken } from "#server/http/xsrf.ts";
import { ATTEMPT_COOKIE, attemptCookieOptions, peekAttempt, saveAttempt, takeAttempt, type SignInAttempt } from "./attempts.ts";
import { PROVIDER_NAMES, usesDevLogin, type ProviderName } from "./dev-login.ts";
import { devLoginPage, messagePage, resultPage } from "./pages.ts";
import { callbackUrl, createProviders, describeProviderError, SignInFailure, type ProviderIdentity } from "./providers.ts";
import { DEFAULT_RETURN_TO, returnToSchema } from "./return-to.ts";
import { SESSION_COOKIE } from "./session-cookie.ts";
import { sessionCookieOptions } from "./session-middleware.ts";
import { createSession, deleteSession } from "./sessions.ts";
import { displayNameOf, signInIdentity } from "./users.ts";

const LABELS: Record<ProviderName, string> = { google: "Google", github: "GitHub" };
const FLASH_LIFETIME_SECONDS = 60;
const RATE_WINDOW_MS = 60_000;

const startQuerySchema = z.strictObject({
  returnTo: returnToSchema.optional(),
  popup: z.literal("1", 'must be "1" or absent').optional(),
});

// Not strict: providers add their own parameters (Google: authuser, prompt, scope…).
const callbackQuerySchema = z.object({
  state: z.string({ error: "is missing" }).min(1, "is missing").max(512, "is too long"),
  code: z.string().min(1).max(2048, "is too long").optional(),
  error: z.string().regex(/^[\x20-\x7e]{1,128}$/, "is not an OAuth error code").optional(),
  error_description: z.string().max(1000, "is too long").optional(),
});

const devLoginFormSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("must be an email address like ada@example.com").max(254, "must be at most 254 characters")),
  name: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(100, "must be at most 100 characters")
    .refine((name) => unstorableText(name) === null, "must not contain NUL characters or malformed Unicode"),
  state: z.string().max(512),
});

/** Where the result goes: back to a full page, or (null or popup) into the result page. */
type Target = Pick<SignInAttempt, "popup" | "returnTo"> | null;

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.map(String).join(".") || "query"}: ${issue.message}`;
}

/** Messages for the error codes of RFC 6749 §4.1.2.1 when the provider gives no description. */
function providerErrorMessage(error: string, description: string | undefined, label: string): string {
  const text = description?.replace(/[\u0000-\u001f\u007f]/g, " ").trim().slice(0, 300);
  if (text) return text;
  if (error === "access_denied") return `You did not allow ${label} to sign you in.`;
  return `${label} reported an error: ${error}.`;
}

export function authRoutes(services: AppServices): Hono<HttpEnv> {
  const { config, content, log } = services;
  const db = services.database.db;
  const secure = config.secureCookies;
  const providers = createProviders(config);
  const limiter = createRateLimiter({ limit: config.signInRateLimit, windowMs: RATE_WINDOW_MS });

  for (const provider of PROVIDER_NAMES) {
    if (!usesDevLogin(config, provider)) continue;
    const message = `DEVELOPMENT SIGN-IN IS ACTIVE for ${LABELS[provider]}: anyone who reaches ${config.publicUrl} can sign in as ANY email address. Set ${provider.toUpperCase()}_CLIENT_ID and ${provider.toUpperCase()}_CLIENT_SECRET, or DEV_LOGIN=off, before exposing this server.`;
    if (config.devLogin === "on") log.error({ provider, devLogin: config.devLogin }, message);
    else log.warn({ provider, devLogin: config.devLogin }, message);
  }

  /** The page language: the one the visitor is coming back to (first path segment), else the favorite. */
  function pageStrings(returnTo: string) {
    const snapshot = content.current();
    const firstSegment = returnTo.split(/[/?#]/)[1];
    const language = findEnabledLanguage(snapshot, firstSegment ? safeDecode(firstSegment) : undefined) ?? favoriteLanguage(snapshot);
    const t = createTranslate(compiledStrings(snapshot, language?.code), language?.code ?? "en-US", (message) => log.warn(message));
    return { language: { code: language?.code ?? "en-US", dir: language?.dir ?? "ltr" }, t };
  }

  // Through the context, so cookies set on it (session, attempt) go out with the page.
  function htmlResponse(c: Context<HttpEnv>, html: string, status: number): Response {
    return c.html(html, status as ContentfulStatusCode, { "Cache-Control": "no-store" });
  }

  function respond(c: Context<HttpEnv>, target: Target, result: SignInResult, status: number): Response {
    if (target && !target.popup) {
      setCookie(c, FLASH_COOKIE, JSON.stringify(result), { path: "/", sameSite: "Lax", secure, maxAge: FLASH_LIFETIME_SECONDS });
      return c.redirect(target.returnTo, 303);
    }
    const returnTo = target?.returnTo ?? DEFAULT_RETURN_TO;
    const { language, t } = pageStrings(returnTo);
    const text = result.ok
      ? t(result.welcome === "new" ? "TOAST:WELCOME" : "TOAST:WELCOME_BACK", { displayName: result.displayName })
      : result.method
        ? formatSignInError(t("TOAST:SIGNIN_FAILED", { message: result.message }), result.method)
        : t("TOAST:SIGNIN_FAILED", { message: result.message });
    const html = resultPage({
      language,
      siteTitle: t("SITE:TITLE"),
      text,
      link: { href: returnTo, label: t("NOTFOUND:HOME") },
      result,
      origin: config.publicUrl,
      nonce: c.get("nonce"),
    });
    return htmlResponse(c, html, status);
  }

  function fail(c: Context<HttpEnv>, target: Target, method: ProviderName | null, error: unknown): Response {
    const failure = describeProviderError(error, method ? LABELS[method] : "The identity provider");
    log.warn({ requestId: c.get("requestId"), provider: method, code: failure.code }, "sign-in failed");
    const result: SignInResult = { type: SIGN_IN_MESSAGE_TYPE, id: oidc.randomState(), ok: false, method, message: failure.message };
    return respond(c, target, result, failure.status);
  }

  /** The same end for every provider, real or development: user record, fresh session, result. */
  async function finishSignIn(c: Context<HttpEnv>, attempt: SignInAttempt, identity: ProviderIdentity): Promise<Response> {
    const label = LABELS[identity.provider];
    if (!identity.email) throw new SignInFailure("no_verified_email", `Your ${label} account has no verified email address.`, 403);
    if (!identity.emailVerified) throw new SignInFailure("email_not_verified", `The email address of your ${label} account (${identity.email}) is not verified.`, 403);
    const { user, created } = await signInIdentity(
      db,
      { provider: identity.provider, subject: identity.subject, email: identity.email, name: identity.name, picture: identity.picture },
      { adminEmails: config.adminEmails },
    );
    // Rotate: whatever session this browser had before is ended, the new one starts fresh.
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous) await deleteSession(db, previous);
    const session = await createSession(db, user.uid);
    setCookie(c, SESSION_COOKIE, session.id, sessionCookieOptions(secure, session.expiresAt));
    await recordEvent(db, { name: "sign_in", uid: user.uid, path: attempt.returnTo.slice(0, 2048) });
    log.info({ requestId: c.get("requestId"), provider: identity.provider, uid: user.uid, created, isAdmin: user.isAdmin }, "signed in");
    const result: SignInResult = {
      type: SIGN_IN_MESSAGE_TYPE,
      id: oidc.randomState(),
      ok: true,
      method: identity.provider,
      welcome: created ? "new" : "returning",
      displayName: displayNameOf(user),
    };
    return respond(c, attempt, result, 200);
  }

  function providerParam(c: Context<HttpEnv>): ProviderName | null {
    const name = c.req.param("provider");
    return PROVIDER_NAMES.find((provider) => provider === name) ?? null;
  }

  function notFoundPage(c: Context<HttpEnv>, text: string): Response {
    const { language, t } = pageStrings(DEFAULT_RETURN_TO);
    return htmlResponse(c, messagePage(language, t("NOTFOUND:TITLE"), text, { href: "/", label: t("NOTFOUND:HOME") }), 404);
  }

  const devLoginAvailable = (provider: ProviderName | null): provider is ProviderName =>
    provider !== null && providers[provider] === null && usesDevLogin(config, provider);

  const app = new Hono<HttpEnv>();

  app.use("/auth/*", async (c: Context<HttpEnv>, next) => {
    const decision = await limiter.hit(rateLimitKey(clientAddress(c, config.trustProxy)));
    if (decision.allowed) return next();
    log.warn({ requestId: c.get("requestId"), path: c.req.path }, "sign-in rate limit reached");
    const message = `Too many sign-in requests from your address. Please try again in ${decision.retryAfterSeconds} seconds.`;
    const response = (c.req.header("accept") ?? "").includes("text/html")
      ? fail(c, null, providerParam(c), new SignInFailure("rate_limited", message, 429))
      : errorResponse(429, "rate_limited", message);
    response.headers.set("Retry-After", String(decision.retryAfterSeconds));
    return response;
  });

  app.get("/auth/:provider/start", async (c) => {
    const provider = providerParam(c);
    if (!provider) return notFoundPage(c, "There is no such sign-in method.");
    const popupGuess: Target = { popup: c.req.query("popup") === "1", returnTo: DEFAULT_RETURN_TO };
    const query = startQuerySchema.safeParse(c.req.query());
    if (!query.success) return fail(c, popupGuess.popup ? popupGuess : null, provider, new SignInFailure("invalid_request", firstIssue(query.error), 400));
    const target = { popup: query.data.popup === "1", returnTo: query.data.returnTo ?? DEFAULT_RETURN_TO };

    const real = providers[provider];
    if (!real && !usesDevLogin(config, provider)) {
      const failure = new SignInFailure("not_configured", `Sign-in with ${LABELS[provider]} is not configured on this server.`, 404);
      return fail(c, target.popup ? target : null, provider, failure);
    }
    const secrets = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    let location = `/auth/${provider}/dev-login`;
    if (real) {
      try {
        location = (await real.authorizationUrl(secrets)).href;
      } catch (error) {
        return fail(c, target, provider, error);
      }
    }
    const id = await saveAttempt(db, { provider, ...secrets, ...target });
    setCookie(c, ATTEMPT_COOKIE, id, attemptCookieOptions(secure));
    return c.redirect(location, 302);
  });

  app.get("/auth/:provider/callback", async (c) => {
    const provider = providerParam(c);
    if (!provider) return notFoundPage(c, "There is no such sign-in method.");
    const attempt = await takeAttempt(db, getCookie(c, ATTEMPT_COOKIE));
    deleteCookie(c, ATTEMPT_COOKIE, { path: "/auth", secure });
    const label = LABELS[provider];
    try {
      const real = providers[provider];
      if (!real) throw new SignInFailure("not_configured", `Sign-in with ${label} is not configured on this server.`, 404);
      if (!attempt || attempt.provider !== provider) {
        throw new SignInFailure("attempt_missing", "This sign-in has expired or was started in another browser. Please try again.", 400);
      }
      const query = callbackQuerySchema.safeParse(c.req.query());
      if (!query.success) throw new SignInFailure("malformed_callback", `The answer from ${label} is malformed (${firstIssue(query.error)}).`, 400);
      // The attempt is already used up, so comparing in constant time would protect nothing.
      if (query.data.state !== attempt.state) {
        throw new SignInFailure("state_mismatch", `The answer from ${label} does not belong to this sign-in (state mismatch). Please try again.`, 400);
      }
      const { code, error, error_description } = query.data;
      if (error) throw new SignInFailure(error === "access_denied" ? "access_denied" : "provider_error", providerErrorMessage(error, error_description, label), 403);
      if (!code) throw new SignInFailure("malformed_callback", `The answer from ${label} is malformed (code: is missing).`, 400);
      // openid-client checks the whole callback URL (state, iss): rebuild it on the public origin.
      const url = new URL(callbackUrl(config, provider));
      url.search = new URL(c.req.url).search;
      const identity = await real.identityFrom(url, attempt);
      return await finishSignIn(c, attempt, identity);
    } catch (error) {
      return fail(c, attempt, provider, error);
    }
  });

  app.get("/auth/:provider/dev-login", async (c) => {
    const provider = providerParam(c);
    if (!devLoginAvailable(provider)) return notFoundPage(c, "The development sign-in is not available on this server.");
    const attempt = await peekAttempt(db, getCookie(c, ATTEMPT_COOKIE));
    const xsrfToken = expectedXsrfToken(c);
    if (!attempt || attempt.provider !== provider || !xsrfToken) {
      const failure = new SignInFailure("attempt_missing", "This sign-in has expired or cookies are blocked. Please try again.", 400);
      return fail(c, null, provider, failure);
    }
    const page = devLoginPage({
      providerLabel: LABELS[provider],
      action: `/auth/${provider}/dev-login`,
      xsrfToken,
      state: attempt.state,
      values: { email: "", name: "" },
      errors: {},
    });
    return htmlResponse(c, page, 200);
  });

  app.post("/auth/:provider/dev-login", async (c) => {
    const provider = providerParam(c);
    if (!devLoginAvailable(provider)) return notFoundPage(c, "The development sign-in is not available on this server.");
    const body = await c.req.parseBody().catch(() => ({}));
    const form = devLoginFormSchema.safeParse(body);
    if (!form.success) {
      // Shown again with the problems; the attempt stays usable.
      const text = (name: string) => (typeof (body as Record<string, unknown>)[name] === "string" ? String((body as Record<string, unknown>)[name]) : "");
      const errors: Record<string, string> = {};
      for (const issue of form.error.issues) errors[String(issue.path[0])] ??= `${issue.path[0] === "email" ? "Email" : "Name"} ${issue.message}.`;
      const page = devLoginPage({
        providerLabel: LABELS[provider],
        action: `/auth/${provider}/dev-login`,
        xsrfToken: expectedXsrfToken(c) ?? "",
        state: text("state").slice(0, 512),
        values: { email: text("email").slice(0, 254), name: text("name").slice(0, 100) },
        errors: { email: errors.email, name: errors.name },
      });
      return htmlResponse(c, page, 400);
    }
    const attempt = await takeAttempt(db, getCookie(c, ATTEMPT_COOKIE));
    deleteCookie(c, ATTEMPT_COOKIE, { path: "/auth", secure });
    try {
      if (!attempt || attempt.provider !== provider) {
        throw new SignInFailure("attempt_missing", "This sign-in has expired or was started in another browser. Please try again.", 400);
      }
      if (form.data.state !== attempt.state) throw new SignInFailure("state_mismatch", "This form does not belong to the current sign-in (state mismatch). Please try again.", 400);
      const { email, name } = form.data;
      return await finishSignIn(c, attempt, { provider, subject: `dev:${email}`, email, emailVerified: true, name, picture: null });
    } catch (error) {
      return fail(c, attempt, provider, error);
    }
  });

  app.all("/auth/*", (c) => notFoundPage(c, "There is no such sign-in address."));

  const signOutDoc = apiRoute({ tag: "Session", summary: "Sign out: end the session server-side (needs the XSRF header)", success: { status: 200, description: "{ signedOut: true }" } });
  app.post("/api/auth/sign-out", signOutDoc, async (c) => {
    const id = getCookie(c, SESSION_COOKIE);
    const user = c.get("user");
    if (id) await deleteSession(db, id);
    deleteCookie(c, SESSION_COOKIE, { path: "/", secure });
    if (user) {
      await recordEvent(db, { name: "sign_out", uid: user.uid });
      log.info({ requestId: c.get("requestId"), uid: user.uid }, "signed out");
    }
    return c.json({ signedOut: true });
  });

  return app;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
