/**
 * Table shapes as Kysely sees them. Booleans are stored as 0/1 integers and
 * timestamps as ISO-8601 UTC text on both SQLite and PostgreSQL, so every
 * query is the same on both (docs/decisions/0003-one-schema-two-databases.md).
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Role } from "#core/auth/roles.ts";
import type { Flag } from "./flag.ts";
import type { MemoryTables } from "./memory-schema.ts";
import type { PlatformTables } from "./platform-schema.ts";

export type { Flag };
export interface LanguagesTable {
  id: Generated<number>;
  code: string;
  short_code: string;
  welcome: string;
  label: string;
  link: string;
  population: number;
  enabled: Flag;
  favorite: Flag;
  code_component: string;
  dir: "ltr" | "rtl";
  /** JSON array of language ids: the fallback chain (0008, decision 0085). */
  fallbacks: Generated<string>;
  /** Whether its article lists include articles found only in a fallback language. */
  list_fallback_articles: Generated<Flag>;
}

export interface TranslationsTable {
  id: Generated<number>;
  code: string;
  code_component: string;
  label: string;
  search: string | null;
  link: string | null;
  short_code: string | null;
}

export interface ArticlesTable {
  id: Generated<number>;
  key: string;
  author: string;
  cover: string | null;
  /** JSON array of strings; ROME codes among them link the article to job pages. */
  tags: string;
  created_at: string;
  updated_at: string;
  /** The language the article was first written in (an admin may change it); null only without versions (migration 0007). */
  source_code: string | null;
  /** Raised each time the source's text changes (core/translation-status.ts). */
  source_revision: Generated<number>;
  /** When the source's text last changed: the date an outdated translation's notice gives. */
  source_changed_at: string | null;
}

/** On SQLite the body and HTML are the row's last columns, so reading the others skips their overflow pages (decision 0140). */
export interface ArticleVersionsTable {
  id: Generated<number>;
  article_id: number;
  code: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  cover_alt: string;
  status: "draft" | "published";
  published_at: string | null;
  updated_at: string;
  /** The body rendered by the renderer version below; null until first rendered (docs/decisions/0030). */
  html: string | null;
  renderer_version: Generated<number>;
  reading_minutes: Generated<number>;
  /** The source revision this version was made from (the source's own is its current revision). */
  base_revision: Generated<number>;
  /** 1 when base_revision is behind the article's source_revision: stored for indexed status filters. */
  outdated: Generated<Flag>;
  /** 1 when the version was stored by a bulk import and awaits its rendering and search entry (server/content/search-catch-up.ts). */
  awaiting_index: Generated<Flag>;
  /** A search catch-up's claim on the version, "<expiry ISO time> <token>"; null when unclaimed. */
  index_claim: string | null;
}

/** One row per tag of an article (copied from articles.tags at every write), for tag lookups by index. */
export interface ArticleTagsTable {
  tag: string;
  article_id: number;
}

/** What each content write changed, in order: other processes read it to invalidate the same set. */
export interface ContentChangesTable {
  id: Generated<number>;
  /** The instance (or CLI run) that made the change; it skips its own entries. */
  origin: string;
  /** JSON of a ContentChange (server/content/changes.ts). */
  change: string;
  created_at: string;
}

export interface UsersTable {
  uid: string;
  email: string | null;
  display_name: string | null;
  photo_url: string | null;
  email_verified: Flag;
  created_at: string;
  last_sign_in_at: string | null;
  /** 0011: "user" | "translator" | "editor" | "admin" (core/auth/roles.ts). */
  role: ColumnType<Role, Role | undefined, Role>;
  /** 0011: a translator's language codes, comma-separated. */
  role_languages: ColumnType<string, string | undefined, string>;
  /** 0011: a translator may publish in their languages. */
  can_publish: ColumnType<Flag, Flag | undefined, Flag>;
  /** The admin area's language (a language code; null: the public language the person came from). */
  admin_language: Generated<string | null>;
}

export interface IdentitiesTable {
  provider: string;
  subject: string;
  uid: string;
  created_at: string;
}

export interface SessionsTable {
  id_hash: string;
  uid: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
}

export interface SignInAttemptsTable {
  id_hash: string;
  provider: string;
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  popup: Flag;
  created_at: string;
  expires_at: string;
}

export interface RomeDomainsTable {
  letter: string;
  label: string;
}

export interface RomeJobsTable {
  code: string;
  ogr: number | null;
  domain: string;
  label: string;
  updated_at: string;
}

export interface RomeLabelsTable {
  rome_code: string;
  code: string;
  label: string;
  updated_at: string;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  name: string;
  uid: string | null;
  language: string | null;
  path: string | null;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  uid: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before: string | null;
  after: string | null;
  created_at: string;
}

export interface MediaTable {
  id: Generated<number>;
  file_name: string;
  source_sha256: string;
  /** What the content is, whatever the name said: "jpeg", "png", "webp", "avif" or "gif". */
  format: string;
  /** After auto-orientation. */
  width: number;
  height: number;
  source_bytes: number;
  search_text: string;
  uploaded_by: string | null;
  created_at: string;
}

export interface MediaVariantsTable {
  /** The public file name, content-hashed: "42-3f9c2a1b0e4d5c6b-640.avif". */
  file: string;
  media_id: number;
  format: "avif" | "webp" | "jpeg" | "png";
  width: number;
  height: number;
  size: number;
  bytes: Uint8Array;
}

export interface MediaAltTable {
  media_id: number;
  code: string;
  alt: string;
  updated_at: string;
}

export interface MediaUsageTable {
  media_id: number;
  article_id: number;
}

/** One saved state of a language version (docs/decisions/0095-revisions-schedules-and-previews.md). */
export interface ArticleRevisionsTable {
  id: Generated<number>;
  article_id: number;
  code: string;
  /** What made it: "initial", "seed", "save", "save-draft", "import", "restore", "publish", "unpublish", "discard", "scheduled-publish", "scheduled-unpublish". */
  action: string;
  uid: string | null;
  title: string;
  summary: string;
  body: string;
  slug: string;
  cover_alt: string;
  status: "draft" | "published";
  /** The revision a restore brought back (its id). */
  restored_from: number | null;
  created_at: string;
  /** The revision's place in its version's history, 1 for the first text (migration 0030): what History and the API call it. */
  number: number;
  /** Segments of the text that were unedited machine suggestions when a person saved it (migration 0048, decision 0218). */
  machine_segments: Generated<number>;
  /**
   * 1: the revision's title, summary, body and cover description are its version's live ones, stored there only
   * (empty here; a bulk import's revision, migration 0061): read them through revisionText (server/content/revisions.ts).
   */
  text_in_version: Generated<0 | 1>;
}

/**
 * The pending changes of a published version (migration 0030, decision 0150): saved beside the live text,
 * which article_versions keeps and the public site reads, until published or discarded. Only beside a published version.
 */
export interface ArticleDraftsTable {
  article_id: number;
  code: string;
  slug: string;
  title: string;
  summary: string;
  cover_alt: string;
  /** The source revision the pending text reflects. */
  source_revision: number;
  updated_at: string;
  updated_by: string | null;
  body: string;
}

/** A version's pending publish or unpublish (UTC ISO time); deleted when applied or cancelled. */
export interface ArticleSchedulesTable {
  id: Generated<number>;
  article_id: number;
  code: string;
  action: "publish" | "unpublish";
  due_at: string;
  created_by: string | null;
  created_at: string;
}

/** A signed draft-preview link; the token carries the id and expiry, this row lets it be revoked. */
export interface PreviewLinksTable {
  id: Generated<number>;
  article_id: number;
  code: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** The source's text at a revision some version is still based on (the diff a translator sees). */
export interface ArticleSourceRevisionsTable {
  article_id: number;
  revision: number;
  code: string;
  title: string;
  summary: string;
  body: string;
  cover_alt: string;
  created_at: string;
}

/**
 * One row per published article version: the search index's text (docs/decisions/0090).
 * The dialect's own index (SQLite: the contentless FTS5 table search_fts, by rowid;
 * PostgreSQL: a tsvector column) is written and read only in server/db/full-text.ts.
 */
export interface SearchEntriesTable {
  id: Generated<number>;
  article_id: number;
  code: string;
  title: string;
  summary: string;
  /** Of the Markdown body the entry was made from (bodyFingerprint); null for entries made before migration 0026. */
  source_fingerprint: string | null;
}

/** One row per tag of a published article version, in the order its tag page lists them. */
export interface PublishedTagsTable {
  /** The tag as its URL names it (lowercased, NFC). */
  tag_key: string;
  code: string;
  published_at: string;
  article_id: number;
  /** The tag as written. */
  tag: string;
}

/** 0050: a tag's name in a language (core/tags.ts, decision 0221); `name_key` is its URL key, unique per language. */
export interface TagNamesTable {
  tag_key: string;
  code: string;
  name: string;
  name_key: string;
  updated_at: string;
}

/** 0031: who has which language version open in the editor, and when their editor last said so (decision 0152). */
export interface VersionPresenceTable {
  article_id: number;
  code: string;
  uid: string;
  seen_at: string;
}

export interface Database extends MemoryTables, PlatformTables {
  languages: LanguagesTable;
  translations: TranslationsTable;
  articles: ArticlesTable;
  article_versions: ArticleVersionsTable;
  article_tags: ArticleTagsTable;
  content_changes: ContentChangesTable;
  users: UsersTable;
  identities: IdentitiesTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  rome_domains: RomeDomainsTable;
  rome_jobs: RomeJobsTable;
  rome_labels: RomeLabelsTable;
  analytics_events: AnalyticsEventsTable;
  audit_log: AuditLogTable;
  media: MediaTable;
  media_variants: MediaVariantsTable;
  media_alt: MediaAltTable;
  media_usage: MediaUsageTable;
  article_revisions: ArticleRevisionsTable;
  article_drafts: ArticleDraftsTable;
  article_schedules: ArticleSchedulesTable;
  preview_links: PreviewLinksTable;
  article_source_revisions: ArticleSourceRevisionsTable;
  search_entries: SearchEntriesTable;
  published_tags: PublishedTagsTable;
  tag_names: TagNamesTable;
  version_presence: VersionPresenceTable;
}

export type LanguageRow = Selectable<LanguagesTable>;
export type NewLanguage = Insertable<LanguagesTable>;
export type LanguageUpdate = Updateable<LanguagesTable>;
export type TranslationStringRow = Selectable<TranslationsTable>;
export type ArticleRow = Selectable<ArticlesTable>;
export type ArticleVersionRow = Selectable<ArticleVersionsTable>;
export type ArticleDraftRow = Selectable<ArticleDraftsTable>;
export type UserRow = Selectable<UsersTable>;
export type RomeJobRow = Selectable<RomeJobsTable>;

/** The tables as the migrations before 0060 see them: a search entry kept the body's text (for snippets). */
export type DatabaseBefore0060 = Omit<Database, "search_entries"> & {
  search_entries: SearchEntriesTable & { body_text: string };
};
