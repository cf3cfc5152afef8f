/**
 * Per-page head tags in the page's language (React 19 hoists them into <head>): title, description,
 * canonical and hreflang links, Open Graph and Twitter card tags, and the page's structured data
 * (docs/decisions/0161-structured-data-and-link-previews.md).
 */
import { openGraphLocale, SOCIAL_IMAGE } from "#core/open-graph.ts";
import { homePath } from "#core/paths.ts";
import { breadcrumbList, jsonLdText, type Crumb } from "#core/structured-data.ts";
import { useShell } from "#app/lib/use-shell.ts";

export interface SeoProps {
  title: string;
  description: string;
  canonicalPath: string;
  alternates?: { hrefLang: string; path: string }[];
  /** A 1200×630 JPEG made for link previews (socialImagePath) and its text alternative. */
  image?: { path: string; alt: string } | null;
  /** An article's dates and tags, as `article:*` tags. */
  article?: { publishedAt: string | null; updatedAt: string; tags: readonly string[] };
  /** schema.org objects (core/structured-data.ts), one `application/ld+json` block each. */
  structuredData?: readonly object[];
}

export function Seo({
  title,
  description,
  canonicalPath,
  alternates = [],
  image,
  article,
  structuredData = [],
}: SeoProps) {
  const shell = useShell();
  const absolute = (path: string) => `${shell.publicUrl}${path}`;
  const fullTitle = title === shell.t("SITE:TITLE") ? title : `${title} · ${shell.t("SITE:TITLE")}`;
  const locale = openGraphLocale(shell.language.code);
  // The languages this page also exists in: its hreflang alternates less x-default and its own.
  const otherLocales = alternates.flatMap((alternate) => {
    const other =
      alternate.hrefLang === "x-default" || alternate.hrefLang === shell.language.code
        ? null
        : openGraphLocale(alternate.hrefLang);
    return other === null || other === locale ? [] : [other];
  });
  const imageAlt = image ? image.alt || title : "";
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={absolute(canonicalPath)} />
      {alternates.map((alternate) => (
        <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={absolute(alternate.path)} />
      ))}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={article ? "article" : "website"} />
      <meta property="og:url" content={absolute(canonicalPath)} />
      <meta property="og:site_name" content={shell.t("SITE:TITLE")} />
      {locale !== null && <meta property="og:locale" content={locale} />}
      {[...new Set(otherLocales)].map((other) => (
        <meta key={other} property="og:locale:alternate" content={other} />
      ))}
      {image && (
        <>
          <meta property="og:image" content={absolute(image.path)} />
          <meta property="og:image:type" content={SOCIAL_IMAGE.type} />
          <meta property="og:image:width" content={String(SOCIAL_IMAGE.width)} />
          <meta property="og:image:height" content={String(SOCIAL_IMAGE.height)} />
          <meta property="og:image:alt" content={imageAlt} />
        </>
      )}
      {article && (
        <>
          {article.publishedAt !== null && <meta property="article:published_time" content={article.publishedAt} />}
          <meta property="article:modified_time" content={article.updatedAt} />
          {article.tags.map((tag) => (
            <meta key={tag} property="article:tag" content={tag} />
          ))}
        </>
      )}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image && (
        <>
          <meta name="twitter:image" content={absolute(image.path)} />
          <meta name="twitter:image:alt" content={imageAlt} />
        </>
      )}
      {structuredData.map((data, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
      ))}
    </>
  );
}

/** The page's breadcrumb trail as structured data: the home page, then `crumbs` (this page last). */
export function useBreadcrumbs(crumbs: readonly Crumb[]): object {
  const { publicUrl, language, t } = useShell();
  return breadcrumbList(publicUrl, [{ name: t("NAV:HOME"), path: homePath(language) }, ...crumbs]);
}
