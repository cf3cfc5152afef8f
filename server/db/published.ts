/**
 * What "published" means for an article version, in one place: every public
 * read of versions (lists, article pages, feeds, search, tag pages) filters
 * with it, so a new publishing state (scheduled, unpublished) changes one line.
 */
import { sql } from "kysely";

/** SQL condition on the `blog_versions` table in scope: the version is public. */
export const isPublishedVersion = sql<boolean>`(blog_versions.status = 'published' and blog_versions.published_at is not null)`;
