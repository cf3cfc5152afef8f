/**
 * Users at sign-in (docs/product.md §6): a provider identity finds its user, or the
 * user with the same verified email (so Google, GitHub and the seeded admin
 * are one person), or a new user is created. Email, display name, photo and
 * verification are merged in; ADMIN_EMAILS promotes to admin (never demotes).
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { parseLanguageList } from "#core/auth/roles.ts";
import type { SignedInUser } from "#core/shell.ts";
import type { Database, UserRow } from "#server/db/schema.ts";
import type { ProviderName } from "#server/base/sign-in-providers.ts";

/** An identity whose email the provider has verified: the only kind that may sign in. */
export interface VerifiedIdentity {
  provider: ProviderName;
  subject: string;
  email: string;
  name: string | null;
  picture: string | null;
}

export interface SignInOutcome {
  user: SignedInUser;
  /** The user record was created by this sign-in (welcome, not welcome back). */
  created: boolean;
}

export type SignedInUserColumns = Pick<
  UserRow,
  "uid" | "display_name" | "email" | "photo_url" | "role" | "role_languages" | "can_publish"
>;

export function toSignedInUser(row: SignedInUserColumns): SignedInUser {
  return {
    uid: row.uid,
    displayName: row.display_name,
    email: row.email,
    photoURL: row.photo_url,
    role: row.role,
    languages: row.role === "translator" ? parseLanguageList(row.role_languages) : [],
    canPublish: row.role === "translator" && row.can_publish === 1,
  };
}

/** What the welcome toast calls the user: the name, else the part of the email before "@". */
export function displayNameOf(user: SignedInUser): string {
  return user.displayName || user.email?.split("@")[0] || user.uid;
}

async function findUid(trx: Transaction<Database>, identity: VerifiedIdentity): Promise<string | null> {
  const linked = await trx
    .selectFrom("identities")
    .select("uid")
    .where("provider", "=", identity.provider)
    .where("subject", "=", identity.subject)
    .executeTakeFirst();
  if (linked) return linked.uid;
  // Oldest first: if two records ever share an email, the original one wins consistently.
  const sameEmail = await trx
    .selectFrom("users")
    .select("uid")
    .where(sql<string>`lower(email)`, "=", identity.email)
    .where("email_verified", "=", 1)
    .orderBy("created_at")
    .orderBy("uid")
    .executeTakeFirst();
  return sameEmail?.uid ?? null;
}

async function signInOnce(
  db: Kysely<Database>,
  identity: VerifiedIdentity,
  adminEmails: readonly string[],
  now: Date,
): Promise<SignInOutcome> {
  const at = now.toISOString();
  const email = identity.email.toLowerCase();
  return db.transaction().execute(async (trx) => {
    let uid = await findUid(trx, { ...identity, email });
    const created = uid === null;
    if (uid === null) {
      uid = randomBytes(16).toString("base64url");
      await trx
        .insertInto("users")
        .values({
          uid,
          email,
          display_name: identity.name,
          photo_url: identity.picture,
          email_verified: 1,
          created_at: at,
          last_sign_in_at: at,
        })
        .execute();
    }
    await trx
      .insertInto("identities")
      .values({ provider: identity.provider, subject: identity.subject, uid, created_at: at })
      .onConflict((conflict) => conflict.columns(["provider", "subject"]).doNothing())
      .execute();
    const row = await trx
      .updateTable("users")
      .set({
        email,
        // Merge: a provider that sends no name or photo keeps what we had.
        ...(identity.name ? { display_name: identity.name } : {}),
        ...(identity.picture ? { photo_url: identity.picture } : {}),
        email_verified: 1,
        last_sign_in_at: at,
        ...(adminEmails.includes(email) ? { role: "admin" as const, role_languages: "", can_publish: 0 as const } : {}),
      })
      .where("uid", "=", uid)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { user: toSignedInUser(row), created };
  });
}

export async function signInIdentity(
  db: Kysely<Database>,
  identity: VerifiedIdentity,
  options: { adminEmails: readonly string[]; now?: Date },
): Promise<SignInOutcome> {
  const now = options.now ?? new Date();
  try {
    return await signInOnce(db, identity, options.adminEmails, now);
  } catch (error) {
    // Two first sign-ins of one identity at once: the loser retries and finds the winner's user.
    return signInOnce(db, identity, options.adminEmails, now).catch(() => {
      throw error;
    });
  }
}
