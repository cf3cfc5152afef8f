/** Per-page head tags in the page's language; React 19 hoists them into <head>. */
import { useShell } from "#app/lib/use-shell.ts";

export interface SeoProps {
  title: string;
  description: string;
  canonicalPath: string;
  alternates?: { hrefLang: string; path: string }[];
  image?: string | null;
  type?: "website" | "article";
}

export function Seo({ title, description, canonicalPath, alternates = [], image, type = "website" }: SeoProps) {
  const shell = useShell();
  const absolute = (path: string) => `${shell.publicUrl}${path}`;
  const fullTitle = title === shell.t("SITE:TITLE") ? title : `${title} · ${shell.t("SITE:TITLE")}`;
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
      <meta property="og:type" content={type} />
      <meta property="og:url" content={absolute(canonicalPath)} />
      <meta property="og:site_name" content={shell.t("SITE:TITLE")} />
      <meta property="og:locale" content={shell.language.code.replace("-", "_")} />
      {image && <meta property="og:image" content={absolute(image)} />}
    </>
  );
}
