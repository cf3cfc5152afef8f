import { data, redirect } from "react-router";
import { articleView } from "#server/content/article-page.ts";
import { jobView } from "#server/content/job-pages.ts";
import { findEnabledLanguage, resolveSection } from "#server/content/public-sections.ts";
import { parseTagCursor, tagView } from "#server/content/tag-pages.ts";
import { ARTICLE_BODY_ID, ArticlePage } from "#app/components/pages/article-page.tsx";
import { forLoaderData } from "#server/content/context.ts";
import { JobPage } from "#app/components/pages/job-page.tsx";
import { TagPage } from "#app/components/pages/tag-page.tsx";
import { parsePageParam } from "#core/pagination.ts";
import { pageReads, readsQuery } from "#server/content/page-reads.ts";
import type { Route } from "./+types/item";

/** /{lang}/{page}/{pageId}/{pageSlug}: one article or job, or a tag's page; a missing or outdated slug 301s to the canonical URL. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const reads = pageReads(context);
  const language = findEnabledLanguage(reads.resident, params.lang);
  const section = language && resolveSection(reads.resident, language, params.page);
  readsQuery(context, section === "JOBS" ? ["page"] : section === "TAGS" ? ["after"] : []);
  let view;
  if (language && section === "ARTICLES") view = await articleView(reads, language, params.pageId);
  else if (language && section === "JOBS") {
    // A job page pages through its related articles.
    const page = parsePageParam(new URL(request.url).searchParams.get("page"));
    if (!page.ok) throw data({ field: "page", message: page.reason }, { status: 400 });
    view = await jobView(reads, language, params.pageId, page.page);
  } else if (language && section === "TAGS") {
    const cursor = parseTagCursor(new URL(request.url).searchParams.get("after"));
    if (!cursor.ok) throw data({ field: "after", message: "must be a cursor from an “older articles” link" }, { status: 400 });
    view = await tagView(reads, language, params.pageId, cursor.after);
  }
  if (!view) throw data(null, { status: 404 });
  if (view.kind === "elsewhere") throw data(view, { status: 404 });
  if (view.kind === "moved") throw redirect(view.path, 301);
  if (params.pageSlug?.toLowerCase() !== view.slug) throw redirect(view.seo.canonicalPath, 301);
  if (view.kind === "article" && view.article.html !== null) return { ...view, article: { ...view.article, html: forLoaderData(context, ARTICLE_BODY_ID, view.article.html) } };
  return view;
}

export default function ItemRoute({ loaderData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case "article":
      return <ArticlePage view={loaderData} />;
    case "job":
      return <JobPage view={loaderData} />;
    case "tag":
      return <TagPage view={loaderData} />;
  }
}
