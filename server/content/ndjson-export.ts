/**
 * Bulk content export (`npm run content -- export`): every article, drafts included, as the NDJSON lines
 * an import reads (the format: ndjson.ts), so an exported file imports back as it was.
 */
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { createArchiveReads } from "./archive-reads.ts";

/** Every article, drafts included, in id order, one JSON line each, read in bounded pages. */
export async function* exportArticles(db: Kysely<Database>): AsyncGenerator<string> {
  const languages = await db.selectFrom("languages").select(["code", "short_code"]).execute();
  const shortOf = new Map(languages.map((language) => [language.code, language.short_code]));
  const articles = createArchiveReads(db);
  let after = 0;
  for (;;) {
    const page = await articles.sources(after, 200, true);
    if (page.length === 0) return;
    let text = "";
    for (const { blog, versions } of page) {
      const line: Record<string, unknown> = {
        key: blog.key,
        author: blog.author,
        tags: JSON.parse(blog.tags) as string[],
      };
      if (blog.cover) line.cover = blog.cover;
      if (blog.source_code) line.source = shortOf.get(blog.source_code) ?? blog.source_code;
      line.versions = Object.fromEntries(
        versions.map((version) => [
          shortOf.get(version.code) ?? version.code,
          {
            slug: version.slug,
            title: version.title,
            summary: version.summary,
            body: version.body,
            status: version.status,
            ...(version.cover_alt ? { coverAlt: version.cover_alt } : {}),
            ...(version.code !== blog.source_code && { upToDate: version.outdated === 0 }),
          },
        ]),
      );
      text += `${JSON.stringify(line)}\n`;
    }
    yield text;
    after = page.at(-1)!.blog.id;
  }
}
