import { data, Form, Link } from "react-router";
import { When } from "#app/components/admin/when.tsx";
import { AdminPager } from "#app/components/admin/pager.tsx";
import { pageWindow } from "#core/pagination.ts";
import { auditQuerySchema, type AuditListEntry } from "#core/admin/audit/schema.ts";
import { auditFacets, listAudit } from "#server/admin/audit/service.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { parseQuery } from "#server/http/query.ts";
import { AuditDiff, changeSummary } from "#app/components/admin/audit-diff.tsx";
import { withoutFieldPrefix } from "#core/i18n/admin-errors.ts";
import { ErrorSummary, Field } from "#app/components/admin/form-fields.tsx";
import { servicesContext } from "#server/content/context.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import "#app/styles/admin-reports.css";
import type { Route } from "./+types/audit";

// `uid` has no control of its own: other screens link to "changes by this user" with it, and the form keeps it.
const FILTERS = ["entity", "action", "actor", "uid", "from", "to"] as const;
type Filter = (typeof FILTERS)[number];
const FIELD_TEXT_KEYS: Record<Exclude<Filter, "uid">, string> = {
  entity: "admin.audit.entity",
  action: "admin.audit.action",
  actor: "admin.audit.actor",
  from: "admin.common.from",
  to: "admin.common.to",
};
const fieldId = (field: string) => `audit-${field}`;

/** /admin/audit?entity=&action=&actor=&from=&to=&page= (GET form). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireScreen(context);
  const services = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const values = Object.fromEntries(FILTERS.map((filter) => [filter, params.get(filter) ?? ""])) as Record<
    Filter,
    string
  >;
  const facets = await auditFacets(services);
  const query = parseQuery(auditQuerySchema, params);
  if (!query.ok) {
    const error = { field: query.field, message: withoutFieldPrefix(query.message, query.field) };
    return data({ facets, values, error, result: null }, { status: 400 });
  }
  return { facets, values, error: null, result: await listAudit(services, query.value) };
}

/**
 * Action codes and entity names as the admin's language says them (admin.audit_action.*, admin.audit_entity.*);
 * a code without a text (written by a newer version, or by hand) is shown as recorded.
 */
function useAuditNames() {
  const { t, text } = useAdminText();
  const named = (key: string, code: string) => (key in text.strings ? t(key) : code);
  return {
    action: (code: string) => named(`admin.audit_action.${code}`, code),
    entity: (code: string) => named(`admin.audit_entity.${code}`, code),
  };
}

function Actor({ actor }: { actor: AuditListEntry["actor"] }) {
  const { t } = useAdminText();
  if (!actor) return <span className="audit-actor__muted">{t("admin.audit.system")}</span>;
  if (!actor.email && !actor.name)
    return <span className="audit-actor__muted">{t("admin.audit.deleted_user", { uid: actor.uid })}</span>;
  return (
    <>
      {actor.name && (
        <span className="audit-actor__name" dir="auto">
          {actor.name}
        </span>
      )}
      {actor.email && actor.email !== actor.name && (
        <span className="audit-actor__email" dir="ltr">
          {actor.email}
        </span>
      )}
    </>
  );
}

/** The current filters with another page number: each page has one URL. */
function pageLink(values: Record<Filter, string>, page: number): string {
  const params = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== ""));
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/audit?${query}` : "/admin/audit";
}

/** The select's options: the values in the log, plus the requested one if the log has none of it (a shared link). */
function optionsWith(values: string[], current: string): string[] {
  return current && !values.includes(current) ? [current, ...values] : values;
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { facets, values, error, result } = loaderData;
  const { t } = useAdminText();
  const names = useAuditNames();
  const labels = Object.fromEntries(Object.entries(FIELD_TEXT_KEYS).map(([field, key]) => [field, t(key)])) as Record<
    keyof typeof FIELD_TEXT_KEYS,
    string
  >;
  const errors = error && error.field in labels ? { [error.field]: error.message } : {};
  const general = error && !(error.field in labels) ? `${error.field}: ${error.message}` : null;
  const filtered = FILTERS.some((filter) => values[filter] !== "");
  return (
    <section className="admin-report" aria-labelledby="audit-title">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.audit") })}</title>
      <h1 id="audit-title">{t("admin.nav.audit")}</h1>
      <p className="admin-report__lead">{t("admin.audit.intro")}</p>

      <Form
        method="get"
        className="report-filters"
        aria-label={t("admin.audit.filter_form")}
        key={JSON.stringify(values)}
      >
        <ErrorSummary errors={errors} general={general} labels={labels} idFor={fieldId} />
        <Field id={fieldId("entity")} label={labels.entity} error={errors.entity}>
          {(control) => (
            <select {...control} name="entity" defaultValue={values.entity}>
              <option value="">{t("admin.audit.any_entity")}</option>
              {optionsWith(facets.entities, values.entity).map((entity) => (
                <option key={entity} value={entity}>
                  {names.entity(entity)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={fieldId("action")} label={labels.action} error={errors.action}>
          {(control) => (
            <select {...control} name="action" defaultValue={values.action}>
              <option value="">{t("admin.audit.any_action")}</option>
              {optionsWith(facets.actions, values.action).map((action) => (
                <option key={action} value={action}>
                  {names.action(action)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={fieldId("actor")} label={labels.actor} error={errors.actor}>
          {(control) => (
            <input
              {...control}
              type="search"
              name="actor"
              defaultValue={values.actor}
              maxLength={254}
              autoComplete="off"
            />
          )}
        </Field>
        <Field id={fieldId("from")} label={labels.from} error={errors.from}>
          {(control) => <input {...control} type="date" name="from" defaultValue={values.from} />}
        </Field>
        <Field id={fieldId("to")} label={labels.to} error={errors.to}>
          {(control) => <input {...control} type="date" name="to" defaultValue={values.to} />}
        </Field>
        {values.uid && <input type="hidden" name="uid" value={values.uid} />}
        <div className="report-filters__actions">
          <button type="submit" className="button">
            {t("admin.common.filter")}
          </button>
          {filtered && <Link to="/admin/audit">{t("admin.common.clear_filters")}</Link>}
        </div>
      </Form>

      {result && (
        <>
          <p className="results-count">
            {result.total === 0
              ? filtered
                ? t("admin.audit.none_matching")
                : t("admin.audit.none_yet")
              : `${t("admin.audit.count", { total: result.total })}${result.pageCount > 1 ? ` · ${t("admin.common.page_of", { page: result.page, pages: result.pageCount })}` : ""}`}
          </p>
          {result.entries.length > 0 && (
            <div className="admin-table-scroll" tabIndex={0} role="region" aria-label={t("admin.audit.entries")}>
              <table className="admin-table audit-table">
                <caption className="visually-hidden">{t("admin.audit.entries_caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("admin.audit.when")}</th>
                    <th scope="col">{t("admin.audit.who")}</th>
                    <th scope="col">{t("admin.audit.action")}</th>
                    <th scope="col">{t("admin.audit.entity")}</th>
                    <th scope="col">{t("admin.audit.entity_id")}</th>
                  </tr>
                </thead>
                {result.entries.map((entry) => (
                  <tbody className="audit-entry" key={entry.id}>
                    <tr>
                      <td data-label={t("admin.audit.when")}>
                        <When at={entry.at} />
                      </td>
                      <td className="audit-actor" data-label={t("admin.audit.who")}>
                        <Actor actor={entry.actor} />
                      </td>
                      <td data-label={t("admin.audit.action")}>
                        <span className={`audit-action audit-action--${entry.action.replace(/[^a-z_]/gi, "")}`}>
                          {names.action(entry.action)}
                        </span>
                      </td>
                      <td data-label={t("admin.audit.entity")}>{names.entity(entry.entity)}</td>
                      <td data-label={t("admin.audit.entity_id")}>
                        <code className="audit-entity-id" dir="ltr">
                          {entry.entityId}
                        </code>
                      </td>
                    </tr>
                    <tr className="audit-entry__changes">
                      <td colSpan={5}>
                        <details>
                          <summary>
                            {changeSummary(entry.before, entry.after, t)}
                            <span className="visually-hidden">{` — ${names.action(entry.action)} ${names.entity(entry.entity)} ${entry.entityId}`}</span>
                          </summary>
                          <AuditDiff before={entry.before} after={entry.after} />
                        </details>
                      </td>
                    </tr>
                  </tbody>
                ))}
              </table>
            </div>
          )}
          <AdminPager
            window={pageWindow(result.total, result.pageSize, result.page)}
            label={t("admin.audit.pages")}
            href={(page) => pageLink(values, page)}
          />
        </>
      )}
    </section>
  );
}
