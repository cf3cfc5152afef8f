/**
 * One line of an import's NDJSON file (the format: ndjson.ts), on its own: its bytes as UTF-8 text, parsed, every
 * text's characters checked (core/text-characters.ts) and the admin API's own rules applied. What needs the whole
 * file or the database (keys and slugs unique in the file and not taken by a stored article, the site's languages)
 * is ndjson-lines.ts's. Pure and without Kysely: the import pool's workers run it for the check (import-worker.ts,
 * docs/decisions/0240-imports-check-on-the-workers.md), the writing thread for the write.
 */
import { isUtf8 } from "node:buffer";
import { z } from "zod";
import { slugify } from "#core/text.ts";
import { unacceptableTextIn } from "#core/text-characters.ts";
import { createArticleInput, versionInput } from "#core/admin/articles/schema.ts";
import type { VersionSource } from "./article-writes.ts";

export class ImportError extends Error {
  /** The offending line, null for a problem with the whole file. */
  readonly line: number | null;
  constructor(message: string, line: number | null) {
    super(message);
    this.name = "ImportError";
    this.line = line;
  }
}

const importedArticle = z
  .object({
    ...createArticleInput.shape,
    key: createArticleInput.shape.key.unwrap(),
    source: z.string({ error: "must be the short code of one of the article's versions" }).optional(),
    versions: z
      .record(z.string(), versionInput.extend({ upToDate: z.boolean({ error: "must be true or false" }).optional() }), {
        error: "must be an object of versions keyed by language short code",
      })
      .refine((versions) => Object.keys(versions).length > 0, { error: "must have at least one language" }),
  })
  .refine(
    (article) =>
      article.source === undefined ||
      Object.keys(article.versions).some((code) => code.toLowerCase() === article.source!.toLowerCase()),
    {
      error: "must be the short code of one of the line's versions",
      path: ["source"],
    },
  );

/**
 * A line's bytes as text, or null for a blank line. `isUtf8`, then toString: a quarter of the time of a fatal
 * TextDecoder, and JSON.parse reads the result faster (bench/README.md).
 */
export function decodeLine(number: number, bytes: Uint8Array): string | null {
  if (!isUtf8(bytes)) throw new ImportError(`line ${number}: is not UTF-8 text (is this a binary file?)`, number);
  if (bytes.includes(0))
    throw new ImportError(`line ${number}: contains a NUL character (is this a binary file?)`, number);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  return text.trim() === "" ? null : text;
}

/** An article as its line gives it, its versions keyed by the line's short codes, each with its slug (given or made from its title). */
export interface ArticleLine {
  line: number;
  key: string;
  author: string;
  cover: string | null;
  tags: string[];
  /** The source language's short code, as the line spells it. */
  source?: string;
  versions: [shortCode: string, version: VersionSource][];
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "(line)"}: ${issue.message}`).join("; ");
}

/** A line's article, parsed and checked on its own; throws ImportError naming the line and what is wrong. */
export function parseArticleLine(number: number, text: string): ArticleLine {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ImportError(
      `line ${number}: is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      number,
    );
  }
  // Every text of the line, before its rules: a NUL or a lone surrogate written as a JSON escape ("\u0000") would
  // otherwise be stored by SQLite and refused by PostgreSQL only when its batch is written.
  const unacceptable = unacceptableTextIn(json);
  if (unacceptable !== null)
    throw new ImportError(`line ${number}: ${unacceptable.path || "(line)"}: ${unacceptable.problem}`, number);
  const result = importedArticle.safeParse(json);
  if (!result.success) throw new ImportError(`line ${number}: ${describeIssues(result.error)}`, number);
  const article = result.data;
  return {
    line: number,
    key: article.key,
    author: article.author,
    cover: article.cover ?? null,
    tags: article.tags,
    ...(article.source !== undefined && { source: article.source }),
    versions: Object.entries(article.versions).map(([shortCode, version]) => [
      shortCode,
      {
        slug: version.slug || slugify(version.title),
        title: version.title,
        summary: version.summary,
        body: version.body,
        coverAlt: version.coverAlt,
        status: version.status,
        ...(version.upToDate !== undefined && { upToDate: version.upToDate }),
      },
    ]),
  };
}

/** What the whole file's checks need of a line (ndjson-lines.ts): its key, its source language and its versions' slugs. */
export interface LineKeys {
  line: number;
  key: string;
  source?: string;
  slugs: [shortCode: string, slug: string][];
}

export function keysOf(article: ArticleLine): LineKeys {
  return {
    line: article.line,
    key: article.key,
    ...(article.source !== undefined && { source: article.source }),
    slugs: article.versions.map(([shortCode, version]) => [shortCode, version.slug]),
  };
}
