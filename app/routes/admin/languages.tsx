/**
 * /admin/languages (docs/product.md §3, §7): every language, most speakers first;
 * add one, edit one in place, enable or disable it, choose the favorite.
 * Writes go through the admin API, then the loader data is revalidated.
 */
import { useRevalidator } from "react-router";
import { listLanguages } from "#server/admin/languages/service.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { SaveStatus, useSaveFeedback } from "#app/components/admin/feedback.tsx";
import { LanguageForm } from "#app/components/admin/languages/language-form.tsx";
import { LanguagesTable } from "#app/components/admin/languages/languages-table.tsx";
import { servicesContext } from "#server/content/context.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import "#app/styles/admin-grid.css";
import type { Route } from "./+types/languages";

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(context);
  return { languages: await listLanguages(context.get(servicesContext)) };
}

export default function AdminLanguages({ loaderData }: Route.ComponentProps) {
  const { languages } = loaderData;
  const revalidator = useRevalidator();
  const feedback = useSaveFeedback();
  const { t } = useAdminText();

  async function changed(message: string) {
    feedback.success(message);
    await revalidator.revalidate();
  }

  return (
    <div className="admin-page">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.languages") })}</title>
      <h1>{t("admin.nav.languages")}</h1>
      <p className="admin-page__intro">{t("admin.languages.intro")}</p>
      <SaveStatus feedback={feedback} />
      <LanguagesTable languages={languages} onChanged={changed} />

      <section className="admin-panel" aria-labelledby="add-language">
        <h2 id="add-language">{t("admin.languages.add_title")}</h2>
        <LanguageForm
          language={null}
          onDone={(saved) => {
            if (!saved) return;
            void changed(t("admin.languages.added", { name: saved.label }));
          }}
        />
      </section>
    </div>
  );
}
