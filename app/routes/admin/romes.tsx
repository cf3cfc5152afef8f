import type { FormEvent } from "react";
import { data, Form, Link, redirect, useRevalidator, useSubmit } from "react-router";
import { z } from "zod";
import { MAX_SEARCH_CHARS, romeCodeSchema } from "#core/admin/romes/schema.ts";
import { jobLabels, listRomes } from "#server/admin/romes/service.ts";
import { labelsReading } from "#core/auth/reading.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { parseQuery } from "#server/http/query.ts";
import { ImportPanel } from "#app/components/admin/romes/import-panel.tsx";
import { LabelEditor } from "#app/components/admin/romes/label-editor.tsx";
import { RomesTable } from "#app/components/admin/romes/romes-table.tsx";
import { AdminPager } from "#app/components/admin/pager.tsx";
import "#app/styles/admin-romes.css";
import { servicesContext } from "#server/content/context.ts";
import { parsePageParam } from "#core/pagination.ts";
import { useMay } from "#app/lib/admin-grant.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import type { Route } from "./+types/romes";

const querySchema = z.object({
  q: z.string().trim().max(MAX_SEARCH_CHARS, `must be at most ${MAX_SEARCH_CHARS} characters`).optional(),
  domain: z
    .string()
    .regex(/^[A-N]$/, "must be a domaine letter from A to N")
    .optional(),
  page: z.string().optional(),
  edit: romeCodeSchema.optional(),
});

interface Filters {
  q: string;
  domain: string | null;
  page: number;
  edit: string | null;
}

/** The address of the table with these filters: GET parameters only, so every view can be bookmarked. */
function romesHref(filters: Filters): string {
  const params = new URLSearchParams();
  if (filters.q !== "") params.set("q", filters.q);
  if (filters.domain !== null) params.set("domain", filters.domain);
  if (filters.page > 1) params.set("page", String(filters.page));
  if (filters.edit !== null) params.set("edit", filters.edit);
  const query = params.toString();
  return query === "" ? "/admin/romes" : `/admin/romes?${query}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireScreen(context);
  const services = context.get(servicesContext);
  const scope = labelsReading(user);
  const query = parseQuery(querySchema, new URL(request.url).searchParams);
  if (!query.ok) throw data({ field: query.field, message: query.message }, { status: 400 });
  const page = parsePageParam(query.value.page ?? null);
  if (!page.ok) throw data({ field: "page", message: page.reason }, { status: 400 });
  const filters: Filters = {
    q: query.value.q ?? "",
    domain: query.value.domain ?? null,
    page: page.page,
    edit: query.value.edit ?? null,
  };

  const list = await listRomes(services, { query: filters.q, domain: filters.domain, page: filters.page }, scope);
  // Past the last page (say, after a narrower search): show the last one under its own address.
  if (list.window.page !== filters.page) throw redirect(romesHref({ ...filters, page: list.window.page }));
  const editing = filters.edit === null ? null : await jobLabels(services, filters.edit, scope);
  if (filters.edit !== null && editing === null)
    throw data({ field: "edit", message: `No ROME code ${filters.edit}.` }, { status: 404 });
  return { filters, list, editing };
}

export default function AdminRomes({ loaderData }: Route.ComponentProps) {
  const { filters, list, editing } = loaderData;
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  const mayImport = useMay()("content.manage");
  const { t } = useAdminText();
  const submit = useSubmit();
  // Leaves empty fields out of the address ("?q=x", not "?q=x&domain="); without JavaScript the plain GET form works too.
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    for (const [name, value] of [...fields]) if (value === "") fields.delete(name);
    void submit(fields, { method: "get" });
  };
  const first = list.total === 0 ? 0 : list.window.offset + 1;
  const last = list.window.offset + list.rows.length;
  const filtered = filters.q !== "" || filters.domain !== null;
  const domainLabel = list.domains.find((domain) => domain.letter === filters.domain)?.label;

  return (
    <div className="romes">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.romes") })}</title>
      <header className="romes-header">
        <div>
          <h1>{t("admin.nav.romes")}</h1>
          <p className="romes-hint">{t("admin.romes.intro", { count: list.domains.length })}</p>
        </div>
        <a className="button romes-button--secondary" href="/api/admin/romes/export.csv" download="rome.csv">
          {t("admin.romes.export")}
        </a>
      </header>

      {mayImport && <ImportPanel onImported={refresh} />}

      <section className="romes-card" aria-labelledby="romes-codes-title">
        <h2 id="romes-codes-title">{t("admin.romes.codes")}</h2>
        <Form method="get" role="search" className="romes-filters" onSubmit={search}>
          <div className="romes-field romes-filters__search">
            <label htmlFor="romes-q">{t("admin.romes.search_label")}</label>
            <input
              id="romes-q"
              type="search"
              name="q"
              defaultValue={filters.q}
              maxLength={MAX_SEARCH_CHARS}
              autoComplete="off"
            />
          </div>
          <div className="romes-field">
            <label htmlFor="romes-domain">{t("admin.romes.domain")}</label>
            <select id="romes-domain" name="domain" defaultValue={filters.domain ?? ""}>
              <option value="">{t("admin.romes.all_domains")}</option>
              {list.domains.map((domain) => (
                <option key={domain.letter} value={domain.letter}>
                  {domain.letter} — {domain.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            {t("admin.common.search")}
          </button>
          {filtered && (
            <Link to="/admin/romes" className="romes-link-button">
              {t("admin.romes.clear")}
            </Link>
          )}
        </Form>

        <p role="status" className="romes-count-line">
          {list.total === 0
            ? t("admin.romes.no_match")
            : [
                t("admin.romes.count", { first, last, total: list.total }),
                filters.q !== "" ? t("admin.romes.count_matching", { query: filters.q }) : null,
                domainLabel ? t("admin.romes.count_domain", { domain: `${filters.domain} — ${domainLabel}` }) : null,
              ]
                .filter((part) => part !== null)
                .join(" ")}
        </p>

        {editing && (
          <LabelEditor
            key={editing.code}
            job={editing}
            closeHref={romesHref({ ...filters, edit: null })}
            onSaved={refresh}
          />
        )}

        {list.rows.length > 0 && (
          <RomesTable
            rows={list.rows}
            languages={list.languages}
            editingCode={filters.edit}
            editHref={(code) => romesHref({ ...filters, edit: code })}
            caption={t("admin.romes.caption", { page: list.window.page, pages: list.window.pageCount })}
          />
        )}

        <AdminPager
          className="romes-pagination"
          window={list.window}
          label={t("admin.romes.pages")}
          href={(page) => romesHref({ ...filters, edit: null, page })}
        />
      </section>
    </div>
  );
}
