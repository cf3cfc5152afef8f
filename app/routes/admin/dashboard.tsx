import { Link } from "react-router";
import type { DashboardFigures } from "#core/admin/dashboard/schema.ts";
import type { Translate } from "#core/i18n/translate.ts";
import { useMay } from "#app/lib/admin-grant.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { adminPageAt } from "#core/auth/admin-pages.ts";
import { ownReading } from "#core/auth/reading.ts";
import { may } from "#core/auth/roles.ts";
import { translationWork } from "#core/admin/translation-dashboard/schema.ts";
import { dashboardFigures } from "#server/admin/dashboard/service.ts";
import { translationDashboard, translationDashboardAsReadBy } from "#server/admin/translation-dashboard/service.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { servicesContext } from "#server/content/context.ts";
import "#app/styles/admin-reports.css";
import type { Route } from "./+types/dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireScreen(context);
  const services = context.get(servicesContext);
  const scope = ownReading(user);
  // A translator's figures count their languages; a card's figure goes only to those who may open its screen (decision 0147).
  const [{ users, eventsLast7Days, auditEntriesLast7Days, ...figures }, translation] = await Promise.all([
    dashboardFigures(services, undefined, scope),
    may(user, "translate") ? translationDashboard(services) : null,
  ]);
  return {
    figures: {
      ...figures,
      ...(may(user, "users.manage") ? { users } : {}),
      ...(may(user, "analytics.read") ? { eventsLast7Days } : {}),
      ...(may(user, "settings.manage") ? { auditEntriesLast7Days } : {}),
      ...(translation
        ? { translationWork: translationWork(translationDashboardAsReadBy(user, translation), scope !== "all") }
        : {}),
    } satisfies DashboardFigures,
    // A translator's languages, named on the articles card (what they may write there).
    ownLanguages: scope === "all" ? null : [...user.languages],
  };
}

interface Area {
  to: string;
  /** Key of the area's name (the navigation's) and of its description. */
  name: string;
  description: string;
  /** The description for a translator, when the screen does less for them. */
  translatorDescription?: string;
  figure: (figures: DashboardFigures, t: Translate) => string;
}

const AREAS: Area[] = [
  {
    to: "/admin/languages",
    name: "admin.nav.languages",
    description: "admin.dashboard.languages",
    figure: ({ languages }, t) =>
      t("admin.dashboard.languages_figure", { enabled: languages.enabled, total: languages.total }),
  },
  {
    to: "/admin/translations",
    name: "admin.nav.translations",
    description: "admin.dashboard.translations",
    figure: ({ translations }, t) =>
      t("admin.dashboard.translations_figure", {
        completeness: translations.completeness,
        missing: translations.missing,
      }),
  },
  {
    to: "/admin/translation-status",
    name: "admin.nav.translation_status",
    description: "admin.dashboard.translation_status",
    figure: ({ translationWork }, t) =>
      t("admin.dashboard.translation_status_figure", {
        outdated: translationWork?.outdated ?? 0,
        missing: translationWork?.missing ?? 0,
      }),
  },
  {
    to: "/admin/articles",
    name: "admin.nav.articles",
    description: "admin.dashboard.articles",
    translatorDescription: "admin.dashboard.articles_translator",
    figure: ({ articles }, t) =>
      t("admin.dashboard.articles_figure", { published: articles.published, withDrafts: articles.withDrafts }),
  },
  {
    to: "/admin/users",
    name: "admin.nav.users",
    description: "admin.dashboard.users",
    figure: ({ users }, t) =>
      t("admin.dashboard.users_figure", { total: users?.total ?? 0, admins: users?.admins ?? 0 }),
  },
  {
    to: "/admin/analytics",
    name: "admin.nav.analytics",
    description: "admin.dashboard.analytics",
    figure: ({ eventsLast7Days }, t) => t("admin.dashboard.analytics_figure", { count: eventsLast7Days ?? 0 }),
  },
  {
    to: "/admin/audit",
    name: "admin.nav.audit",
    description: "admin.dashboard.audit",
    figure: ({ auditEntriesLast7Days }, t) => t("admin.dashboard.audit_figure", { count: auditEntriesLast7Days ?? 0 }),
  },
  {
    to: "/admin/romes",
    name: "admin.nav.romes",
    description: "admin.dashboard.romes",
    figure: ({ romeCodes }, t) => t("admin.dashboard.romes_figure", { count: romeCodes }),
  },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { figures, ownLanguages } = loaderData;
  const { t } = useAdminText();
  const allowed = useMay();
  // Only the areas this person may open.
  const areas = AREAS.filter((area) => {
    const page = adminPageAt(area.to);
    return page !== undefined && allowed(page.permission);
  });
  return (
    <section className="admin-report" aria-labelledby="dashboard-title">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.dashboard") })}</title>
      <h1 id="dashboard-title">{t("admin.nav.dashboard")}</h1>
      <ul className="dashboard-cards">
        {areas.map((area) => (
          <li key={area.to} className="dashboard-card">
            <h2 className="dashboard-card__title">
              <Link to={area.to}>{t(area.name)}</Link>
            </h2>
            <p className="dashboard-card__description">
              {ownLanguages && area.translatorDescription
                ? t(area.translatorDescription, { languages: ownLanguages.join(", ") })
                : t(area.description)}
            </p>
            <p className="dashboard-card__figure">{area.figure(figures, t)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
