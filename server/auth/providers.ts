/**
 * The two identity providers through openid-client (docs/product.md §6):
 * Google by OpenID Connect discovery from GOOGLE_ISSUER, GitHub by its OAuth
 * 2.0 endpoints from GITHUB_*_URL. Both use the authorization code flow with
 * PKCE (S256) and state; Google also checks the ID token's nonce. Tokens stay
 * in this module: they are never stored, logged or sent to the browser.
 */
import * as oidc from "openid-client";
import { z } from "zod";
import type { Config } from "#server/base/config.ts";
import { isLoopbackHost } from "#server/base/host-names.ts";
import type { ProviderName } from "#server/base/sign-in-providers.ts";

/** What a provider says about the person who signed in. */
export interface ProviderIdentity {
  provider: ProviderName;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** A sign-in that cannot go on, with a message fit for the visitor (the toast adds "(google)"). */
export class SignInFailure extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, message: string, status = 400) {
    super(message);
    this.name = "SignInFailure";
    this.code = code;
    this.status = status;
  }
}

export interface AttemptSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface IdentityProvider {
  name: ProviderName;
  label: string;
  authorizationUrl(secrets: AttemptSecrets): Promise<URL>;
  /** Exchanges the code of the callback URL (state checked by the caller already) for the identity. */
  identityFrom(callbackUrl: URL, secrets: AttemptSecrets): Promise<ProviderIdentity>;
}

const TIMEOUT_SECONDS = 10;

/** Plain http only for a provider on this machine (the test stand-ins); anything else must be https. */
function allowsPlainHttp(...urls: string[]): boolean {
  return urls.every((url) => {
    const parsed = new URL(url);
    return parsed.protocol === "http:" && isLoopbackHost(parsed.hostname);
  });
}

export function callbackUrl(config: Config, provider: ProviderName): string {
  return `${config.publicUrl}/auth/${provider}/callback`;
}

/** Profile text from a provider: trimmed, no control characters, bounded. */
function cleanText(value: unknown, max = 200): string | null {
  if (typeof value !== "string") return null;
  const text = value
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .trim()
    .slice(0, max);
  return text === "" ? null : text;
}

/** Avatars are shown on every page: https only (the CSP allows no other remote images). */
function cleanPhotoUrl(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2048) return null;
  const url = URL.parse(value);
  return url?.protocol === "https:" ? url.href : null;
}

function cleanEmail(value: unknown): string | null {
  return typeof value === "string" && z.email().max(254).safeParse(value).success ? value.toLowerCase() : null;
}

function googleProvider(config: Config, client: NonNullable<Config["google"]["client"]>): IdentityProvider {
  const issuer = config.google.issuer;
  const redirectUri = callbackUrl(config, "google");
  let discovered: Promise<oidc.Configuration> | null = null;

  // Discovered on first use and kept; a failure is forgotten so the next sign-in tries again.
  const configuration = () =>
    (discovered ??= oidc
      .discovery(new URL(issuer), client.clientId, client.clientSecret, undefined, {
        execute: allowsPlainHttp(issuer) ? [oidc.allowInsecureRequests] : [],
        timeout: TIMEOUT_SECONDS,
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      }));

  return {
    name: "google",
    label: "Google",
    async authorizationUrl({ state, nonce, codeVerifier }) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        response_type: "code",
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      });
    },
    async identityFrom(url, { state, nonce, codeVerifier }) {
      const settings = await configuration();
      const tokens = await oidc.authorizationCodeGrant(settings, url, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new SignInFailure("no_id_token", "Google sent no ID token.", 502);
      // Google puts the profile in the ID token; a provider that only serves it from userinfo works too.
      const claims: Record<string, unknown> =
        typeof idToken.email === "string"
          ? idToken
          : { ...(await oidc.fetchUserInfo(settings, tokens.access_token, idToken.sub)), ...idToken };
      return {
        provider: "google",
        subject: idToken.sub,
        email: cleanEmail(claims.email),
        emailVerified: claims.email_verified === true || claims.email_verified === "true",
        name: cleanText(claims.name),
        picture: cleanPhotoUrl(claims.picture),
      };
    },
  };
}

const gitHubUserSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  avatar_url: z.string().nullish(),
});
const gitHubEmailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

/** The verified email to use: the public one if verified, else the primary verified, else any verified. */
export function pickGitHubEmail(
  publicEmail: string | null | undefined,
  emails: z.infer<typeof gitHubEmailsSchema> | null,
): string | null {
  if (emails === null) return publicEmail ?? null; // GitHub only lets a verified address be public.
  const verified = emails.filter((entry) => entry.verified);
  const chosen =
    verified.find((entry) => publicEmail && entry.email.toLowerCase() === publicEmail.toLowerCase()) ??
    verified.find((entry) => entry.primary) ??
    verified[0];
  return chosen?.email ?? null;
}

function gitHubProvider(config: Config, client: NonNullable<Config["github"]["client"]>): IdentityProvider {
  const { authorizeUrl, tokenUrl, apiUrl } = config.github;
  const redirectUri = callbackUrl(config, "github");
  const settings = new oidc.Configuration(
    { issuer: new URL(authorizeUrl).origin, authorization_endpoint: authorizeUrl, token_endpoint: tokenUrl },
    client.clientId,
    client.clientSecret,
  );
  settings.timeout = TIMEOUT_SECONDS;
  if (allowsPlainHttp(authorizeUrl, tokenUrl)) oidc.allowInsecureRequests(settings);
  // GitHub answers token errors with HTTP 200; give them their OAuth status so openid-client reports them as errors.
  settings[oidc.customFetch] = async (url, options) => {
    // openid-client's body type is a Uint8Array typing quirk away from fetch's own.
    const response = await fetch(url, options as RequestInit);
    if (response.status !== 200 || url !== tokenUrl) return response;
    const body = await response.text();
    const errorBody = (() => {
      try {
        const parsed: unknown = JSON.parse(body);
        return typeof parsed === "object" && parsed !== null && "error" in parsed;
      } catch {
        return false;
      }
    })();
    return new Response(body, { status: errorBody ? 400 : 200, headers: response.headers });
  };

  async function api<T>(path: string, accessToken: string, schema: z.ZodType<T>): Promise<T> {
    const response = await fetch(`${apiUrl}${path}`, {
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: "application/vnd.github+json",
        "User-Agent": "polyglot-press",
        "X-GitHub-Api-Version": "2022-11-28",
      },
      signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new SignInFailure("provider_api_error", `GitHub did not send the profile (HTTP ${response.status}).`, 502);
    }
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success)
      throw new SignInFailure("provider_api_error", "GitHub sent a profile this site cannot read.", 502);
    return parsed.data;
  }

  return {
    name: "github",
    label: "GitHub",
    async authorizationUrl({ state, codeVerifier }) {
      return oidc.buildAuthorizationUrl(settings, {
        redirect_uri: redirectUri,
        scope: "read:user user:email",
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      });
    },
    async identityFrom(url, { state, codeVerifier }) {
      const tokens = await oidc.authorizationCodeGrant(settings, url, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
      });
      const user = await api("/user", tokens.access_token, gitHubUserSchema);
      // Without the user:email scope granted, /user/emails is a 404: fall back to the public email.
      const emails = await api("/user/emails", tokens.access_token, gitHubEmailsSchema).catch(() => null);
      const email = cleanEmail(pickGitHubEmail(user.email, emails));
      return {
        provider: "github",
        subject: String(user.id),
        email,
        emailVerified: email !== null,
        name: cleanText(user.name) ?? cleanText(user.login),
        picture: cleanPhotoUrl(user.avatar_url),
      };
    },
  };
}

export function createProviders(config: Config): Record<ProviderName, IdentityProvider | null> {
  return {
    google: config.google.client ? googleProvider(config, config.google.client) : null,
    github: config.github.client ? gitHubProvider(config, config.github.client) : null,
  };
}

function causeStatus(error: unknown): number | null {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Response ? cause.status : null;
}

/**
 * Turns whatever the provider exchange threw into a SignInFailure the visitor
 * can read. Only codes and messages leave here: openid-client errors can hold
 * whole responses, which must not reach the logs.
 */
export function describeProviderError(error: unknown, label: string): SignInFailure {
  if (error instanceof SignInFailure) return error;
  if (error instanceof oidc.ResponseBodyError) {
    const detail = cleanText(error.error_description, 300) ?? error.error;
    if (error.status >= 500)
      return new SignInFailure(
        "provider_unavailable",
        `${label} is not available right now (HTTP ${error.status}). Please try again later.`,
        502,
      );
    if (error.error === "invalid_grant" || error.error === "bad_verification_code") {
      return new SignInFailure("code_rejected", `${label} did not accept the sign-in code: ${detail}`, 400);
    }
    return new SignInFailure("provider_refused", `${label} refused the sign-in: ${detail}`, 400);
  }
  if (error instanceof oidc.ClientError) {
    const status = causeStatus(error);
    if (error.code === "OAUTH_RESPONSE_IS_NOT_CONFORM" && status !== null && status >= 500) {
      return new SignInFailure(
        "provider_unavailable",
        `${label} is not available right now (HTTP ${status}). Please try again later.`,
        502,
      );
    }
    if (error.code === "OAUTH_JWT_CLAIM_COMPARISON_FAILED" || error.code === "OAUTH_INVALID_RESPONSE") {
      const detail = error.cause instanceof Error ? error.cause.message : error.message;
      return new SignInFailure(
        "response_not_verified",
        `${label}'s answer could not be verified: ${cleanText(detail, 200)}.`,
        400,
      );
    }
    return new SignInFailure(
      "provider_error",
      `${label} sent an answer this site cannot use (${error.code ?? "unknown error"}).`,
      502,
    );
  }
  if (
    error instanceof Error &&
    (error.name === "TimeoutError" || error.name === "AbortError" || error.message === "fetch failed")
  ) {
    return new SignInFailure("provider_unreachable", `Could not reach ${label}. Please try again later.`, 502);
  }
  return new SignInFailure("provider_error", `Signing in with ${label} failed unexpectedly. Please try again.`, 502);
}
