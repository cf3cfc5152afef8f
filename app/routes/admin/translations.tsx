/**
 * /admin/translations (docs/product.md §4, §7): the key × language grid. Missing
 * cells are highlighted and named "missing"; each language shows how complete
 * it is; a cell opens an inline editor (Enter or click; Escape cancels).
 * HOME is the language's welcome: read-only here, edited on the Languages screen.
 * A translator sees the source (favorite) language and their own, and edits
 * only their own (decision 0072).
 */
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { translationsView, translationsViewAsReadBy } from "#server/admin/translations/service.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { SaveStatus, useSaveFeedback } from "#app/components/admin/feedback.tsx";
import { useFocusReturn } from "#app/components/admin/focus-return.ts";
import { AddKeyForm } from "#app/components/admin/translations/add-key-form.tsx";
import { CompletenessPanel } from "#app/components/admin/translations/completeness-panel.tsx";
import { ExchangePanel } from "#app/components/admin/translations/exchange-panel.tsx";
import { GridTools, useGridFilters } from "#app/components/admin/translations/grid-filters.tsx";
import { AdminPager } from "#app/components/admin/pager.tsx";
import { TranslationsGrid } from "#app/components/admin/translations/translations-grid.tsx";
import { useMay } from "#app/lib/admin-grant.ts";
import { servicesContext } from "#server/content/context.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import "#app/styles/admin-grid.css";
import "#app/styles/admin-workbench.css";
import type { Route } from "./+types/translations";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireScreen(context);
  return translationsViewAsReadBy(user, await translationsView(context.get(servicesContext)));
}

const GRID_ID = "translations-grid";

export default function AdminTranslations({ loaderData }: Route.ComponentProps) {
  const may = useMay();
  const mayTranslate = (code: string) => may("translate", code);
  const translatable = loaderData.languages.filter((language) => mayTranslate(language.code));
  const languages = loaderData.languages.filter((language) => language.favorite || mayTranslate(language.code));
  const { keys, completeness } = loaderData;
  const revalidator = useRevalidator();
  const feedback = useSaveFeedback();
  const filters = useGridFilters(languages, keys);
  const [editing, setEditing] = useState<string | null>(null);
  const focus = useFocusReturn<string>();
  const favorite = languages.find((language) => language.favorite) ?? languages[0];
  const { t } = useAdminText();

  function closeEditor(id: string, saved: string | null) {
    setEditing(null);
    if (saved) {
      feedback.success(saved);
      void revalidator.revalidate();
    }
    focus.returnTo(id);
  }

  return (
    <div className="admin-page">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.translations") })}</title>
      <h1>{t("admin.nav.translations")}</h1>
      <p className="admin-page__intro">
        {t("admin.translations.intro")}{" "}
        {may("languages.manage") ? (
          <Link to="/admin/languages">{t("admin.translations.intro_link")}</Link>
        ) : (
          t("admin.translations.intro_link")
        )}
      </p>
      <SaveStatus feedback={feedback} />

      <CompletenessPanel languages={languages} completeness={completeness} />
      <GridTools filters={filters} total={keys.length} />
      <TranslationsGrid
        columns={filters.columns}
        rows={filters.pageRows}
        completeness={completeness}
        editing={editing}
        onEdit={setEditing}
        onEditorClose={closeEditor}
        id={GRID_ID}
        registerCell={focus.register}
        mayEdit={mayTranslate}
      />
      <AdminPager
        window={filters.window}
        label={t("admin.translations.pages")}
        onPage={(page) => {
          filters.setPage(page);
          // The grid, not the page's end, is where the next page is read from (its Next button may be gone).
          document.getElementById(GRID_ID)?.focus();
        }}
      />

      {favorite && may("content.manage") && (
        <section className="admin-panel" aria-labelledby="add-key">
          <h2 id="add-key">{t("admin.translations.add_key")}</h2>
          <AddKeyForm
            favorite={favorite}
            onAdded={(key) => {
              feedback.success(t("admin.translations.added", { key }));
              filters.setQuery(key);
              filters.setMissingOnly(false);
              void revalidator.revalidate();
            }}
          />
        </section>
      )}

      <ExchangePanel
        languages={translatable}
        onImported={(message) => {
          feedback.success(message);
          void revalidator.revalidate();
        }}
      />
    </div>
  );
}
