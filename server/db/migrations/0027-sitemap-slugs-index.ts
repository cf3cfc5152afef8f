import type { Kysely } from "kysely";

/**
 * The published-versions index (status, blog_id, updated_at) gains code and slug, so a sitemap
 * child's URLs (`publishedSlugs` over an id range, server/content/archive-reads.ts) are read from the
 * index alone. Without them each version's row was read, and its status, after the body, lies in
 * the row's overflow pages: 100 articles' slugs took 5–7 ms of synchronous reading on SQLite at
 * 1 000 articles, more when the pages are not cached (bench/README.md). Same leading columns, so
 * it serves the lastmod query of migration 0021 too and replaces that index.
 */
export const sitemapSlugsIndexMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("blog_versions_status_blog_slug_index")
      .on("blog_versions")
      .columns(["status", "blog_id", "code", "slug", "updated_at"])
      .execute();
    await db.schema.dropIndex("blog_versions_status_blog_updated_index").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex("blog_versions_status_blog_updated_index")
      .on("blog_versions")
      .columns(["status", "blog_id", "updated_at"])
      .execute();
    await db.schema.dropIndex("blog_versions_status_blog_slug_index").execute();
  },
};
