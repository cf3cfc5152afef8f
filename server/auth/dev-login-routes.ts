/**
 * The development provider's sign-in form (docs/product.md §6), for a provider
 * without credentials when DEV_LOGIN allows it:
 *   GET  /auth/{provider}/dev-login → the form (email, name) for the pending attempt
 *   POST /auth/{provider}/dev-login → signs in as the given address
 */
import { Hono } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { z } from "zod";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { unstorableText } from "#server/http/validate.ts";
import { expectedXsrfToken } from "#server/http/xsrf.ts";
import { ATTEMPT_COOKIE, peekAttempt, takeAttempt } from "#server/auth/attempts.ts";
import { PROVIDER_NAMES, usesDevLogin, type ProviderName } from "#server/base/sign-in-providers.ts";
import type { AuthHtml } from "#server/auth/html.ts";
import { devLoginPage } from "#server/auth/pages.ts";
import { SignInFailure, type IdentityProvider } from "#server/auth/providers.ts";
import { PROVIDER_LABELS, providerParam, type SignInFlow } from "#server/auth/sign-in-flow.ts";

const devLoginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email("must be an email address like ada@example.com").max(254, "must be at most 254 characters")),
  name: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(100, "must be at most 100 characters")
    .refine((name) => unstorableText(name) === null, "must not contain NUL characters or malformed Unicode"),
  state: z.string().max(512),
});

/** Says loudly, at start-up, which providers anyone reaching the server can sign in through as any address. */
export function warnAboutDevLogin({ config, log }: Pick<AppServices, "config" | "log">): void {
  for (const provider of PROVIDER_NAMES) {
    if (!usesDevLogin(config, provider)) continue;
    const message = `DEVELOPMENT SIGN-IN IS ACTIVE for ${PROVIDER_LABELS[provider]}: anyone who reaches ${config.publicUrl} can sign in as ANY email address. Set ${provider.toUpperCase()}_CLIENT_ID and ${provider.toUpperCase()}_CLIENT_SECRET, or DEV_LOGIN=off, before exposing this server.`;
    if (config.devLogin === "on") log.error({ provider, devLogin: config.devLogin }, message);
    else log.warn({ provider, devLogin: config.devLogin }, message);
  }
}

interface DevLoginDependencies {
  providers: Record<ProviderName, IdentityProvider | null>;
  html: AuthHtml;
  flow: SignInFlow;
}

export function devLoginRoutes(services: AppServices, { providers, html, flow }: DevLoginDependencies): Hono<HttpEnv> {
  const { config } = services;
  const db = services.database.db;
  const secure = config.secureCookies;
  const { htmlResponse, notFoundPage } = html;
  const { fail, finishSignIn } = flow;

  const devLoginAvailable = (provider: ProviderName | null): provider is ProviderName =>
    provider !== null && providers[provider] === null && usesDevLogin(config, provider);

  const app = new Hono<HttpEnv>();

  app.get("/auth/:provider/dev-login", async (c) => {
    const provider = providerParam(c);
    if (!devLoginAvailable(provider))
      return notFoundPage(c, "The development sign-in is not available on this server.");
    const attempt = await peekAttempt(db, getCookie(c, ATTEMPT_COOKIE));
    const xsrfToken = expectedXsrfToken(c);
    if (!attempt || attempt.provider !== provider || !xsrfToken) {
      const failure = new SignInFailure(
        "attempt_missing",
        "This sign-in has expired or cookies are blocked. Please try again.",
        400,
      );
      return fail(c, null, provider, failure);
    }
    const page = devLoginPage({
      providerLabel: PROVIDER_LABELS[provider],
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
    if (!devLoginAvailable(provider))
      return notFoundPage(c, "The development sign-in is not available on this server.");
    const body = await c.req.parseBody().catch(() => ({}));
    const form = devLoginFormSchema.safeParse(body);
    if (!form.success) {
      // Shown again with the problems; the attempt stays usable.
      const text = (name: string) =>
        typeof (body as Record<string, unknown>)[name] === "string"
          ? String((body as Record<string, unknown>)[name])
          : "";
      const errors: Record<string, string> = {};
      for (const issue of form.error.issues)
        errors[String(issue.path[0])] ??= `${issue.path[0] === "email" ? "Email" : "Name"} ${issue.message}.`;
      const page = devLoginPage({
        providerLabel: PROVIDER_LABELS[provider],
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
        throw new SignInFailure(
          "attempt_missing",
          "This sign-in has expired or was started in another browser. Please try again.",
          400,
        );
      }
      if (form.data.state !== attempt.state)
        throw new SignInFailure(
          "state_mismatch",
          "This form does not belong to the current sign-in (state mismatch). Please try again.",
          400,
        );
      const { email, name } = form.data;
      return await finishSignIn(c, attempt, {
        provider,
        subject: `dev:${email}`,
        email,
        emailVerified: true,
        name,
        picture: null,
      });
    } catch (error) {
      return fail(c, attempt, provider, error);
    }
  });

  return app;
}
