import type { Kysely } from "kysely";
import type { DialectName } from "#server/db/connect.ts";

/** SQLite and PostgreSQL spell an auto-increment key differently; everything else is shared. */
function idColumnType(dialect: DialectName) {
  return dialect === "postgres" ? "serial" : "integer";
}

export function initialMigration(dialect: DialectName) {
  const withId = (builder: ReturnType<Kysely<unknown>["schema"]["createTable"]>) =>
    builder.addColumn("id", idColumnType(dialect), (col) =>
      dialect === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement(),
    );

  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("languages"))
        .addColumn("code", "text", (col) => col.notNull().unique())
        .addColumn("short_code", "text", (col) => col.notNull().unique())
        .addColumn("welcome", "text", (col) => col.notNull())
        .addColumn("label", "text", (col) => col.notNull())
        .addColumn("link", "text", (col) => col.notNull())
        .addColumn("population", "integer", (col) => col.notNull())
        .addColumn("enabled", "integer", (col) => col.notNull().defaultTo(1))
        .addColumn("favorite", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("code_component", "text", (col) => col.notNull())
        .addColumn("dir", "text", (col) => col.notNull().defaultTo("ltr"))
        .execute();

      await withId(db.schema.createTable("translates"))
        .addColumn("code", "text", (col) => col.notNull())
        .addColumn("code_component", "text", (col) => col.notNull())
        .addColumn("label", "text", (col) => col.notNull())
        .addColumn("search", "text")
        .addColumn("link", "text")
        .addColumn("short_code", "text")
        .addUniqueConstraint("translates_code_component_unique", ["code", "code_component"])
        .execute();

      await withId(db.schema.createTable("blogs"))
        .addColumn("key", "text", (col) => col.notNull().unique())
        .addColumn("author", "text", (col) => col.notNull())
        .addColumn("cover", "text")
        .addColumn("tags", "text", (col) => col.notNull().defaultTo("[]"))
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();

      await withId(db.schema.createTable("blog_versions"))
        .addColumn("blog_id", "integer", (col) => col.notNull().references("blogs.id").onDelete("cascade"))
        .addColumn("code", "text", (col) => col.notNull())
        .addColumn("slug", "text", (col) => col.notNull())
        .addColumn("title", "text", (col) => col.notNull())
        .addColumn("summary", "text", (col) => col.notNull())
        .addColumn("body", "text", (col) => col.notNull())
        .addColumn("cover_alt", "text", (col) => col.notNull().defaultTo(""))
        .addColumn("status", "text", (col) => col.notNull().defaultTo("draft"))
        .addColumn("published_at", "text")
        .addColumn("updated_at", "text", (col) => col.notNull())
        .addUniqueConstraint("blog_versions_blog_language_unique", ["blog_id", "code"])
        .addUniqueConstraint("blog_versions_language_slug_unique", ["code", "slug"])
        .execute();

      await db.schema
        .createTable("users")
        .addColumn("uid", "text", (col) => col.primaryKey())
        .addColumn("email", "text")
        .addColumn("display_name", "text")
        .addColumn("photo_url", "text")
        .addColumn("email_verified", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("is_admin", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("last_sign_in_at", "text")
        .execute();
      await db.schema.createIndex("users_email_index").on("users").column("email").execute();

      await db.schema
        .createTable("identities")
        .addColumn("provider", "text", (col) => col.notNull())
        .addColumn("subject", "text", (col) => col.notNull())
        .addColumn("uid", "text", (col) => col.notNull().references("users.uid").onDelete("cascade"))
        .addColumn("created_at", "text", (col) => col.notNull())
        .addPrimaryKeyConstraint("identities_pk", ["provider", "subject"])
        .execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id_hash", "text", (col) => col.primaryKey())
        .addColumn("uid", "text", (col) => col.notNull().references("users.uid").onDelete("cascade"))
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("expires_at", "text", (col) => col.notNull())
        .addColumn("last_seen_at", "text", (col) => col.notNull())
        .execute();

      await db.schema
        .createTable("rome_domains")
        .addColumn("letter", "text", (col) => col.primaryKey())
        .addColumn("label", "text", (col) => col.notNull())
        .execute();

      await db.schema
        .createTable("codes_romes")
        .addColumn("code", "text", (col) => col.primaryKey())
        .addColumn("ogr", "integer")
        .addColumn("domain", "text", (col) => col.notNull().references("rome_domains.letter"))
        .addColumn("label", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .execute();

      await db.schema
        .createTable("rome_labels")
        .addColumn("rome_code", "text", (col) => col.notNull().references("codes_romes.code").onDelete("cascade"))
        .addColumn("code", "text", (col) => col.notNull())
        .addColumn("label", "text", (col) => col.notNull())
        .addColumn("updated_at", "text", (col) => col.notNull())
        .addPrimaryKeyConstraint("rome_labels_pk", ["rome_code", "code"])
        .execute();

      await withId(db.schema.createTable("analytics_events"))
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("uid", "text")
        .addColumn("language", "text")
        .addColumn("path", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("analytics_events_created_index")
        .on("analytics_events")
        .columns(["created_at", "name"])
        .execute();

      await withId(db.schema.createTable("audit_log"))
        .addColumn("uid", "text")
        .addColumn("action", "text", (col) => col.notNull())
        .addColumn("entity", "text", (col) => col.notNull())
        .addColumn("entity_id", "text", (col) => col.notNull())
        .addColumn("before", "text")
        .addColumn("after", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .execute();
      await db.schema.createIndex("audit_log_created_index").on("audit_log").column("created_at").execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        "audit_log",
        "analytics_events",
        "rome_labels",
        "codes_romes",
        "rome_domains",
        "sessions",
        "identities",
        "users",
        "blog_versions",
        "blogs",
        "translates",
        "languages",
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
