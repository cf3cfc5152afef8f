/**
 * Users as admins see them (/admin/users): search, and their roles
 * (decision 0072) — never leaving the site without an admin (docs/product.md §7).
 */
import { sql, type Transaction } from "kysely";
import type { AdminUser, SetRoleInput, UserRole } from "#core/admin/users/schema.ts";
import { formatLanguageList } from "#core/auth/roles.ts";
import type { AdminServices } from "#server/content/context.ts";
import type { Database, UserRow } from "#server/db/schema.ts";
import { lockedForWrite } from "#server/db/locks.ts";
import { conflict, invalid, notFound } from "#core/errors.ts";
import { entityTag, requireCurrent, type Preconditions } from "#server/http/preconditions.ts";
import { recordAudit } from "#server/audit/record.ts";
import { toSignedInUser } from "#server/auth/users.ts";

/** More than this and the admin refines the search; the total says how many matched. */
export const USERS_LIST_LIMIT = 200;

/** A user's role (decision 0072): what an admin edits, and what its ETag is made from (a sign-in does not change it). */
function roleOf(row: UserRow): UserRole {
  const grant = toSignedInUser(row);
  return { uid: row.uid, role: grant.role, languages: [...grant.languages], canPublish: grant.canPublish };
}

function toAdminUser(row: UserRow): AdminUser {
  const grant = toSignedInUser(row);
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.display_name,
    photoURL: row.photo_url,
    emailVerified: row.email_verified === 1,
    role: grant.role,
    languages: [...grant.languages],
    canPublish: grant.canPublish,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
    roleEtag: entityTag(roleOf(row)),
  };
}

/** A user's role (null: no such user). */
export async function findUserRole(services: Pick<AdminServices, "database">, uid: string): Promise<UserRole | null> {
  const row = await services.database.db.selectFrom("users").selectAll().where("uid", "=", uid).executeTakeFirst();
  return row ? roleOf(row) : null;
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Users whose email or name contains the query (case-insensitive), newest first. */
export async function listUsers(
  services: Pick<AdminServices, "database">,
  query: string,
): Promise<{ users: AdminUser[]; total: number }> {
  const { db } = services.database;
  const pattern = containsPattern(query);
  const matching = db
    .selectFrom("users")
    .$if(query !== "", (builder) =>
      builder.where((eb) =>
        eb.or([
          sql<boolean>`lower(${eb.ref("email")}) like ${pattern} escape '\\'`,
          sql<boolean>`lower(${eb.ref("display_name")}) like ${pattern} escape '\\'`,
        ]),
      ),
    );
  const [rows, count] = await Promise.all([
    matching.selectAll().orderBy("created_at", "desc").orderBy("uid").limit(USERS_LIST_LIMIT).execute(),
    matching.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { users: rows.map(toAdminUser), total: Number(count.total) };
}

async function adminCount(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("admins"))
    .where("role", "=", "admin")
    .executeTakeFirstOrThrow();
  return Number(row.admins);
}

/** Language codes or short codes as the site stores them ("fr" → "fr-FR"); an unknown one is a 400 naming it. */
async function siteLanguages(trx: Transaction<Database>, references: readonly string[]): Promise<string[]> {
  if (references.length === 0) return [];
  const rows = await trx.selectFrom("languages").select(["code", "short_code"]).execute();
  return [
    ...new Set(
      references.map((reference) => {
        const wanted = reference.toLowerCase();
        const row =
          rows.find((language) => language.code.toLowerCase() === wanted) ??
          rows.find((language) => language.short_code.toLowerCase() === wanted);
        if (!row)
          throw invalid("invalid_field", `languages: "${reference}" is not a language of this site.`, "languages");
        return row.code;
      }),
    ),
  ];
}

const auditedRole = (user: AdminUser) => ({ role: user.role, languages: user.languages, canPublish: user.canPublish });

/**
 * Gives a user a role (decision 0072); refuses (409) to take the last admin's away. Audited as
 * "change_role" with the role, languages and publish right before and after. Roles are not public
 * content: a plain transaction with nothing to reload, needing only the database, so `npm run admin`
 * calls it too (UNCONDITIONAL: the command line's own rule, last write wins). Returns the user as it now is;
 * the screen's write names the role's ETag in `preconditions` (decision 0151).
 */
export async function setRole(
  services: Pick<AdminServices, "database">,
  actorUid: string,
  uid: string,
  input: SetRoleInput,
  preconditions: Preconditions,
): Promise<AdminUser> {
  const { db, dialect } = services.database;
  return db.transaction().execute(async (trx) => {
    // Touching every admin row first locks them on PostgreSQL, so two admins demoting each other at once
    // cannot both see "another admin remains" (SQLite serialises writers anyway).
    await trx.updateTable("users").set({ role: "admin" }).where("role", "=", "admin").execute();
    const row = await lockedForWrite(
      trx.selectFrom("users").selectAll().where("uid", "=", uid),
      dialect,
    ).executeTakeFirst();
    if (!row) throw notFound("not_found", `uid: no user "${uid}".`, "uid");
    requireCurrent(preconditions, roleOf(row), `the role of ${row.display_name ?? row.email ?? uid}`);
    const before = toAdminUser(row);
    const languages = await siteLanguages(trx, input.languages);
    const wanted = { role: input.role, languages, canPublish: input.role === "translator" && input.canPublish };
    if (JSON.stringify(auditedRole(before)) === JSON.stringify(wanted)) return before;
    if (before.role === "admin" && wanted.role !== "admin" && (await adminCount(trx)) <= 1) {
      const name = before.displayName ?? before.email ?? uid;
      throw conflict(
        "last_admin",
        `role: ${name} is the last administrator. Make someone else an admin first, so the site always has one.`,
        "role",
      );
    }
    const updated = await trx
      .updateTable("users")
      .set({
        role: wanted.role,
        role_languages: formatLanguageList(wanted.languages),
        can_publish: wanted.canPublish ? 1 : 0,
      })
      .where("uid", "=", uid)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = toAdminUser(updated);
    await recordAudit(trx, {
      uid: actorUid,
      action: "change_role",
      entity: "user",
      entityId: uid,
      before: auditedRole(before),
      after: auditedRole(after),
    });
    return after;
  });
}
