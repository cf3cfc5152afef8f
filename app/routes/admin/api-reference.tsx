/**
 * /admin/api: the JSON API reference for admins, rendered here from
 * /api/openapi.json (no third-party viewer, nothing from a CDN).
 */
import { useEffect, useState, type ReactNode } from "react";
import { requireScreen } from "#server/auth/guard.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import type { Translate } from "#core/i18n/translate.ts";
import "#app/styles/admin-reports.css";
import "#app/styles/admin-api.css";
import type { Route } from "./+types/api-reference";

export function loader({ context }: Route.LoaderArgs) {
  requireScreen(context);
  return null;
}

const DOCUMENT_URL = "/api/openapi.json";
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: unknown;
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  security?: unknown[];
}
interface ApiDocument {
  info: { title: string; description?: string };
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
}
interface Entry {
  method: string;
  path: string;
  operation: Operation;
}

/** An area's section id, which its link in the areas' list points to. */
const tagId = (tag: string) => `tag-${tag.replace(/\W+/g, "-")}`;

function byTag(document: ApiDocument, t: Translate): [string, Entry[]][] {
  const groups = new Map<string, Entry[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? t("admin.api.other");
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return [...groups];
}

/** A schema worth showing: more than "some JSON object". */
function hasShape(schema: unknown): boolean {
  return typeof schema === "object" && schema !== null && Object.keys(schema).some((key) => key !== "type");
}

/**
 * Text of the OpenAPI document, which is written in English: marked so for screen readers, and laid out left to
 * right inside a right-to-left admin (its punctuation and paths otherwise mirror: "healthz/").
 */
function English({
  as: Element = "span",
  className,
  children,
}: {
  as?: "span" | "p";
  className?: string;
  children: ReactNode;
}) {
  return (
    <Element lang="en" dir="ltr" className={className}>
      {children}
    </Element>
  );
}

/** A <details> whose content is rendered only once opened: closed, a hundred operations' parts made the page too heavy to read. */
function Disclosure({ className, label, children }: { className: string; label: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={className} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{label}</summary>
      {open ? children() : null}
    </details>
  );
}

function SchemaBlock({ label, schema }: { label: string; schema: unknown }) {
  return (
    <Disclosure className="api-schema" label={label}>
      {() => (
        <pre>
          <code>{JSON.stringify(schema, null, 2)}</code>
        </pre>
      )}
    </Disclosure>
  );
}

function OperationDetails({ operation }: { operation: Operation }) {
  const { t } = useAdminText();
  const parameters = operation.parameters ?? [];
  return (
    <>
      {operation.description ? <English as="p">{operation.description}</English> : null}
      {parameters.length > 0 ? (
        <>
          <h4 className="api-subheading">{t("admin.api.parameters")}</h4>
          <ul className="api-parameters">
            {parameters.map((parameter) => (
              <li key={`${parameter.in}:${parameter.name}`}>
                <code>{parameter.name}</code> ({parameter.in},{" "}
                {t(parameter.required ? "admin.api.required" : "admin.api.optional")}){" "}
                <code className="api-parameters__schema">{JSON.stringify(parameter.schema ?? {})}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {Object.entries(operation.requestBody?.content ?? {}).map(([type, media]) => (
        <SchemaBlock key={type} label={t("admin.api.request_body", { type })} schema={media.schema ?? {}} />
      ))}
      <dl className="api-responses">
        {Object.entries(operation.responses ?? {}).map(([status, response]) => (
          <div key={status}>
            <dt>{status}</dt>
            <dd>
              <English>{response.description}</English>
              {Object.entries(response.content ?? {}).map(([type, media]) =>
                hasShape(media.schema) ? (
                  <SchemaBlock key={type} label={t("admin.api.response_body", { type })} schema={media.schema} />
                ) : null,
              )}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** One operation: its method, path and summary; what it takes and answers behind a disclosure, as API references do. */
function OperationView({ method, path, operation }: Entry) {
  const { t } = useAdminText();
  return (
    <section className="api-operation" aria-labelledby={`op-${method}-${path}`}>
      <h3 id={`op-${method}-${path}`}>
        <span className={`api-method api-method--${method}`}>{method.toUpperCase()}</span> <code dir="ltr">{path}</code>
      </h3>
      <p>
        <English>{operation.summary}</English>
        {operation.security?.length ? <span className="api-badge"> · {t("admin.api.secured")}</span> : null}
      </p>
      <Disclosure className="api-details" label={t("admin.api.details")}>
        {() => <OperationDetails operation={operation} />}
      </Disclosure>
    </section>
  );
}

export default function ApiReference() {
  const { t } = useAdminText();
  const [state, setState] = useState<{ document: ApiDocument } | { error: string } | null>(null);
  useEffect(() => {
    let current = true;
    fetch(DOCUMENT_URL, { headers: { accept: "application/json" } })
      .then((response) =>
        response.ok ? (response.json() as Promise<ApiDocument>) : Promise.reject(new Error(`HTTP ${response.status}`)),
      )
      .then(
        (document) => current && setState({ document }),
        (error: unknown) => current && setState({ error: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, []);

  // The operations by area, for the areas' links and their sections alike.
  const groups = state && "document" in state ? byTag(state.document, t) : [];

  return (
    <section className="admin-report api-reference" aria-labelledby="api-title" aria-busy={state === null}>
      <title>{t("admin.layout.page_title", { screen: t("admin.api.title") })}</title>
      <h1 id="api-title">{t("admin.api.title")}</h1>
      <p className="admin-report__lead">
        {t("admin.api.intro")}{" "}
        <a href={DOCUMENT_URL}>
          <code>{DOCUMENT_URL}</code>
        </a>
        .
      </p>
      {state === null ? <p role="status">{t("admin.api.loading")}</p> : null}
      {state && "error" in state ? <p role="alert">{t("admin.api.failed", { reason: state.error })}</p> : null}
      {state && "document" in state ? (
        <>
          {state.document.info.description ? (
            <English as="p" className="admin-report__lead">
              {state.document.info.description}
            </English>
          ) : null}
          <nav aria-label={t("admin.api.areas")} className="api-areas">
            <ul>
              {groups.map(([tag, entries]) => (
                <li key={tag}>
                  <a href={`#${tagId(tag)}`}>{t("admin.api.area", { tag, count: entries.length })}</a>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map(([tag, entries]) => (
            <section key={tag} aria-labelledby={tagId(tag)} className="api-tag">
              <h2 id={tagId(tag)}>
                <English>{tag}</English>
              </h2>
              {entries.map((entry) => (
                <OperationView key={`${entry.method} ${entry.path}`} {...entry} />
              ))}
            </section>
          ))}
        </>
      ) : null}
    </section>
  );
}
