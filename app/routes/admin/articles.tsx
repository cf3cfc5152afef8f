/**
 * /admin/articles (docs/product.md §5, §7): articles with their translation status in
 * every shown language (issue 10), filtered by language and status through a plain
 * GET form, a page at a time by keyset ("Next page" carries the cursor).
 */
import { data, Form, Link, useNavigation } from "react-router";
import { listArticlesQuery, type AdminArticleSummary } from "#core/admin/articles/schema.ts";
import type { TranslationStatus } from "#core/translation-status.ts";
import { listArticles } from "#server/admin/articles/reads.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { routeRefusal } from "#server/http/errors.ts";
import { parseQuery } from "#server/http/query.ts";
import { TableRegion } from "#app/components/admin/table-region.tsx";
import { servicesContext } from "#server/content/context.ts";
import "#app/styles/admin-grid.css";
import "#app/styles/admin-articles.css";
import { useMay } from "#app/lib/admin-grant.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import type { Route } from "./+types/articles";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireScreen(context);
  const services = context.get(servicesContext);
  const parsed = parseQuery(listArticlesQuery, new URL(request.url).searchParams);
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  // An unknown language in the address: the same 400 the API gives.
  const { articles, next } = await listArticles(services, parsed.value, user).catch(routeRefusal);
  const languages = services.content
    .current()
    .languages.map(({ code, label, dir, enabled, favorite }) => ({ code, label, dir, enabled, favorite }));
  const filter = { language: parsed.value.language ?? "", status: parsed.value.status ?? "" };
  const nextPath = next === null ? null : `/admin/articles?${new URLSearchParams({ ...filter, after: next })}`;
  return { articles, languages, filter, nextPath, paged: parsed.value.after !== undefined };
}

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const { articles, languages, filter, nextPath, paged } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/articles";
  const languageOf = (code: string) => languages.find((language) => language.code === code);
  const favorite = languages.find((language) => language.favorite)?.code;
  const may = useMay();
  const mayManage = may("content.manage");
  const { t, day } = useAdminText();

  /** The title to show: the filtered language's, else the favorite language's, else the first. */
  const headline = (article: AdminArticleSummary) =>
    article.versions.find((version) => version.code === filter.language) ??
    article.versions.find((version) => version.code === favorite) ??
    article.versions[0];

  /** One chip per shown language (Missing where there is no version), then versions in hidden languages; the source says so. */
  const statusChips = (article: AdminArticleSummary) => {
    // A translator's chips: their languages and the source, the only versions they are sent (decision 0147).
    const codes = [
      ...languages
        .filter(
          (language) => language.enabled && (may("read", language.code) || language.code === article.sourceLanguage),
        )
        .map((language) => language.code),
    ];
    for (const version of article.versions) if (!codes.includes(version.code)) codes.push(version.code);
    return codes.map((code) => {
      const version = article.versions.find((candidate) => candidate.code === code);
      const kind: TranslationStatus | "source" =
        code === article.sourceLanguage ? "source" : (version?.translation ?? "missing");
      const text =
        kind === "source"
          ? t(version?.status === "draft" ? "admin.articles.source_draft" : "admin.articles.source")
          : t(`admin.status_label.${kind}`);
      // Pending changes beside a live text (decision 0150): said in words, for an editor to open and review.
      return { code, kind, text, pending: version?.pendingChanges === true };
    });
  };

  const filtered = filter.language !== "" || filter.status !== "";
  return (
    <div className="admin-page articles-page">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.articles") })}</title>
      <div className="articles-page__head">
        <h1>{t("admin.nav.articles")}</h1>
        {mayManage && (
          <Link className="button" to="/admin/articles/new">
            {t("admin.nav.article_new")}
          </Link>
        )}
      </div>
      <p className="admin-page__intro">{t("admin.articles.intro")}</p>

      <Form method="get" className="articles-filter" aria-label={t("admin.articles.filter_form")}>
        <div className="admin-field">
          <label htmlFor="filter-language">{t("admin.common.language")}</label>
          <select id="filter-language" name="language" defaultValue={filter.language}>
            <option value="">{t("admin.common.all_languages")}</option>
            {languages
              .filter((language) => may("read", language.code))
              .map((language) => (
                <option key={language.code} value={language.code}>
                  {language.enabled
                    ? t("admin.common.language_option", { label: language.label, code: language.code })
                    : t("admin.common.hidden_option", {
                        name: t("admin.common.language_option", { label: language.label, code: language.code }),
                      })}
                </option>
              ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="filter-status">{t("admin.common.status")}</label>
          <select id="filter-status" name="status" defaultValue={filter.status}>
            <option value="">{t("admin.articles.any_status")}</option>
            <option value="published">{t("admin.status_label.published")}</option>
            <option value="pending">{t("admin.status_label.pending")}</option>
            {(["draft", "current", "outdated", "missing"] as const).map((status) => (
              <option key={status} value={status}>
                {status === "missing"
                  ? t("admin.articles.needs_language", { status: t("admin.status_label.missing") })
                  : t(`admin.status_label.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          {t("admin.common.filter")}
        </button>
        {filtered && <Link to="/admin/articles">{t("admin.common.clear_filters")}</Link>}
      </Form>

      <TableRegion captionId="articles-caption">
        <table className="admin-table articles-table" aria-busy={loading || undefined}>
          <caption id="articles-caption">
            {paged || nextPath
              ? t("admin.articles.on_this_page", {
                  caption: t(filtered ? "admin.articles.caption_filtered" : "admin.articles.caption", {
                    count: articles.length,
                  }),
                })
              : t(filtered ? "admin.articles.caption_filtered" : "admin.articles.caption", { count: articles.length })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("admin.articles.col_title")}</th>
              <th scope="col">{t("admin.articles.col_translations")}</th>
              <th scope="col">{t("admin.articles.col_author")}</th>
              <th scope="col">{t("admin.articles.col_changed")}</th>
            </tr>
          </thead>
          <tbody>
            {articles.length === 0 && (
              <tr>
                <td colSpan={4} className="articles-table__empty">
                  {t("admin.articles.none")}
                  {mayManage && (
                    <>
                      {" "}
                      <Link to="/admin/articles/new">{t("admin.articles.write_one")}</Link>
                    </>
                  )}
                </td>
              </tr>
            )}
            {articles.map((article) => {
              const shown = headline(article);
              const language = shown && languageOf(shown.code);
              // Listed as missing in a language: the title opens that language's new translation, not the version shown;
              // listed for pending changes: the version that has them.
              const pending = article.versions.find(
                (version) => version.pendingChanges && (filter.language === "" || version.code === filter.language),
              );
              const opened =
                filter.status === "missing"
                  ? filter.language
                  : filter.status === "pending" && pending
                    ? pending.code
                    : shown?.code;
              const editPath = `/admin/articles/${article.id}${opened ? `?language=${encodeURIComponent(opened)}` : ""}`;
              return (
                <tr key={article.id}>
                  <th scope="row">
                    <Link to={editPath} lang={shown?.code} dir={language?.dir}>
                      {shown?.title ?? t("admin.articles.untitled_key", { key: article.key })}
                    </Link>
                    <span className="articles-table__key">{article.key}</span>
                  </th>
                  <td>
                    <ul className="version-chips">
                      {statusChips(article).map((chip) => (
                        <li key={chip.code}>
                          <Link
                            to={`/admin/articles/${article.id}?language=${encodeURIComponent(chip.code)}`}
                            className="version-chip"
                            title={t(chip.pending ? "admin.articles.chip_title_pending" : "admin.articles.chip_title", {
                              language: languageOf(chip.code)?.label ?? chip.code,
                              status: chip.text,
                            })}
                          >
                            {chip.code}
                            <span className={`version-chip__status version-chip__status--${chip.kind}`}>
                              {chip.text}
                            </span>
                            {chip.pending && (
                              <span className="version-chip__status version-chip__status--pending">
                                {t("admin.status_label.pending")}
                              </span>
                            )}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td dir="auto">{article.author}</td>
                  <td>
                    <time dateTime={article.updatedAt}>{day(article.updatedAt)}</time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableRegion>
      {(paged || nextPath) && (
        <nav className="articles-pages" aria-label={t("admin.articles.pages")}>
          {paged && <Link to={`/admin/articles?${new URLSearchParams(filter)}`}>{t("admin.common.first_page")}</Link>}
          {nextPath && (
            <Link to={nextPath} rel="next">
              {t("admin.common.next_page")}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
