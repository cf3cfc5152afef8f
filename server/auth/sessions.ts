/**
 * Sessions: an opaque random id in an HttpOnly cookie; the database keeps only
 * its SHA-256 hash, so a leaked table cannot be replayed. Sliding expiry,
 * deleted server-side at sign-out, shared by every instance through the database.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { SignedInUser } from "#core/shell.ts";
import type { Database } from "#server/db/schema.ts";
import { toSignedInUser } from "./users.ts";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Renew at most once a day: a write per request would make every page view a database write. */
export const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

export async function createSession(
  db: Kysely<Database>,
  uid: string,
  now = new Date(),
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashSessionId(id),
      uid,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_seen_at: now.toISOString(),
    })
    .execute();
  return { id, expiresAt };
}

export interface SessionLookup {
  user: SignedInUser;
  /** Set when the session was renewed: the cookie should be re-issued with this expiry. */
  renewedUntil: Date | null;
}

export async function findSessionUser(
  db: Kysely<Database>,
  id: string,
  now = new Date(),
): Promise<SessionLookup | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(id)) return null;
  const idHash = hashSessionId(id);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.uid", "sessions.uid")
    .select([
      "users.uid",
      "users.display_name",
      "users.email",
      "users.photo_url",
      "users.role",
      "users.role_languages",
      "users.can_publish",
      "sessions.expires_at",
      "sessions.last_seen_at",
    ])
    .where("sessions.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return null;
  if (Date.parse(row.expires_at) <= now.getTime()) {
    await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return null;
  }
  let renewedUntil: Date | null = null;
  if (now.getTime() - Date.parse(row.last_seen_at) > SESSION_RENEW_AFTER_MS) {
    renewedUntil = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await db
      .updateTable("sessions")
      .set({ expires_at: renewedUntil.toISOString(), last_seen_at: now.toISOString() })
      .where("id_hash", "=", idHash)
      .execute();
  }
  return {
    user: toSignedInUser(row),
    renewedUntil,
  };
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id_hash", "=", hashSessionId(id)).execute();
}
