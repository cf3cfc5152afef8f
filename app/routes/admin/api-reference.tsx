/**
 * /admin/api: the JSON API reference for admins, rendered here from
 * /api/openapi.json (no third-party viewer, nothing from a CDN).
 */
import { useEffect, useState } from "react";
import { requireStaff } from "#server/auth/guard.ts";
import { requestContext } from "#server/context.ts";
import "#app/styles/admin-reports.css";
import "#app/styles/admin-api.css";
import type { Route } from "./+types/api-reference";

export function loader({ context }: Route.LoaderArgs) {
  requireStaff(context.get(requestContext).user);
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

function byTag(document: ApiDocument): [string, Entry[]][] {
  const groups = new Map<string, Entry[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return [...groups];
}

/** A schema worth showing: more than "some JSON object". */
function hasShape(schema: unknown): boolean {
  return typeof schema === "object" && schema !== null && Object.keys(schema).some((key) => key !== "type");
}

function SchemaBlock({ label, schema }: { label: string; schema: unknown }) {
  return (
    <details className="api-schema">
      <summary>{label}</summary>
      <pre>
        <code>{JSON.stringify(schema, null, 2)}</code>
      </pre>
    </details>
  );
}

function OperationView({ method, path, operation }: Entry) {
  const parameters = operation.parameters ?? [];
  return (
    <section className="api-operation" aria-labelledby={`op-${method}-${path}`}>
      <h3 id={`op-${method}-${path}`}>
        <span className={`api-method api-method--${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
      </h3>
      <p>
        {operation.summary}
        {operation.security ? <span className="api-badge"> · admin session and XSRF header</span> : null}
      </p>
      {operation.description ? <p>{operation.description}</p> : null}
      {parameters.length > 0 ? (
        <>
          <h4 className="api-subheading">Parameters</h4>
          <ul className="api-parameters">
            {parameters.map((parameter) => (
              <li key={`${parameter.in}:${parameter.name}`}>
                <code>{parameter.name}</code> ({parameter.in}, {parameter.required ? "required" : "optional"}){" "}
                <code className="api-parameters__schema">{JSON.stringify(parameter.schema ?? {})}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {Object.entries(operation.requestBody?.content ?? {}).map(([type, media]) => (
        <SchemaBlock key={type} label={`Request body (${type})`} schema={media.schema ?? {}} />
      ))}
      <dl className="api-responses">
        {Object.entries(operation.responses ?? {}).map(([status, response]) => (
          <div key={status}>
            <dt>{status}</dt>
            <dd>
              {response.description}
              {Object.entries(response.content ?? {}).map(([type, media]) =>
                hasShape(media.schema) ? <SchemaBlock key={type} label={`Body (${type})`} schema={media.schema} /> : null,
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function ApiReference() {
  const [state, setState] = useState<{ document: ApiDocument } | { error: string } | null>(null);
  useEffect(() => {
    let current = true;
    fetch(DOCUMENT_URL, { headers: { accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<ApiDocument>) : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then(
        (document) => current && setState({ document }),
        (error: unknown) => current && setState({ error: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, []);

  return (
    <section className="admin-report api-reference" aria-labelledby="api-title" aria-busy={state === null}>
      <title>API reference · Polyglot Press admin</title>
      <h1 id="api-title">API reference</h1>
      <p className="admin-report__lead">
        The JSON API as an OpenAPI 3.1 document, generated from the routes' own validation schemas:{" "}
        <a href={DOCUMENT_URL}>
          <code>{DOCUMENT_URL}</code>
        </a>
        .
      </p>
      {state === null ? <p role="status">Loading the API document…</p> : null}
      {state && "error" in state ? <p role="alert">The API document could not be loaded ({state.error}).</p> : null}
      {state && "document" in state ? (
        <>
          {state.document.info.description ? <p className="admin-report__lead">{state.document.info.description}</p> : null}
          <nav aria-label="API areas" className="api-areas">
            <ul>
              {byTag(state.document).map(([tag, entries]) => (
                <li key={tag}>
                  <a href={`#tag-${tag.replace(/\W+/g, "-")}`}>
                    {tag} ({entries.length})
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {byTag(state.document).map(([tag, entries]) => (
            <section key={tag} aria-labelledby={`tag-${tag.replace(/\W+/g, "-")}`} className="api-tag">
              <h2 id={`tag-${tag.replace(/\W+/g, "-")}`}>{tag}</h2>
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
