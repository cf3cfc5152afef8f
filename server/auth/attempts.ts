/**
 * Sign-in attempts (docs/decisions/0009-sign-in-flow.md):
 * the state, nonce, PKCE verifier, return path and popup flag of a started
 * sign-in live in the database, keyed by the SHA-256 of a random id that the
 * browser holds in a 10-minute HttpOnly cookie. Any instance can finish the
 * flow, no new secret is needed, and an attempt is used at most once.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { ProviderName } from "#server/base/sign-in-providers.ts";
import { hashSessionId } from "./sessions.ts";

export const ATTEMPT_COOKIE = "pp_signin";
export const ATTEMPT_LIFETIME_MS = 10 * 60 * 1000;

export interface SignInAttempt {
  provider: ProviderName;
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  popup: boolean;
}

export function attemptCookieOptions(secure: boolean) {
  // Lax: the provider's redirect back to the callback is a top-level GET, which Lax cookies accompany.
  return { path: "/auth", httpOnly: true, sameSite: "Lax" as const, secure, maxAge: ATTEMPT_LIFETIME_MS / 1000 };
}

/** Stores the attempt and returns the id for the cookie. Expired attempts are swept on the way. */
export async function saveAttempt(db: Kysely<Database>, attempt: SignInAttempt, now = new Date()): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db.deleteFrom("sign_in_attempts").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("sign_in_attempts")
    .values({
      id_hash: hashSessionId(id),
      provider: attempt.provider,
      state: attempt.state,
      nonce: attempt.nonce,
      code_verifier: attempt.codeVerifier,
      return_to: attempt.returnTo,
      popup: attempt.popup ? 1 : 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ATTEMPT_LIFETIME_MS).toISOString(),
    })
    .execute();
  return id;
}

function validId(id: string | undefined): id is string {
  return id !== undefined && /^[A-Za-z0-9_-]{43}$/.test(id);
}

async function readAttempt(
  db: Kysely<Database>,
  id: string | undefined,
  now: Date,
  consume: boolean,
): Promise<SignInAttempt | null> {
  if (!validId(id)) return null;
  const idHash = hashSessionId(id);
  const row = consume
    ? await db.deleteFrom("sign_in_attempts").where("id_hash", "=", idHash).returningAll().executeTakeFirst()
    : await db.selectFrom("sign_in_attempts").selectAll().where("id_hash", "=", idHash).executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now.getTime()) return null;
  return {
    provider: row.provider as ProviderName,
    state: row.state,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    returnTo: row.return_to,
    popup: row.popup === 1,
  };
}

/** The attempt without using it up (the development provider's form page). */
export function peekAttempt(
  db: Kysely<Database>,
  id: string | undefined,
  now = new Date(),
): Promise<SignInAttempt | null> {
  return readAttempt(db, id, now, false);
}

/** The attempt, deleted in the same statement: a replayed callback finds nothing. */
export function takeAttempt(
  db: Kysely<Database>,
  id: string | undefined,
  now = new Date(),
): Promise<SignInAttempt | null> {
  return readAttempt(db, id, now, true);
}
