/**
 * Markdown is rendered when a version is saved and stored with it, with the
 * renderer's version: when the renderer changes (new markdown-it options, new
 * rules), bump RENDERER_VERSION and rows are re-rendered lazily on their next
 * read, never all at start-up (docs/decisions/0030-content-on-demand.md).
 * Library images (`![](media:42)`) are drawn from the media rows the body
 * names, looked up at render time; a change to one of them (its alt text)
 * marks exactly the versions drawing it stale (STALE_RENDER), re-rendered on their next read.
 */
import type { Kysely, Transaction } from "kysely";
import { markdownText, readingMinutes, renderMarkdown } from "#core/markdown.ts";
import type { MediaRenderEnv } from "#core/markdown-media.ts";
import { mediaImagesIn, type MediaRendition } from "#core/media-rules.ts";
import type { DialectName } from "#server/db/connect.ts";
import type { IndexForm } from "#server/db/full-text-form.ts";
import { bodyFingerprint } from "#server/search/body-fingerprint.ts";
import { indexForm } from "#server/search/index-form.ts";
import type { Database } from "#server/db/schema.ts";
import { loadRenditions } from "#server/media/renditions.ts";
import { AppError, unprocessable } from "#core/errors.ts";
import { OFF_THREAD_BODY_CHARS, runOffThreadForRequest } from "#server/untrusted/off-thread.ts";
import { renderBody, type RenderedBody } from "./render-body.ts";

/** 2: library images drawn as <picture> (media:ID); 3: table cells' text isolated in <bdi> (issue 44). */
export const RENDERER_VERSION = 3;
/** A renderer version no renderer has: the stored HTML must be rendered again. */
export const STALE_RENDER = 0;

export interface RenderedVersion {
  html: string;
  renderer_version: number;
  reading_minutes: number;
}

/** `media` holds the library images the body shows and the version's language (their alt text). */
export function renderVersion(body: string, media: MediaRenderEnv = {}): RenderedVersion {
  return { ...renderBody({ body, media }), renderer_version: RENDERER_VERSION };
}

async function renderOffThread(body: string, media: MediaRenderEnv): Promise<RenderedVersion> {
  const rendered = await runOffThreadForRequest<{ body: string; media: MediaRenderEnv }, RenderedBody>(
    "render the Markdown",
    "#server/content/render-body.ts",
    "renderBody",
    {
      body,
      media,
    },
  );
  if (!rendered.ok) throw unprocessable("invalid_field", `body: ${rendered.message} Simplify it.`, "body");
  return { ...rendered.value, renderer_version: RENDERER_VERSION };
}

/** A version rendered by the search catch-up: its stored rendering, and its body's fingerprint and words' index form for its search entry. */
export interface IndexedRendering {
  version: RenderedVersion;
  fingerprint: string;
  indexed: IndexForm;
}

/** A version to render for the search index: its body, its language (library images' alt text, search terms), its title and summary (search terms). */
export interface IndexJob {
  body: string;
  language: string;
  title: string;
  summary: string;
}

/** Renders versions for the database `dialect`'s search index; `media` holds the library images they show. */
export function renderForIndex(
  jobs: readonly IndexJob[],
  media: Record<number, MediaRendition>,
  dialect: DialectName,
): IndexedRendering[] {
  return jobs.map((job) => {
    const html = renderMarkdown(job.body, { media, language: job.language });
    return {
      version: { html, renderer_version: RENDERER_VERSION, reading_minutes: readingMinutes(job.body) },
      fingerprint: bodyFingerprint(job.body),
      indexed: indexForm(
        dialect,
        { title: job.title, summary: job.summary, body_text: markdownText(job.body) },
        job.language,
      ),
    };
  });
}

/**
 * A version a bulk import stores unrendered and indexed (decision 0226): the page that first shows it renders it
 * (decision 0139). Its reading time is stored at once: lists show it.
 */
export interface UnrenderedVersion {
  html: null;
  renderer_version: number;
  reading_minutes: number;
}

export function unrenderedVersion(readingMinutes: number): UnrenderedVersion {
  return { html: null, renderer_version: STALE_RENDER, reading_minutes: readingMinutes };
}

/**
 * Renders a version in `language`, looking up only the library images its body shows (no query when it shows none).
 * A long body renders on a worker thread (decision 0142), whoever asks: a person's save, or the page that first shows
 * an imported version or one whose stored rendering went stale (hostile Markdown costs the parser up to about 1 s).
 * `forPage`: a visitor's page waits for it; when the thread's line is full (a burst of such first renders) it is
 * rendered here rather than the page failing, where a save is refused with 503.
 */
export async function renderVersionFrom(
  db: Kysely<Database> | Transaction<Database>,
  body: string,
  language: string,
  { forPage = false } = {},
): Promise<RenderedVersion> {
  const media = await loadRenditions(
    db,
    mediaImagesIn(body).map((image) => image.id),
  );
  if (body.length <= OFF_THREAD_BODY_CHARS) return renderVersion(body, { media, language });
  try {
    return await renderOffThread(body, { media, language });
  } catch (error) {
    if (forPage && error instanceof AppError && error.code === "busy") return renderVersion(body, { media, language });
    throw error;
  }
}

export function isCurrentRender(row: {
  html: string | null;
  renderer_version: number;
}): row is { html: string; renderer_version: number } {
  return row.html !== null && row.renderer_version === RENDERER_VERSION;
}
