import type { Kysely } from "kysely";

/**
 * The published-versions index (status, blog_id) gains updated_at, so a sitemap chunk's lastmod
 * (`max(updated_at)` over an id range, server/content/archive-reads.ts) is read from the index alone.
 * Without it every version in the range was read from the table, whose rows hold the body and its
 * HTML: the sitemap index at 100 000 articles took 5.7 s on SQLite, one synchronous query per chunk
 * blocking the event loop up to 2.8 s. The wider index serves every query the old one did (its
 * leading columns are the same), so it replaces it rather than adding a second index to write.
 */
export const sitemapLastmodIndexMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("blog_versions_status_blog_updated_index")
      .on("blog_versions")
      .columns(["status", "blog_id", "updated_at"])
      .execute();
    await db.schema.dropIndex("blog_versions_status_blog_index").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex("blog_versions_status_blog_index")
      .on("blog_versions")
      .columns(["status", "blog_id"])
      .execute();
    await db.schema.dropIndex("blog_versions_status_blog_updated_index").execute();
  },
};
