/**
 * Seeds the demo content into an empty database: languages, section names,
 * UI translations, articles, the ROME reference and the demo admin.
 * Files are bundled at build time (import.meta.glob), so the built server
 * needs no seed folder on disk.
 */
import { seedTagNames } from "./tag-names.ts";
import { replaceTags, versionColumns, type VersionSource } from "#server/content/article-writes.ts";
import { importedTranslationState } from "#server/content/imported-articles.ts";
import { storeTranslationState } from "#server/content/translation-state.ts";
import { EMPTY_TRANSLATION_STATE } from "#core/translation-status.ts";
import { renderVersionFrom } from "#server/content/rendering.ts";
import { recordRevisions } from "#server/content/revisions.ts";
import { refreshPublishedIndex } from "#server/search/published-index.ts";
import { rebuildMemory } from "#server/memory/rebuild.ts";
import { parse as parseCsv } from "csv-parse/sync";
import type { Kysely, Transaction } from "kysely";
import { homePath } from "#core/paths.ts";
import { slugify } from "#core/text.ts";
import type { Database } from "#server/db/schema.ts";
import { seedLanguages } from "./languages.ts";
import translations from "./translations.json" with { type: "json" };
import { adminSeedEntries } from "#server/admin/i18n/source.ts";
import domainsCsv from "./rome/grand_domaines.csv?raw";
import romeCsv from "./rome/rome_v346.csv?raw";

interface SeedArticle {
  key: string;
  author: string;
  cover: string;
  coverAlt: Record<string, string>;
  tags: string[];
  publishedAt: string;
  updatedAt: string;
  versions: Record<string, { title: string; summary: string }>;
}

const articleMeta = import.meta.glob<SeedArticle>("./articles/*/article.json", { eager: true, import: "default" });
const articleBodies = import.meta.glob<string>("./articles/*/*.md", { eager: true, query: "?raw", import: "default" });

export const DEMO_ADMIN_EMAIL = "admin@example.com";

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("languages").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

async function seedLanguagesAndSections(trx: Transaction<Database>) {
  for (const language of seedLanguages) {
    await trx
      .insertInto("languages")
      .values({
        code: language.code,
        short_code: language.shortCode,
        welcome: language.welcome,
        label: language.label,
        link: homePath(language),
        population: language.population,
        enabled: language.enabled ? 1 : 0,
        favorite: language.favorite ? 1 : 0,
        code_component: `LANGUAGE:${language.code}`,
        dir: language.dir,
      })
      .execute();
    const sections = [
      { code_component: "HOME", label: language.welcome, search: null },
      ...Object.entries(language.sections ?? {}).map(([section, [label, search]]) => ({ code_component: section, label, search })),
    ];
    for (const section of sections) {
      await trx
        .insertInto("translations")
        .values({ ...section, code: language.code, short_code: language.shortCode, link: `/${language.shortCode}/${encodeURIComponent(section.label)}` })
        .execute();
    }
  }
}

async function seedTranslations(trx: Transaction<Database>) {
  const byKey = translations as Record<string, Record<string, string>>;
  for (const [key, labels] of Object.entries(byKey)) {
    for (const [code, label] of Object.entries(labels)) {
      const language = seedLanguages.find((candidate) => candidate.code === code);
      await trx
        .insertInto("translations")
        .values({ code, code_component: key, label, search: null, link: null, short_code: language?.shortCode ?? null })
        .execute();
    }
  }
  // The admin area's strings (decision 0076), in batches: there are several thousand.
  const adminRows = adminSeedEntries().map(({ key, code, label }) => ({
    code,
    code_component: key,
    label,
    search: null,
    link: null,
    short_code: seedLanguages.find((candidate) => candidate.code === code)?.shortCode ?? null,
  }));
  for (let start = 0; start < adminRows.length; start += ADMIN_SEED_BATCH) {
    await trx.insertInto("translations").values(adminRows.slice(start, start + ADMIN_SEED_BATCH)).execute();
  }
}

/** Rows per insert: within SQLite's and PostgreSQL's limits on bound parameters. */
const ADMIN_SEED_BATCH = 500;

function folderOf(path: string): string {
  return path.split("/").slice(0, -1).join("/");
}

async function seedArticles(trx: Transaction<Database>, searchText: boolean) {
  const ids: number[] = [];
  for (const [path, article] of Object.entries(articleMeta)) {
    const folder = folderOf(path);
    const blog = await trx
      .insertInto("articles")
      .values({
        key: article.key,
        author: article.author,
        cover: article.cover,
        tags: JSON.stringify(article.tags),
        created_at: article.publishedAt,
        updated_at: article.updatedAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(blog.id);
    await replaceTags(trx, blog.id, article.tags);
    const sources = new Map<string, VersionSource>();
    for (const [code, version] of Object.entries(article.versions)) {
      const body = articleBodies[`${folder}/${code}.md`];
      if (body === undefined) throw new Error(`Seed article ${article.key} has no ${code}.md`);
      const source: VersionSource = { slug: slugify(version.title), title: version.title, summary: version.summary, body, coverAlt: article.coverAlt[code] ?? "", status: "published" };
      sources.set(code, source);
      await trx
        .insertInto("article_versions")
        .values({ article_id: blog.id, code, ...versionColumns(source, article.publishedAt, article.updatedAt, await renderVersionFrom(trx, body, code)) })
        .execute();
    }
    // Each seeded text is its version's revision 1, so its first edit can be undone.
    const codes = [...sources.keys()];
    const recorded = await recordRevisions(trx, [...sources].map(([code, content]) => ({ blogId: blog.id, code, action: "seed", uid: null, content })), Number.MAX_SAFE_INTEGER, article.updatedAt, new Set(codes.map((code) => `${blog.id}:${code}`)));
    // The first version listed is the language the article was written in.
    const revisions = new Map(codes.map((code, index) => [code, recorded[index]!.number]));
    await storeTranslationState(trx, blog.id, EMPTY_TRANSLATION_STATE, importedTranslationState(EMPTY_TRANSLATION_STATE, new Map(), { versions: sources }, revisions), article.updatedAt);
  }
  await refreshPublishedIndex(trx, ids, undefined, { text: searchText });
}

async function seedRome(trx: Transaction<Database>, now: string) {
  const domains = parseCsv<{ code: string; libelle: string }>(domainsCsv, { columns: true, bom: true });
  await trx
    .insertInto("rome_domains")
    .values(domains.map((domain) => ({ letter: domain.code, label: domain.libelle })))
    .execute();
  const codes = parseCsv<{ code_ogr: string; code_rome: string; libelle: string }>(romeCsv, { columns: true, bom: true });
  await trx
    .insertInto("rome_jobs")
    .values(
      codes.map((row) => ({
        code: row.code_rome,
        ogr: Number(row.code_ogr),
        domain: row.code_rome.charAt(0),
        label: row.libelle,
        updated_at: now,
      })),
    )
    .execute();
}

async function seedDemoAdmin(trx: Transaction<Database>, now: string) {
  await trx
    .insertInto("users")
    .values({
      uid: "demo-admin",
      email: DEMO_ADMIN_EMAIL,
      display_name: "Demo Admin",
      photo_url: null,
      email_verified: 1,
      role: "admin",
      created_at: now,
      last_sign_in_at: null,
    })
    .execute();
}

export interface SeedOptions {
  now?: string;
  /**
   * False to seed a database migrated only as far as an older release (a migration test): the translation memory's
   * tables came with 0045, and 0054's fill then remembers what the seed published.
   */
  memory?: boolean;
  /** False to seed a database migrated only as far as a release before 0050: no tag names' table yet. */
  tagNames?: boolean;
  /** True to seed a database migrated only as far as a release before 0060: its search entries keep their text. */
  searchText?: boolean;
}

/** Seeds the demo content in one transaction; returns false when the database already had content. */
export async function seedDemoContent(
  db: Kysely<Database>,
  { now = new Date().toISOString(), memory = true, tagNames = true, searchText = false }: SeedOptions = {},
): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await db.transaction().execute(async (trx) => {
    await seedLanguagesAndSections(trx);
    await seedTranslations(trx);
    await seedArticles(trx, searchText);
    if (tagNames) await seedTagNames(trx, now);
    await seedRome(trx, now);
    await seedDemoAdmin(trx, now);
    // The translation memory of what was just published (decision 0215).
    if (memory) await rebuildMemory(trx);
  });
  return true;
}
