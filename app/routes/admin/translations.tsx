/**
 * /admin/translations (PRODUCT.md §4, §7): the key × language grid. Missing
 * cells are highlighted and named "missing"; each language shows how complete
 * it is; a cell opens an inline editor (Enter or click; Escape cancels).
 * HOME is the language's welcome: read-only here, edited on the Languages screen.
 */
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { translationsView } from "#server/admin/translations/service.ts";
import { requireAdmin } from "#server/auth/guard.ts";
import { SaveStatus, useSaveFeedback } from "#app/components/admin/feedback.tsx";
import { useFocusReturn } from "#app/components/admin/focus-return.ts";
import { AddKeyForm } from "#app/components/admin/translations/add-key-form.tsx";
import { CompletenessPanel } from "#app/components/admin/translations/completeness-panel.tsx";
import { ExchangePanel } from "#app/components/admin/translations/exchange-panel.tsx";
import { GridTools, useGridFilters } from "#app/components/admin/translations/grid-filters.tsx";
import { TranslationsGrid } from "#app/components/admin/translations/translations-grid.tsx";
import { requestContext, servicesContext } from "#server/context.ts";
import "#app/styles/admin-grid.css";
import type { Route } from "./+types/translations";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context.get(requestContext).user);
  return translationsView(context.get(servicesContext));
}

export default function AdminTranslations({ loaderData }: Route.ComponentProps) {
  const { languages, keys, completeness } = loaderData;
  const revalidator = useRevalidator();
  const feedback = useSaveFeedback();
  const filters = useGridFilters(languages, keys);
  const [editing, setEditing] = useState<string | null>(null);
  const focus = useFocusReturn<string>();
  const favorite = languages.find((language) => language.favorite) ?? languages[0];

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
      <title>Translations · Admin · Polyglot Press</title>
      <h1>Translations</h1>
      <p className="admin-page__intro">
        Every text of the public site, per language. A missing translation shows its key to visitors. ARTICLES and JOBS are page addresses; HOME is each
        language's home page, changed on the <Link to="/admin/languages">Languages</Link> screen.
      </p>
      <SaveStatus feedback={feedback} />

      <CompletenessPanel languages={languages} completeness={completeness} />
      <GridTools filters={filters} total={keys.length} />
      <TranslationsGrid
        columns={filters.columns}
        rows={filters.rows}
        completeness={completeness}
        editing={editing}
        onEdit={setEditing}
        onEditorClose={closeEditor}
        registerCell={focus.register}
      />

      {favorite && (
        <section className="admin-panel" aria-labelledby="add-key">
          <h2 id="add-key">Add a key</h2>
          <AddKeyForm
            favorite={favorite}
            onAdded={(key) => {
              feedback.success(`Added ${key}; translate it in the other languages.`);
              filters.setQuery(key);
              filters.setMissingOnly(false);
              void revalidator.revalidate();
            }}
          />
        </section>
      )}

      <ExchangePanel
        languages={languages}
        onImported={(message) => {
          feedback.success(message);
          void revalidator.revalidate();
        }}
      />
    </div>
  );
}
