/** Admin API: the glossary of each language pair and translation-memory matches (decisions 0215, 0217; docs/api.md). */
import {
  glossaryIdParam,
  glossaryImportRequest,
  glossaryImportResponse,
  glossaryInput,
  glossaryListResponse,
  glossaryPairQuery,
  glossaryTermResponse,
  glossaryUpdate,
  MAX_GLOSSARY_CSV_BYTES,
} from "#core/admin/glossary/schema.ts";
import { matchListResponse, matchQuery } from "#core/admin/memory/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { invalid, notFound } from "#core/errors.ts";
import { actorUid } from "#server/admin/actor.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import { FileRefused } from "#server/admin/romes/refusal.ts";
import { refusedUnlessRead } from "#server/admin/translations/exchange/read.ts";
import { authorize } from "#server/auth/access.ts";
import type { Answer } from "#server/http/openapi.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import { findMatches } from "#server/memory/matches.ts";
import { runOffThreadForRequest } from "#server/untrusted/off-thread.ts";
import type { CsvTerm } from "./csv.ts";
import {
  createTerm,
  deleteTerm,
  exportGlossary,
  findTerm,
  glossaryTag,
  importGlossary,
  languagePair,
  listTerms,
  updateTerm,
} from "./service.ts";

const tag = "Glossary";
const manage = need("content.manage");
const params = { id: glossaryIdParam };

/** The file's terms, read on the worker thread (decision 0142); a refused file is a 400 naming its problem. */
async function readCsvOffThread(content: string): Promise<CsvTerm[]> {
  try {
    return refusedUnlessRead(
      await runOffThreadForRequest<string, CsvTerm[]>(
        "read the file",
        "#server/admin/glossary/csv.ts",
        "readGlossaryCsv",
        content,
      ),
    );
  } catch (error) {
    if (error instanceof FileRefused) throw invalid("invalid_file", error.message, "content");
    throw error;
  }
}

export const glossaryEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/memory/matches",
    access: need("translate", { query: "to" }),
    tag: "Translation memory",
    summary: "Translations the memory holds of a segment: exact and at least 70 % alike, best, newest, most used first",
    query: matchQuery,
    success: { status: 200, description: "{ matches }: at most 10", schema: matchListResponse },
    otherResponses: { 400: "A language the site does not have, or the same language twice." },
    handle: async (c, { query }, { services }) => {
      const [from, to] = await languagePair(services, query.from, query.to);
      const matches = await findMatches(services.database.db, from, to, query.text);
      return c.json({ matches } satisfies Answer<typeof matchListResponse>);
    },
  }),

  endpoint({
    method: "GET",
    path: "/glossary",
    access: need("read", { query: "to" }),
    tag,
    summary: "A language pair's glossary, proposed terms included (or only those of `status`)",
    query: glossaryPairQuery,
    success: { status: 200, description: "{ terms }, by term", schema: glossaryListResponse },
    handle: async (c, { query }, { services }) =>
      c.json({
        terms: (await listTerms(services, query.from, query.to, query.status)).map((term) => ({
          ...term,
          etag: glossaryTag(term),
        })),
      } satisfies Answer<typeof glossaryListResponse>),
  }),

  endpoint({
    method: "GET",
    path: "/glossary/export",
    access: need("read", { query: "to" }),
    tag,
    summary: "A language pair's approved terms as CSV: term,translation,forbidden,note",
    query: glossaryPairQuery,
    success: { status: 200, description: "The CSV file, as an attachment.", media: { "text/csv": { type: "string" } } },
    handle: async (c, { query }, { services }) =>
      c.body(await exportGlossary(services, query.from, query.to), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="glossary-${query.from}-${query.to}.csv"`,
      }),
  }),

  endpoint({
    method: "POST",
    path: "/glossary/import",
    access: manage,
    bodyLimit: { maxBytes: 2 * MAX_GLOSSARY_CSV_BYTES },
    tag,
    summary: "Preview (dryRun) or apply a CSV file of terms: new ones added, known ones replaced, all approved",
    body: glossaryImportRequest,
    success: { status: 200, description: "What changed (or would change).", schema: glossaryImportResponse },
    otherResponses: { 400: "A bad file (size, CSV, header, a bad or repeated term): nothing is written." },
    handle: async (c, { body }, { services }) => {
      const terms = await readCsvOffThread(body.content);
      return c.json(
        (await importGlossary(services, actorUid(c), body, terms, body.dryRun)) satisfies Answer<
          typeof glossaryImportResponse
        >,
      );
    },
  }),

  endpoint({
    method: "POST",
    path: "/glossary",
    // The target language is in the body: a translator of it may propose (the handler checks it).
    access: need("translate", "in handler"),
    tag,
    summary: "Add a term: approved when an editor or admin adds it, proposed when a translator does",
    body: glossaryInput,
    success: { status: 201, description: "{ term }", schema: glossaryTermResponse },
    otherResponses: { 409: "The term is in this glossary already." },
    handle: async (c, { body }, { services }) => {
      await authorize(services, c, "translate", body.to);
      const term = await createTerm(services, c.get("user")!, body);
      c.header("ETag", glossaryTag(term));
      return c.json({ term } satisfies Answer<typeof glossaryTermResponse>, 201);
    },
  }),

  endpoint({
    method: "PATCH",
    path: "/glossary/:id",
    access: manage,
    tag,
    summary: "Change a term's fields sent, or approve a proposed one (status: approved)",
    params,
    body: glossaryUpdate,
    conditional: "write",
    success: { status: 200, description: "{ term }", schema: glossaryTermResponse },
    otherResponses: { 404: "No term with this id.", 409: "The new term is in this glossary already." },
    handle: async (c, { params: { id }, body }, { services }) => {
      const term = await updateTerm(services, actorUid(c), id, body, readPreconditions(c));
      return c.json({ term: withEntityTag(c, term, glossaryTag) } satisfies Answer<typeof glossaryTermResponse>);
    },
  }),

  endpoint({
    method: "GET",
    path: "/glossary/:id",
    access: manage,
    tag,
    summary: "One term",
    params,
    conditional: "read",
    success: { status: 200, description: "{ term }; the ETag is of the term", schema: glossaryTermResponse },
    otherResponses: { 404: "No term with this id." },
    handle: async (c, { params: { id } }, { services }) => {
      const term = await findTerm(services.database.db, id);
      if (!term) throw notFound("not_found", `id: no glossary term ${id}.`, "id");
      return c.json({ term: withEntityTag(c, term, glossaryTag) } satisfies Answer<typeof glossaryTermResponse>);
    },
  }),

  endpoint({
    method: "DELETE",
    path: "/glossary/:id",
    access: manage,
    tag,
    summary: "Delete a term",
    params,
    conditional: "write",
    success: { status: 204, description: "Deleted." },
    otherResponses: { 404: "No term with this id." },
    handle: async (c, { params: { id } }, { services }) => {
      await deleteTerm(services, actorUid(c), id, readPreconditions(c));
      return c.body(null, 204);
    },
  }),
];
