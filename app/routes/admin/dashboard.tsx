import { Link } from "react-router";
import type { DashboardFigures } from "#core/admin/dashboard/schema.ts";
import { dashboardFigures } from "#server/admin/dashboard/service.ts";
import { requireAdmin } from "#server/auth/guard.ts";
import { requestContext, servicesContext } from "#server/context.ts";
import "#app/styles/admin-reports.css";
import type { Route } from "./+types/dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context.get(requestContext).user);
  return { figures: await dashboardFigures(context.get(servicesContext)) };
}

const number = new Intl.NumberFormat("en-US");
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
const plural = (count: number, one: string, many: string) => `${number.format(count)} ${count === 1 ? one : many}`;

interface Area {
  to: string;
  name: string;
  description: string;
  figure: (figures: DashboardFigures) => string;
}

const AREAS: Area[] = [
  {
    to: "/admin/languages",
    name: "Languages",
    description: "Add, edit, enable and order the site's languages; choose the favorite.",
    figure: ({ languages }) => `${number.format(languages.enabled)} of ${number.format(languages.total)} enabled`,
  },
  {
    to: "/admin/translations",
    name: "Translations",
    description: "Every interface string in every language, with missing ones highlighted.",
    figure: ({ translations }) =>
      `${percent.format(translations.completeness)} complete${translations.missing > 0 ? ` · ${number.format(translations.missing)} missing` : ""}`,
  },
  {
    to: "/admin/articles",
    name: "Articles",
    description: "Write, preview and publish articles in each language.",
    figure: ({ articles }) => `${number.format(articles.published)} published · ${number.format(articles.withDrafts)} with drafts`,
  },
  {
    to: "/admin/users",
    name: "Users",
    description: "Everyone who signed in; grant or revoke administrator rights.",
    figure: ({ users }) => `${plural(users.total, "user", "users")} · ${plural(users.admins, "admin", "admins")}`,
  },
  {
    to: "/admin/analytics",
    name: "Analytics",
    description: "Sign-ins, page views and language switches over time.",
    figure: ({ eventsLast7Days }) => `${plural(eventsLast7Days, "event", "events")} in the last 7 days`,
  },
  {
    to: "/admin/audit",
    name: "Audit log",
    description: "Who changed what, and when, with the values before and after.",
    figure: ({ auditEntriesLast7Days }) => `${plural(auditEntriesLast7Days, "change", "changes")} in the last 7 days`,
  },
  {
    to: "/admin/romes",
    name: "ROME jobs",
    description: "Search the ROME job codes, translate their labels, import and export.",
    figure: ({ romeCodes }) => plural(romeCodes, "ROME code", "ROME codes"),
  },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  return (
    <section className="admin-report" aria-labelledby="dashboard-title">
      <title>Dashboard · Admin · Polyglot Press</title>
      <h1 id="dashboard-title">Dashboard</h1>
      <ul className="dashboard-cards">
        {AREAS.map((area) => (
          <li key={area.to} className="dashboard-card">
            <h2 className="dashboard-card__title">
              <Link to={area.to}>{area.name}</Link>
            </h2>
            <p className="dashboard-card__description">{area.description}</p>
            <p className="dashboard-card__figure">{area.figure(figures)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
