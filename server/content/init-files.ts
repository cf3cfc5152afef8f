/**
 * The start-up data files of docs/seed-spec.md §7 / docs/product.md §5: the published content of
 * one collection as { data: { documents: [{ id, data }] } }. Never users, never a file from disk.
 * `blogs` grows with the archive, so it is paged (docs/public-site.md "Start-up files"):
 * `?after=ID&limit=N` gives the articles with a published version and an id
 * above ID, in id order, at most N of them and about INIT_PAGE_BYTES; `next`
 * is the address of the following page, null on the last one. Articles
 * published while a client pages get higher ids, so a client that follows
 * `next` to the end sees every article exactly once.
 */
import { z } from "zod";
import { isAdminKey } from "#core/i18n/admin-catalog.ts";
import type { ArticleReader } from "./articles.ts";
import { eventLoopTurns } from "./event-loop-turns.ts";
import type { Resident } from "./resident.ts";

export const INIT_FILE_NAMES = ["blogs", "translates", "languages"] as const;
export type InitFileName = (typeof INIT_FILE_NAMES)[number];

export function isInitFileName(name: string): name is InitFileName {
  return (INIT_FILE_NAMES as readonly string[]).includes(name);
}

/** The files' documents: what GET /init/file/{name} answers (the OpenAPI document describes them with these). */
const languageDocumentSchema = z.object({
  id: z.string(),
  data: z.object({
    code: z.string(),
    short_code: z.string(),
    welcome: z.string(),
    label: z.string(),
    link: z.string(),
    population: z.number().int(),
    enabled: z.boolean(),
    favorite: z.boolean(),
    code_component: z.string(),
    dir: z.enum(["ltr", "rtl"]),
  }),
});
const translateDocumentSchema = z.object({
  id: z.string(),
  data: z.object({
    code: z.string(),
    code_component: z.string(),
    label: z.string(),
    search: z.string().nullable(),
    link: z.null(),
    short_code: z.string(),
  }),
});
const blogDocumentSchema = z.object({
  id: z.string(),
  data: z.object({
    key: z.string(),
    author: z.string(),
    cover: z.string().nullable(),
    tags: z.array(z.string()),
    /** By language code. */
    versions: z.record(
      z.string(),
      z.object({
        slug: z.string(),
        title: z.string(),
        summary: z.string(),
        body: z.string(),
        publishedAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
  }),
});
const documentsOf = <Item extends z.ZodType>(item: Item) => z.object({ documents: z.array(item) });

/** languages, translates, or a page of blogs with the address of the next page (null on the last). */
export const initFileSchema = z.union([
  z.object({ data: documentsOf(blogDocumentSchema), next: z.string().nullable() }),
  z.object({ data: documentsOf(translateDocumentSchema) }),
  z.object({ data: documentsOf(languageDocumentSchema) }),
]);

function languageDocuments(resident: Resident): z.infer<typeof languageDocumentSchema>[] {
  return resident.languages
    .filter((language) => language.enabled)
    .map((language) => ({
      id: String(language.id),
      data: {
        code: language.code,
        short_code: language.shortCode,
        welcome: language.welcome,
        label: language.label,
        link: language.link,
        population: language.population,
        enabled: language.enabled,
        favorite: language.favorite,
        code_component: language.codeComponent,
        dir: language.dir,
      },
    }));
}

function translateDocuments(resident: Resident): z.infer<typeof translateDocumentSchema>[] {
  const enabled = resident.languages.filter((language) => language.enabled);
  return enabled.flatMap((language) => [
    ...(resident.sectionNames.get(language.code) ?? []).map((name) => ({
      id: `${language.code}:${name.section}`,
      data: {
        code: language.code,
        code_component: name.section,
        label: name.label,
        search: name.search,
        link: null,
        short_code: language.shortCode,
      },
    })),
    // The admin area's strings are not the site's: its layout sends them (decision 0076).
    ...[...(resident.translations.get(language.code) ?? new Map<string, string>())]
      .filter(([key]) => !isAdminKey(key))
      .map(([key, label]) => ({
        id: `${language.code}:${key}`,
        data: {
          code: language.code,
          code_component: key,
          label,
          search: null,
          link: null,
          short_code: language.shortCode,
        },
      })),
  ]);
}

export function initFile(resident: Resident, name: "translates" | "languages") {
  return { data: { documents: name === "languages" ? languageDocuments(resident) : translateDocuments(resident) } };
}

export const INIT_PAGE_DEFAULT_LIMIT = 20;
export const INIT_PAGE_MAX_LIMIT = 100;
/** A page ends once it holds this many bytes of JSON (an article is never split), so no page is large whatever the bodies. */
export const INIT_PAGE_BYTES = 1024 * 1024;
/** Articles read per query while filling a page: their bodies in every language are read synchronously on SQLite (10 a query: 15–22 ms). */
const SOURCE_BATCH = 4;

function blogDocument({ blog, versions }: Awaited<ReturnType<ArticleReader["sources"]>>[number]): string {
  const document: z.infer<typeof blogDocumentSchema> = {
    id: String(blog.id),
    data: {
      key: blog.key,
      author: blog.author,
      cover: blog.cover,
      tags: JSON.parse(blog.tags) as string[],
      versions: Object.fromEntries(
        versions.map((version) => [
          version.code,
          {
            slug: version.slug,
            title: version.title,
            summary: version.summary,
            body: version.body,
            publishedAt: version.published_at ?? version.updated_at,
            updatedAt: version.updated_at,
          },
        ]),
      ),
    },
  };
  return JSON.stringify(document);
}

/** One page of the blogs file: its documents as JSON, and the cursor of the next page (null on the last). */
export async function blogsPage(
  articles: ArticleReader,
  after: number,
  limit: number,
): Promise<{ documents: string; nextAfter: number | null }> {
  const documents: string[] = [];
  let bytes = 0;
  let cursor = after;
  const turn = eventLoopTurns();
  for (;;) {
    await turn();
    const batch = await articles.sources(cursor, SOURCE_BATCH);
    for (const source of batch) {
      if (documents.length >= limit || bytes >= INIT_PAGE_BYTES)
        return { documents: documents.join(","), nextAfter: cursor };
      const document = blogDocument(source);
      documents.push(document);
      bytes += document.length;
      cursor = source.blog.id;
    }
    if (batch.length < SOURCE_BATCH) return { documents: documents.join(","), nextAfter: null };
  }
}
