import type { Kysely } from "kysely";

/**
 * Tag names per language (docs/decisions/0221-tag-names-per-language.md): a tag (by its key, core/tags.ts tagKey)
 * may have a name in each site language; `name_key` is the name's URL key (tagNameKey), unique in a language, so
 * one address names one tag there. A tag without a row in a language is named there as it is written.
 */
export const tagNamesMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("tag_names")
      .addColumn("tag_key", "text", (col) => col.notNull())
      .addColumn("code", "text", (col) => col.notNull())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("name_key", "text", (col) => col.notNull())
      .addColumn("updated_at", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("tag_names_primary_key", ["tag_key", "code"])
      .execute();
    await db.schema
      .createIndex("tag_names_address_index")
      .on("tag_names")
      .columns(["code", "name_key"])
      .unique()
      .execute();
    // An address is looked up in every language (a link copied from another language): by its key alone.
    await db.schema.createIndex("tag_names_name_key_index").on("tag_names").column("name_key").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("tag_names").ifExists().execute();
  },
};
