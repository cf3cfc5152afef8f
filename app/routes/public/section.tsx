import { data } from "react-router";
import { jobsDirectoryView } from "#server/content/job-pages.ts";
import { articleListView, homeView } from "#server/content/list-pages.ts";
import { findEnabledLanguage, resolveSection } from "#server/content/public-sections.ts";
import { searchView } from "#server/content/search-page.ts";
import { tagsIndexView } from "#server/content/tag-pages.ts";
import { ArticleListPage } from "#app/components/pages/article-list-page.tsx";
import { HomePage } from "#app/components/pages/home-page.tsx";
import { JobsDirectoryPage } from "#app/components/pages/jobs-directory-page.tsx";
import { SearchPage } from "#app/components/pages/search-page.tsx";
import { TagsIndexPage } from "#app/components/pages/tags-index-page.tsx";
import { pageReads, readsQuery } from "#server/content/page-reads.ts";
import { translatorFor } from "#server/content/shell.ts";
import { parsePageParam } from "#core/pagination.ts";
import { SEARCH_QUERY_MAX_LENGTH } from "#core/text.ts";
import type { SectionKey } from "#core/types.ts";
import type { Route } from "./+types/section";

/** The query parameters each section reads (the page cache keys on these only). */
const QUERY_READ: Record<SectionKey, string[]> = { HOME: [], ARTICLES: ["page"], JOBS: ["q", "domain"], SEARCH: ["q", "page"], TAGS: [] };

/** /{lang}/{page}: the home page or a section, resolved welcome → label → search. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const reads = pageReads(context);
  const language = findEnabledLanguage(reads.resident, params.lang);
  const section = language && resolveSection(reads.resident, language, params.page);
  readsQuery(context, QUERY_READ[section ?? "HOME"]);
  if (!language || !section) throw data(null, { status: 404 });
  const url = new URL(request.url);
  switch (section) {
    case "HOME":
      return homeView(reads, language);
    case "ARTICLES": {
      const page = parsePageParam(url.searchParams.get("page"));
      if (!page.ok) throw data({ field: "page", message: page.reason }, { status: 400 });
      const view = await articleListView(reads, language, page.page);
      if (!view) throw data(null, { status: 404 });
      return view;
    }
    case "JOBS": {
      const query = (url.searchParams.get("q") ?? "").trim();
      if (query.length > SEARCH_QUERY_MAX_LENGTH) {
        throw data({ field: "q", message: `must be at most ${SEARCH_QUERY_MAX_LENGTH} characters` }, { status: 400 });
      }
      const domain = url.searchParams.get("domain");
      if (domain !== null && !/^[a-z]$/i.test(domain)) throw data({ field: "domain", message: "must be one domaine letter (A–N)" }, { status: 400 });
      const view = jobsDirectoryView(reads.resident, language, query, domain, translatorFor(reads.resident, language.code), (shows) => reads.dependsOn(shows));
      if (!view) throw data(null, { status: 404 });
      return view;
    }
    case "SEARCH": {
      // Whatever was typed gets the search page; only a malformed page number is refused.
      const page = parsePageParam(url.searchParams.get("page"));
      if (!page.ok) throw data({ field: "page", message: page.reason }, { status: 400 });
      const view = await searchView(reads, language, url.searchParams.get("q") ?? "", page.page);
      if (!view) throw data(null, { status: 404 });
      return view;
    }
    case "TAGS": {
      const view = await tagsIndexView(reads, language);
      if (!view) throw data(null, { status: 404 });
      return view;
    }
  }
}

export default function SectionRoute({ loaderData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case "home":
      return <HomePage view={loaderData} />;
    case "articles":
      return <ArticleListPage view={loaderData} />;
    case "jobs":
      return <JobsDirectoryPage view={loaderData} />;
    case "search":
      return <SearchPage view={loaderData} />;
    case "tags":
      return <TagsIndexPage view={loaderData} />;
  }
}
