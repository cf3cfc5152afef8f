/** A version's Markdown turned into what is stored with it; a module of its own so that a worker thread loads only the renderer. */
import type { MediaRenderEnv } from "#core/markdown-media.ts";
import { readingMinutes, renderMarkdown } from "#core/markdown.ts";

export interface RenderedBody {
  html: string;
  reading_minutes: number;
}

export function renderBody({ body, media }: { body: string; media: MediaRenderEnv }): RenderedBody {
  return { html: renderMarkdown(body, media), reading_minutes: readingMinutes(body) };
}
