import { data, redirect } from "react-router";
import { articleView, findEnabledLanguage, jobView, resolveSection } from "#server/content/public-pages.ts";
import { ArticlePage } from "#app/components/pages/article-page.tsx";
import { JobPage } from "#app/components/pages/job-page.tsx";
import { servicesContext } from "#server/context.ts";
import type { Route } from "./+types/item";

/** /{lang}/{page}/{pageId}/{pageSlug}: one article or job; a missing or outdated slug 301s to the canonical URL. */
export function loader({ params, context }: Route.LoaderArgs) {
  const snapshot = context.get(servicesContext).content.current();
  const language = findEnabledLanguage(snapshot, params.lang);
  const section = language && resolveSection(snapshot, language, params.page);
  const view =
    language && section === "ARTICLES"
      ? articleView(snapshot, language, params.pageId)
      : language && section === "JOBS"
        ? jobView(snapshot, language, params.pageId)
        : null;
  if (!view) throw data(null, { status: 404 });
  if (params.pageSlug?.toLowerCase() !== view.slug) throw redirect(view.seo.canonicalPath, 301);
  return view;
}

export default function ItemRoute({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "article" ? <ArticlePage view={loaderData} /> : <JobPage view={loaderData} />;
}
