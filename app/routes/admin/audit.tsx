import { data, Form, Link } from "react-router";
import { auditQuerySchema, type AuditListEntry } from "#core/admin/audit/schema.ts";
import { auditFacets, listAudit } from "#server/admin/audit/service.ts";
import { requireStaff } from "#server/auth/guard.ts";
import { parseQuery } from "#server/http/query.ts";
import { AuditDiff, changeSummary } from "#app/components/admin/audit-diff.tsx";
import { withoutFieldPrefix } from "#app/components/admin/feedback.tsx";
import { ErrorSummary, Field } from "#app/components/admin/form-fields.tsx";
import { requestContext, servicesContext } from "#server/context.ts";
import "#app/styles/admin-reports.css";
import type { Route } from "./+types/audit";

// `uid` has no control of its own: other screens link to "changes by this user" with it, and the form keeps it.
const FILTERS = ["entity", "action", "actor", "uid", "from", "to"] as const;
type Filter = (typeof FILTERS)[number];
const FIELD_LABELS: Record<Exclude<Filter, "uid">, string> = { entity: "Entity", action: "Action", actor: "Actor email or name", from: "From", to: "To" };
const fieldId = (field: string) => `audit-${field}`;

/** /admin/audit?entity=&action=&actor=&from=&to=&page= (GET form). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context.get(requestContext).user);
  const services = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const values = Object.fromEntries(FILTERS.map((filter) => [filter, params.get(filter) ?? ""])) as Record<Filter, string>;
  const facets = await auditFacets(services);
  const query = parseQuery(auditQuerySchema, params);
  if (!query.ok) {
    const error = { field: query.field, message: withoutFieldPrefix(query.message, query.field) };
    return data({ facets, values, error, result: null }, { status: 400 });
  }
  return { facets, values, error: null, result: await listAudit(services, query.value) };
}

/** ISO timestamps shown the same on the server and in every browser, whatever its time zone. */
function When({ at }: { at: string }) {
  return <time dateTime={at}>{`${at.slice(0, 10)} ${at.slice(11, 19)} UTC`}</time>;
}

function Actor({ actor }: { actor: AuditListEntry["actor"] }) {
  if (!actor) return <span className="audit-actor__muted">System</span>;
  if (!actor.email && !actor.name) return <span className="audit-actor__muted">{`Deleted user ${actor.uid}`}</span>;
  return (
    <>
      {actor.name && <span className="audit-actor__name">{actor.name}</span>}
      {actor.email && actor.email !== actor.name && <span className="audit-actor__email">{actor.email}</span>}
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
  const errors = error && error.field in FIELD_LABELS ? { [error.field]: error.message } : {};
  const general = error && !(error.field in FIELD_LABELS) ? `${error.field}: ${error.message}` : null;
  const filtered = FILTERS.some((filter) => values[filter] !== "");
  return (
    <section className="admin-report" aria-labelledby="audit-title">
      <title>Audit log · Admin · Polyglot Press</title>
      <h1 id="audit-title">Audit log</h1>
      <p className="admin-report__lead">Every change made in the admin area: who made it, when, and the values before and after. Times are in UTC.</p>

      <Form method="get" className="report-filters" aria-label="Filter the audit log" key={JSON.stringify(values)}>
        <ErrorSummary errors={errors} general={general} labels={FIELD_LABELS} idFor={fieldId} />
        <Field id={fieldId("entity")} label={FIELD_LABELS.entity} error={errors.entity}>
          {(control) => (
            <select {...control} name="entity" defaultValue={values.entity}>
              <option value="">Any entity</option>
              {optionsWith(facets.entities, values.entity).map((entity) => (
                <option key={entity} value={entity}>
                  {entity}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={fieldId("action")} label={FIELD_LABELS.action} error={errors.action}>
          {(control) => (
            <select {...control} name="action" defaultValue={values.action}>
              <option value="">Any action</option>
              {optionsWith(facets.actions, values.action).map((action) => (
                <option key={action} value={action}>
                  {action}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={fieldId("actor")} label={FIELD_LABELS.actor} error={errors.actor}>
          {(control) => <input {...control} type="search" name="actor" defaultValue={values.actor} maxLength={254} autoComplete="off" />}
        </Field>
        <Field id={fieldId("from")} label={FIELD_LABELS.from} error={errors.from}>
          {(control) => <input {...control} type="date" name="from" defaultValue={values.from} />}
        </Field>
        <Field id={fieldId("to")} label={FIELD_LABELS.to} error={errors.to}>
          {(control) => <input {...control} type="date" name="to" defaultValue={values.to} />}
        </Field>
        {values.uid && <input type="hidden" name="uid" value={values.uid} />}
        <div className="report-filters__actions">
          <button type="submit" className="button">
            Filter
          </button>
          {filtered && <Link to="/admin/audit">Clear filters</Link>}
        </div>
      </Form>

      {result && (
        <>
          <p className="results-count">
            {result.total === 0
              ? filtered
                ? "No entries match these filters."
                : "No changes have been recorded yet."
              : `${result.total} ${result.total === 1 ? "entry" : "entries"}${result.pageCount > 1 ? ` · page ${result.page} of ${result.pageCount}` : ""}`}
          </p>
          {result.entries.length > 0 && (
            <div className="admin-table-scroll" tabIndex={0} role="region" aria-label="Audit entries">
              <table className="admin-table audit-table">
                <caption className="visually-hidden">Audit entries, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Actor</th>
                    <th scope="col">Action</th>
                    <th scope="col">Entity</th>
                    <th scope="col">Entity id</th>
                  </tr>
                </thead>
                {result.entries.map((entry) => (
                  <tbody className="audit-entry" key={entry.id}>
                      <tr>
                        <td data-label="When">
                          <When at={entry.at} />
                        </td>
                        <td className="audit-actor" data-label="Actor">
                          <Actor actor={entry.actor} />
                        </td>
                        <td data-label="Action">
                          <span className={`audit-action audit-action--${entry.action.replace(/[^a-z_]/gi, "")}`}>{entry.action}</span>
                        </td>
                        <td data-label="Entity">{entry.entity}</td>
                        <td data-label="Entity id">
                          <code className="audit-entity-id">{entry.entityId}</code>
                        </td>
                      </tr>
                      <tr className="audit-entry__changes">
                        <td colSpan={5}>
                          <details>
                            <summary>
                              {changeSummary(entry.before, entry.after)}
                              <span className="visually-hidden">{` — ${entry.action} ${entry.entity} ${entry.entityId}`}</span>
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
          {result.pageCount > 1 && (
            <nav className="pagination" aria-label="Audit log pages">
              {result.page > 1 ? (
                <Link className="button" to={pageLink(values, result.page - 1)} rel="prev">
                  Previous page
                </Link>
              ) : (
                <span />
              )}
              <p>{`Page ${result.page} of ${result.pageCount}`}</p>
              {result.page < result.pageCount ? (
                <Link className="button" to={pageLink(values, result.page + 1)} rel="next">
                  Next page
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </>
      )}
    </section>
  );
}
