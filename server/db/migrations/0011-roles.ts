import { sql, type Kysely } from "kysely";

/**
 * Roles (decision 0072): the admin flag becomes a role (user, translator,
 * editor, admin), with a translator's languages (comma-separated codes) and
 * publish right. Every administrator stays one.
 */
export const rolesMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("users")
      .addColumn("role", "text", (col) => col.notNull().defaultTo("user"))
      .execute();
    await db.schema
      .alterTable("users")
      .addColumn("role_languages", "text", (col) => col.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("users")
      .addColumn("can_publish", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`update users set role = 'admin' where is_admin = 1`.execute(db);
    await db.schema.alterTable("users").dropColumn("is_admin").execute();
    await db.schema.createIndex("users_role_index").on("users").column("role").execute();
  },
};
