import type { Kysely } from "kysely";

/**
 * One row per sign-in started and not yet finished: the OAuth state, OIDC
 * nonce and PKCE verifier stay on the server (any instance can finish the
 * flow), keyed by the hash of a random id held in a short-lived HttpOnly cookie.
 */
export const signInAttemptsMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("sign_in_attempts")
      .addColumn("id_hash", "text", (col) => col.primaryKey())
      .addColumn("provider", "text", (col) => col.notNull())
      .addColumn("state", "text", (col) => col.notNull())
      .addColumn("nonce", "text", (col) => col.notNull())
      .addColumn("code_verifier", "text", (col) => col.notNull())
      .addColumn("return_to", "text", (col) => col.notNull())
      .addColumn("popup", "integer", (col) => col.notNull())
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("expires_at", "text", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("sign_in_attempts_expires_index").on("sign_in_attempts").column("expires_at").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("sign_in_attempts").ifExists().execute();
  },
};
