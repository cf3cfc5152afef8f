/**
 * markdown-it plugin: an image whose address is a library reference
 * (`![](media:42)`) becomes a <picture> with AVIF and WebP sources, the
 * fallback, its intrinsic width and height (no layout shift) and lazy
 * loading — body images sit below the title, so below the fold. The caller
 * hands the renditions it looked up in `env.media`; an unknown id draws nothing.
 */
import type MarkdownIt from "markdown-it";
import { altTextFor, ARTICLE_IMAGE_SIZES, mediaIdOf, srcset, type MediaRendition } from "./media-rules.ts";

export interface MediaRenderEnv {
  media?: Record<number, MediaRendition>;
  /** The language of the text: picks the library's alt text. */
  language?: string;
}

export function pictureHtml(rendition: MediaRendition, alt: string, escape: (text: string) => string): string {
  return (
    `<picture>` +
    `<source type="image/avif" srcset="${escape(srcset(rendition.avif))}" sizes="${ARTICLE_IMAGE_SIZES}">` +
    `<source type="image/webp" srcset="${escape(srcset(rendition.webp))}" sizes="${ARTICLE_IMAGE_SIZES}">` +
    `<img src="${escape(rendition.fallback.url)}" alt="${escape(alt)}" width="${rendition.width}" height="${rendition.height}" loading="lazy" decoding="async">` +
    `</picture>`
  );
}

export const mediaImages = (markdown: InstanceType<typeof MarkdownIt>): void => {
  const defaultImage = markdown.renderer.rules.image!;
  markdown.renderer.rules.image = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    const id = mediaIdOf(String(token.attrGet("src") ?? ""));
    if (id === null) return defaultImage(tokens, index, options, env, self);
    const { media, language = "" } = (env ?? {}) as MediaRenderEnv;
    const rendition = media?.[id];
    if (!rendition) return "";
    const typed = self.renderInlineAsText(token.children ?? [], options, env);
    return pictureHtml(rendition, altTextFor(rendition, language, typed), markdown.utils.escapeHtml);
  };
};
