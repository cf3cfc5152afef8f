/** /sitemap.xml (every public URL in every language, with hreflang alternates) and /robots.txt. */
import { articleListView, enabledLanguages, homeView, jobsDirectoryView, articleView, jobView, type Alternate } from "./public-pages.ts";
import type { Snapshot } from "./snapshot.ts";

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

function urlEntry(publicUrl: string, path: string, alternates: Alternate[], lastModified?: string): string {
  const links = [...alternates, ...(alternates.length > 0 ? [{ hrefLang: "x-default", path: "/" }] : [])]
    .map((alternate) => `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hrefLang)}" href="${escapeXml(publicUrl + alternate.path)}"/>`)
    .join("");
  const modified = lastModified ? `<lastmod>${lastModified.slice(0, 10)}</lastmod>` : "";
  return `<url><loc>${escapeXml(publicUrl + path)}</loc>${modified}${links}</url>`;
}

export function sitemapXml(snapshot: Snapshot, publicUrl: string): string {
  const entries: string[] = [];
  for (const language of enabledLanguages(snapshot)) {
    const home = homeView(snapshot, language);
    entries.push(urlEntry(publicUrl, home.seo.canonicalPath, home.seo.alternates));
    const articles = articleListView(snapshot, language, 1);
    if (articles && home.articlesPath) entries.push(urlEntry(publicUrl, articles.seo.canonicalPath, articles.seo.alternates));
    if (home.jobsPath) {
      const jobs = jobsDirectoryView(snapshot, language, "", null);
      if (jobs) entries.push(urlEntry(publicUrl, jobs.seo.canonicalPath, jobs.seo.alternates));
    }
    for (const article of snapshot.articles) {
      const view = articleView(snapshot, language, String(article.id));
      if (view) entries.push(urlEntry(publicUrl, view.seo.canonicalPath, view.seo.alternates, view.article.updatedAt));
    }
    if (home.jobsPath) {
      for (const job of snapshot.jobs) {
        const view = jobView(snapshot, language, job.code);
        if (view) entries.push(urlEntry(publicUrl, view.seo.canonicalPath, view.seo.alternates));
      }
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /auth/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
