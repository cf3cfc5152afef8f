/**
 * Users as admins see them (/admin/users): search, and granting or revoking
 * admin rights — never leaving the site without an admin (PRODUCT.md §7).
 */
import { sql, type Transaction } from "kysely";
import type { AdminUser } from "#core/admin/users/schema.ts";
import type { AdminServices } from "#server/context.ts";
import type { Database, UserRow } from "#server/db/schema.ts";
import { HttpError } from "#server/http/errors.ts";
import { recordAudit } from "#server/admin/audit.ts";

/** More than this and the admin refines the search; the total says how many matched. */
export const USERS_LIST_LIMIT = 200;

function toAdminUser(row: UserRow): AdminUser {
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.display_name,
    photoURL: row.photo_url,
    emailVerified: row.email_verified === 1,
    isAdmin: row.is_admin === 1,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  };
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Users whose email or name contains the query (case-insensitive), newest first. */
export async function listUsers(services: Pick<AdminServices, "database">, query: string): Promise<{ users: AdminUser[]; total: number }> {
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
    .where("is_admin", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.admins);
}

/**
 * Grants or revokes admin rights; refuses (409) to revoke the last admin's. Returns the user as it now is.
 * Admin rights are not public content: a plain transaction with nothing to reload, needing only
 * the database, so `npm run admin` calls it too.
 */
export async function setAdmin(services: Pick<AdminServices, "database">, actorUid: string, uid: string, isAdmin: boolean): Promise<AdminUser> {
  return services.database.db.transaction().execute(async (trx) => {
    // Touching every admin row first locks them on PostgreSQL, so two admins revoking each other at once
    // cannot both see "another admin remains" (SQLite serialises writers anyway).
    await trx.updateTable("users").set({ is_admin: 1 }).where("is_admin", "=", 1).execute();
    const row = await trx.selectFrom("users").selectAll().where("uid", "=", uid).executeTakeFirst();
    if (!row) throw new HttpError(404, "not_found", `uid: no user "${uid}".`, "uid");
    const before = toAdminUser(row);
    if (before.isAdmin === isAdmin) return before;
    if (!isAdmin && (await adminCount(trx)) <= 1) {
      const name = before.displayName ?? before.email ?? uid;
      throw new HttpError(
        409,
        "last_admin",
        `isAdmin: ${name} is the last administrator. Grant admin rights to someone else first, so the site always has an administrator.`,
        "isAdmin",
      );
    }
    const updated = await trx
      .updateTable("users")
      .set({ is_admin: isAdmin ? 1 : 0 })
      .where("uid", "=", uid)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = toAdminUser(updated);
    await recordAudit(trx, {
      uid: actorUid,
      action: isAdmin ? "grant_admin" : "revoke_admin",
      entity: "user",
      entityId: uid,
      before: { isAdmin: before.isAdmin },
      after: { isAdmin: after.isAdmin },
    });
    return after;
  });
}
