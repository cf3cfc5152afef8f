/**
 * Sign-in routes (docs/product.md §6):
 *   GET  /auth/{google|github}/start?returnTo=/path&popup=1 → the provider (or the development provider)
 *   GET  /auth/{provider}/callback                          → user + new session → result
 *   GET  /auth/{provider}/dev-login, POST the same           → the development provider's form, in dev-login-routes.ts
 *   POST /api/auth/sign-out                                  → ends the session server-side
 * A popup gets a small page that hands the result to its opener; a full-page
 * sign-in is redirected back to returnTo with the result in a one-time cookie.
 */
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as oidc from "openid-client";
import { z } from "zod";
import type { AppServices } from "#server/content/context.ts";
import { recordEvent } from "#server/analytics/events.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";
import { clientAddress, createRateLimiter, rateLimitKey } from "#server/http/rate-limit.ts";
import { ATTEMPT_COOKIE, attemptCookieOptions, saveAttempt, takeAttempt } from "./attempts.ts";
import { usesDevLogin } from "#server/base/sign-in-providers.ts";
import { devLoginRoutes, warnAboutDevLogin } from "./dev-login-routes.ts";
import { createAuthHtml } from "./html.ts";
import { callbackUrl, createProviders, SignInFailure } from "./providers.ts";
import { DEFAULT_RETURN_TO, returnToSchema } from "./return-to.ts";
import { SESSION_COOKIE } from "#server/http/session-cookie.ts";
import { deleteSession } from "./sessions.ts";
import { createSignInFlow, firstIssue, PROVIDER_LABELS, providerParam, type Target } from "./sign-in-flow.ts";

const RATE_WINDOW_MS = 60_000;

const signedOutSchema = z.object({ signedOut: z.literal(true) });

const startQuerySchema = z.strictObject({
  returnTo: returnToSchema.optional(),
  popup: z.literal("1", 'must be "1" or absent').optional(),
});

// Not strict: providers add their own parameters (Google: authuser, prompt, scope…).
const callbackQuerySchema = z.object({
  state: z.string({ error: "is missing" }).min(1, "is missing").max(512, "is too long"),
  code: z.string().min(1).max(2048, "is too long").optional(),
  error: z
    .string()
    .regex(/^[\x20-\x7e]{1,128}$/, "is not an OAuth error code")
    .optional(),
  error_description: z.string().max(1000, "is too long").optional(),
});

/** Messages for the error codes of RFC 6749 §4.1.2.1 when the provider gives no description. */
function providerErrorMessage(error: string, description: string | undefined, label: string): string {
  const text = description
    ?.replace(/[\u0000-\u001f\u007f]/g, " ")
    .trim()
    .slice(0, 300);
  if (text) return text;
  if (error === "access_denied") return `You did not allow ${label} to sign you in.`;
  return `${label} reported an error: ${error}.`;
}

export function authRoutes(services: AppServices): Hono<HttpEnv> {
  const { config, log } = services;
  const db = services.database.db;
  const secure = config.secureCookies;
  const providers = createProviders(config);
  const limiter = createRateLimiter({ limit: config.signInRateLimit, windowMs: RATE_WINDOW_MS });
  const html = createAuthHtml(services);
  const flow = createSignInFlow(services, html);
  const { notFoundPage } = html;
  const { fail, finishSignIn } = flow;
  warnAboutDevLogin(services);

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
    if (!query.success)
      return fail(
        c,
        popupGuess.popup ? popupGuess : null,
        provider,
        new SignInFailure("invalid_request", firstIssue(query.error), 400),
      );
    const target = { popup: query.data.popup === "1", returnTo: query.data.returnTo ?? DEFAULT_RETURN_TO };

    const real = providers[provider];
    if (!real && !usesDevLogin(config, provider)) {
      const failure = new SignInFailure(
        "not_configured",
        `Sign-in with ${PROVIDER_LABELS[provider]} is not configured on this server.`,
        404,
      );
      return fail(c, target.popup ? target : null, provider, failure);
    }
    const secrets = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
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
    const label = PROVIDER_LABELS[provider];
    try {
      const real = providers[provider];
      if (!real)
        throw new SignInFailure("not_configured", `Sign-in with ${label} is not configured on this server.`, 404);
      if (!attempt || attempt.provider !== provider) {
        throw new SignInFailure(
          "attempt_missing",
          "This sign-in has expired or was started in another browser. Please try again.",
          400,
        );
      }
      const query = callbackQuerySchema.safeParse(c.req.query());
      if (!query.success)
        throw new SignInFailure(
          "malformed_callback",
          `The answer from ${label} is malformed (${firstIssue(query.error)}).`,
          400,
        );
      // The attempt is already used up, so comparing in constant time would protect nothing.
      if (query.data.state !== attempt.state) {
        throw new SignInFailure(
          "state_mismatch",
          `The answer from ${label} does not belong to this sign-in (state mismatch). Please try again.`,
          400,
        );
      }
      const { code, error, error_description } = query.data;
      if (error)
        throw new SignInFailure(
          error === "access_denied" ? "access_denied" : "provider_error",
          providerErrorMessage(error, error_description, label),
          403,
        );
      if (!code)
        throw new SignInFailure("malformed_callback", `The answer from ${label} is malformed (code: is missing).`, 400);
      // openid-client checks the whole callback URL (state, iss): rebuild it on the public origin.
      const url = new URL(callbackUrl(config, provider));
      url.search = new URL(c.req.url).search;
      const identity = await real.identityFrom(url, attempt);
      return await finishSignIn(c, attempt, identity);
    } catch (error) {
      return fail(c, attempt, provider, error);
    }
  });

  app.route("/", devLoginRoutes(services, { providers, html, flow }));

  app.all("/auth/*", (c) => notFoundPage(c, "There is no such sign-in address."));

  const signOutDoc = apiRoute({
    tag: "Session",
    summary: "Sign out: end the session server-side (needs the XSRF header)",
    success: { status: 200, description: "{ signedOut: true }", schema: signedOutSchema },
  });
  app.post("/api/auth/sign-out", signOutDoc, async (c) => {
    const id = getCookie(c, SESSION_COOKIE);
    const user = c.get("user");
    if (id) await deleteSession(db, id);
    deleteCookie(c, SESSION_COOKIE, { path: "/", secure });
    if (user) {
      await recordEvent(db, { name: "sign_out", uid: user.uid });
      log.info({ requestId: c.get("requestId"), uid: user.uid }, "signed out");
    }
    return c.json({ signedOut: true } satisfies Answer<typeof signedOutSchema>);
  });

  return app;
}
