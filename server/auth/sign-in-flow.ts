/**
 * The end of every sign-in, real or development provider: user record, fresh
 * session, and the result — to a popup as a page that hands it to its opener,
 * to a full page as a redirect with the result in a one-time cookie.
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import * as oidc from "openid-client";
import type { z } from "zod";
import { FLASH_COOKIE, SIGN_IN_MESSAGE_TYPE, type SignInResult } from "#core/sign-in-result.ts";
import { formatSignInError } from "#core/sign-in-error.ts";
import { recordEvent } from "#server/analytics/events.ts";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import type { SignInAttempt } from "#server/auth/attempts.ts";
import { PROVIDER_NAMES, type ProviderName } from "#server/base/sign-in-providers.ts";
import type { AuthHtml } from "#server/auth/html.ts";
import { resultPage } from "#server/auth/pages.ts";
import { describeProviderError, SignInFailure, type ProviderIdentity } from "#server/auth/providers.ts";
import { DEFAULT_RETURN_TO } from "#server/auth/return-to.ts";
import { SESSION_COOKIE } from "#server/http/session-cookie.ts";
import { sessionCookieOptions } from "#server/auth/session-middleware.ts";
import { createSession, deleteSession } from "#server/auth/sessions.ts";
import { displayNameOf, signInIdentity } from "#server/auth/users.ts";

export const PROVIDER_LABELS: Record<ProviderName, string> = { google: "Google", github: "GitHub" };
const FLASH_LIFETIME_SECONDS = 60;

/** Where the result goes: back to a full page, or (null or popup) into the result page. */
export type Target = Pick<SignInAttempt, "popup" | "returnTo"> | null;

export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.map(String).join(".") || "query"}: ${issue.message}`;
}

export function providerParam(c: Context<HttpEnv>): ProviderName | null {
  const name = c.req.param("provider");
  return PROVIDER_NAMES.find((provider) => provider === name) ?? null;
}

export interface SignInFlow {
  /** Logs the failure and answers with its message and status. */
  fail: (c: Context<HttpEnv>, target: Target, method: ProviderName | null, error: unknown) => Response;
  /** The same end for every provider, real or development: user record, fresh session, result. */
  finishSignIn: (c: Context<HttpEnv>, attempt: SignInAttempt, identity: ProviderIdentity) => Promise<Response>;
}

export function createSignInFlow(services: AppServices, html: AuthHtml): SignInFlow {
  const { config, log } = services;
  const db = services.database.db;
  const secure = config.secureCookies;

  function respond(c: Context<HttpEnv>, target: Target, result: SignInResult, status: number): Response {
    if (target && !target.popup) {
      setCookie(c, FLASH_COOKIE, JSON.stringify(result), {
        path: "/",
        sameSite: "Lax",
        secure,
        maxAge: FLASH_LIFETIME_SECONDS,
      });
      return c.redirect(target.returnTo, 303);
    }
    const returnTo = target?.returnTo ?? DEFAULT_RETURN_TO;
    const { language, t } = html.pageStrings(returnTo);
    const text = result.ok
      ? t(result.welcome === "new" ? "TOAST:WELCOME" : "TOAST:WELCOME_BACK", { displayName: result.displayName })
      : result.method
        ? formatSignInError(t("TOAST:SIGNIN_FAILED", { message: result.message }), result.method)
        : t("TOAST:SIGNIN_FAILED", { message: result.message });
    const page = resultPage({
      language,
      siteTitle: t("SITE:TITLE"),
      text,
      link: { href: returnTo, label: t("NOTFOUND:HOME") },
      result,
      origin: config.publicUrl,
      nonce: c.get("nonce"),
    });
    return html.htmlResponse(c, page, status);
  }

  function fail(c: Context<HttpEnv>, target: Target, method: ProviderName | null, error: unknown): Response {
    const failure = describeProviderError(error, method ? PROVIDER_LABELS[method] : "The identity provider");
    log.warn({ requestId: c.get("requestId"), provider: method, code: failure.code }, "sign-in failed");
    const result: SignInResult = {
      type: SIGN_IN_MESSAGE_TYPE,
      id: oidc.randomState(),
      ok: false,
      method,
      message: failure.message,
    };
    return respond(c, target, result, failure.status);
  }

  async function finishSignIn(
    c: Context<HttpEnv>,
    attempt: SignInAttempt,
    identity: ProviderIdentity,
  ): Promise<Response> {
    const label = PROVIDER_LABELS[identity.provider];
    if (!identity.email)
      throw new SignInFailure("no_verified_email", `Your ${label} account has no verified email address.`, 403);
    if (!identity.emailVerified)
      throw new SignInFailure(
        "email_not_verified",
        `The email address of your ${label} account (${identity.email}) is not verified.`,
        403,
      );
    const { user, created } = await signInIdentity(
      db,
      {
        provider: identity.provider,
        subject: identity.subject,
        email: identity.email,
        name: identity.name,
        picture: identity.picture,
      },
      { adminEmails: config.adminEmails },
    );
    // Rotate: whatever session this browser had before is ended, the new one starts fresh.
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous) await deleteSession(db, previous);
    const session = await createSession(db, user.uid);
    setCookie(c, SESSION_COOKIE, session.id, sessionCookieOptions(secure, session.expiresAt));
    await recordEvent(db, { name: "sign_in", uid: user.uid, path: attempt.returnTo.slice(0, 2048) });
    log.info(
      { requestId: c.get("requestId"), provider: identity.provider, uid: user.uid, created, role: user.role },
      "signed in",
    );
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

  return { fail, finishSignIn };
}
