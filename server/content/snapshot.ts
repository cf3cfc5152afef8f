/**
 * The in-memory content snapshot: languages, translations, published articles
 * and the ROME reference, loaded in one go. Public pages read only from it;
 * an admin write (or a NOTIFY from another instance) replaces it.
 */
import type { Kysely } from "kysely";
import type { LanguageRef, SectionKey, SectionName } from "#core/types.ts";
import { foldForSearch } from "#core/text.ts";
import type { Database } from "#server/db/schema.ts";
import { readingMinutes, renderMarkdown } from "#core/markdown.ts";
import { mediaIdOf, mediaIdsUsed, mediaImagesIn, type MediaRendition } from "#core/media-rules.ts";
import { loadRenditions } from "#server/media/renditions.ts";

export interface Language extends LanguageRef {
  link: string;
  codeComponent: string;
}

export interface ArticleVersion {
  articleId: number;
  code: string;
  slug: string;
  title: string;
  summary: string;
  /** The Markdown source, for /init/file/blogs and the editor. */
  body: string;
  html: string;
  coverAlt: string;
  readingMinutes: number;
  publishedAt: string;
  updatedAt: string;
}

export interface Article {
  id: number;
  key: string;
  author: string;
  /** As stored: a library image ("media:42"), a path on this site or an https URL. */
  cover: string | null;
  /** The cover when it is a library image. */
  coverImage: MediaRendition | null;
  tags: string[];
  /** Published versions by language code. */
  versions: Map<string, ArticleVersion>;
}

export interface Job {
  code: string;
  ogr: number | null;
  domain: string;
  /** The official French label. */
  label: string;
  /** Labels admins added, by language code. */
  labels: Map<string, string>;
  /** Code and every label, folded for accent- and case-insensitive search. */
  searchText: string;
}

export interface Domain {
  letter: string;
  label: string;
}

export interface Snapshot {
  version: number;
  loadedAt: string;
  languages: Language[];
  translations: Map<string, Map<string, string>>;
  sectionNames: Map<string, SectionName[]>;
  /** Articles with at least one published version, newest first. */
  articles: Article[];
  jobs: Job[];
  jobsByCode: Map<string, Job>;
  domains: Domain[];
}

const SECTION_KEYS: SectionKey[] = ["HOME", "ARTICLES", "JOBS"];

function isSectionKey(key: string): key is SectionKey {
  return (SECTION_KEYS as string[]).includes(key);
}

async function loadLanguages(db: Kysely<Database>): Promise<Language[]> {
  const rows = await db.selectFrom("languages").selectAll().orderBy("population", "desc").orderBy("id").execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    shortCode: row.short_code,
    welcome: row.welcome,
    label: row.label,
    population: row.population,
    enabled: row.enabled === 1,
    favorite: row.favorite === 1,
    dir: row.dir === "rtl" ? "rtl" : "ltr",
    link: row.link,
    codeComponent: row.code_component,
  }));
}

async function loadTranslations(db: Kysely<Database>) {
  const rows = await db.selectFrom("translates").select(["code", "code_component", "label", "search"]).execute();
  const translations = new Map<string, Map<string, string>>();
  const sectionNames = new Map<string, SectionName[]>();
  for (const row of rows) {
    if (isSectionKey(row.code_component)) {
      const names = sectionNames.get(row.code) ?? [];
      names.push({ section: row.code_component, label: row.label, search: row.search });
      sectionNames.set(row.code, names);
      continue;
    }
    const strings = translations.get(row.code) ?? new Map<string, string>();
    strings.set(row.code_component, row.label);
    translations.set(row.code, strings);
  }
  return { translations, sectionNames };
}

/**
 * Rendered Markdown of the previous snapshot, reused for unchanged bodies: a reload re-renders only what changed.
 * Bodies showing library images are always re-rendered, as their alt text may have changed.
 */
function renderCache(previous: Snapshot | null): Map<string, ArticleVersion> {
  const rendered = new Map<string, ArticleVersion>();
  for (const article of previous?.articles ?? []) {
    for (const version of article.versions.values()) if (mediaImagesIn(version.body).length === 0) rendered.set(version.body, version);
  }
  return rendered;
}

async function loadArticles(db: Kysely<Database>, previous: Snapshot | null): Promise<Article[]> {
  const rendered = renderCache(previous);
  const blogs = await db.selectFrom("blogs").selectAll().execute();
  const versions = await db.selectFrom("blog_versions").selectAll().where("status", "=", "published").execute();
  const media = await loadRenditions(db, mediaIdsUsed(null, versions.map((version) => version.body)).concat(blogs.flatMap((blog) => mediaIdOf(blog.cover) ?? [])));
  const articles = new Map<number, Article>(
    blogs.map((blog) => [
      blog.id,
      {
        id: blog.id,
        key: blog.key,
        author: blog.author,
        cover: blog.cover,
        coverImage: media[mediaIdOf(blog.cover) ?? 0] ?? null,
        tags: JSON.parse(blog.tags) as string[],
        versions: new Map(),
      },
    ]),
  );
  for (const version of versions) {
    const earlier = rendered.get(version.body);
    articles.get(version.blog_id)?.versions.set(version.code, {
      articleId: version.blog_id,
      code: version.code,
      slug: version.slug,
      title: version.title,
      summary: version.summary,
      body: version.body,
      html: earlier?.html ?? renderMarkdown(version.body, { media, language: version.code }),
      coverAlt: version.cover_alt,
      readingMinutes: earlier?.readingMinutes ?? readingMinutes(version.body),
      publishedAt: version.published_at ?? version.updated_at,
      updatedAt: version.updated_at,
    });
  }
  const newestPublication = (article: Article) =>
    Math.max(...[...article.versions.values()].map((version) => Date.parse(version.publishedAt)));
  return [...articles.values()]
    .filter((article) => article.versions.size > 0)
    .sort((a, b) => newestPublication(b) - newestPublication(a) || b.id - a.id);
}

async function loadJobs(db: Kysely<Database>) {
  const domains = await db.selectFrom("rome_domains").selectAll().orderBy("letter").execute();
  const rows = await db.selectFrom("codes_romes").selectAll().orderBy("code").execute();
  const labelRows = await db.selectFrom("rome_labels").select(["rome_code", "code", "label"]).execute();
  const labels = new Map<string, Map<string, string>>();
  for (const row of labelRows) {
    const byLanguage = labels.get(row.rome_code) ?? new Map<string, string>();
    byLanguage.set(row.code, row.label);
    labels.set(row.rome_code, byLanguage);
  }
  const jobs: Job[] = rows.map((row) => {
    const jobLabels = labels.get(row.code) ?? new Map<string, string>();
    return {
      code: row.code,
      ogr: row.ogr,
      domain: row.domain,
      label: row.label,
      labels: jobLabels,
      searchText: foldForSearch([row.code, row.label, ...jobLabels.values()].join(" ")),
    };
  });
  return { domains, jobs, jobsByCode: new Map(jobs.map((job) => [job.code, job])) };
}

export async function loadSnapshot(db: Kysely<Database>, previous: Snapshot | null = null): Promise<Snapshot> {
  const version = (previous?.version ?? 0) + 1;
  const [languages, { translations, sectionNames }, articles, { domains, jobs, jobsByCode }] = await Promise.all([
    loadLanguages(db),
    loadTranslations(db),
    loadArticles(db, previous),
    loadJobs(db),
  ]);
  return { version, loadedAt: new Date().toISOString(), languages, translations, sectionNames, articles, jobs, jobsByCode, domains };
}
