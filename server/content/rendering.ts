/**
 * Markdown is rendered when a version is saved and stored with it, with the
 * renderer's version: when the renderer changes (new markdown-it options, new
 * rules), bump RENDERER_VERSION and rows are re-rendered lazily on their next
 * read, never all at start-up (docs/decisions/0030-content-on-demand.md).
 */
import { readingMinutes, renderMarkdown } from "#core/markdown.ts";

export const RENDERER_VERSION = 1;

export interface RenderedVersion {
  html: string;
  renderer_version: number;
  reading_minutes: number;
}

export function renderVersion(body: string): RenderedVersion {
  return { html: renderMarkdown(body), renderer_version: RENDERER_VERSION, reading_minutes: readingMinutes(body) };
}

export function isCurrentRender(row: { html: string | null; renderer_version: number }): row is { html: string; renderer_version: number } {
  return row.html !== null && row.renderer_version === RENDERER_VERSION;
}
