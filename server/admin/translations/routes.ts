/** Admin API: translations — each endpoint declared once, beside its handler (server/http/endpoint.ts, decision 0175). */
import {
  exportQuerySchema,
  importRequestSchema,
  importResponse,
  importReportSchema,
  languageCodeParam,
  newTranslationKeyResponse,
  newTranslationKeySchema,
  translationCellResponse,
  translationCellSchema,
  translationKey,
  translationsViewSchema,
} from "#core/admin/translations/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { may } from "#core/auth/roles.ts";
import { actorName, actorUid } from "#server/admin/actor.ts";
import { authorize } from "#server/auth/access.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import { textStream } from "#server/http/text-stream.ts";
import { errorSchema, type Answer } from "#server/http/openapi.ts";
import { IMPORT_BODY_LIMIT_BYTES, MEDIA_TYPES } from "./exchange/document.ts";
import { readImportRequest } from "./exchange/request.ts";
import { exportTranslations, importTranslations } from "./exchange/service.ts";
import {
  addTranslationKey,
  findTranslation,
  putTranslation,
  removeTranslation,
  translationsView,
  translationsViewAsReadBy,
} from "./service.ts";

/** The export's files by their media type (without the charset the answers add): text in the file's own format. */
const EXPORT_MEDIA = Object.fromEntries(
  Object.values(MEDIA_TYPES).map((type) => [type.split(";")[0]!, { type: "string" }]),
);

/** A refused import: the error and the whole report, so the screen can show every problem. */
const importRefusedSchema = errorSchema.extend({ report: importReportSchema });

const tag = "Translations";
const CELL = "/translations/:key/:code";
const cell = { key: translationKey, code: languageCodeParam };
const translator = need("translate", { param: "code" });

export const translationEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/translations",
    access: need("admin.enter"),
    tag,
    summary:
      "Every interface string in every language the caller may read (a translator: theirs and the favorite), with completeness",
    success: {
      status: 200,
      description: "The languages, rows and completeness; each cell carries `etag`, the ETag its own GET answers.",
      schema: translationsViewSchema,
    },
    handle: async (c, _input, { services }) =>
      c.json(
        translationsViewAsReadBy(c.get("user"), await translationsView(services)) satisfies Answer<
          typeof translationsViewSchema
        >,
      ),
  }),

  endpoint({
    method: "GET",
    path: "/translations/export",
    access: need("translate", { query: "lang" }),
    tag,
    summary: "Download a language's UI strings (XLIFF 2.0 or gettext PO) or article translations (XLIFF 2.0)",
    query: exportQuerySchema,
    success: {
      status: 200,
      description: "The file, as an attachment: XLIFF 2.0, or gettext PO (format=po).",
      media: EXPORT_MEDIA,
    },
    otherResponses: {
      404: "No such language.",
      409: "No language is the favorite, so there is no source language to translate from.",
    },
    handle: async (c, { query }, { services }) => {
      const file = await exportTranslations(services, query.lang, query.format, query.what, actorName(c));
      return c.body(textStream(file.body), 200, {
        "Content-Type": file.mediaType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "no-store",
      });
    },
  }),

  /** Preview (dryRun) or apply; a refused plan is a 422 that still carries the whole report. */
  endpoint({
    method: "POST",
    path: "/translations/import",
    // The language is the file's: the handler checks it once the file's head is read.
    access: need("translate", "in handler"),
    bodyLimit: { maxBytes: IMPORT_BODY_LIMIT_BYTES },
    tag,
    summary:
      "Preview (dryRun) or apply an XLIFF 2.0 file of UI strings and/or article translations, or a PO file of UI strings",
    // Up to 4 MB of JSON: read off the event loop by the handler (readImportRequest, decision 0154).
    bodyReadInHandler: importRequestSchema,
    success: { status: 200, description: "{ report }: what changed (or would change).", schema: importResponse },
    otherResponses: {
      422: {
        description:
          "Refused as a whole (invalid translations, unknown keys or language): { error, report }; nothing written.",
        schema: importRefusedSchema,
      },
      503: "The worker that reads large texts is busy: try again in a moment.",
    },
    handle: async (c, _input, { services }) => {
      const { options, file } = await readImportRequest(c);
      const report = await importTranslations(services, actorUid(c), file, options, {
        authorize: (language) => authorize(services, c, "translate", language),
        mayPublish: (language) => may(c.get("user"), "publish", language),
      });
      if (report.refusal !== null)
        return c.json(
          { error: { code: "import_refused", message: report.refusal }, report } satisfies Answer<
            typeof importRefusedSchema
          >,
          422,
        );
      return c.json({ report } satisfies Answer<typeof importResponse>);
    },
  }),

  endpoint({
    method: "POST",
    path: "/translations",
    access: need("content.manage"),
    tag,
    summary: "Add a translation key",
    body: newTranslationKeySchema,
    success: { status: 201, description: "{ key }: the new key's row", schema: newTranslationKeyResponse },
    otherResponses: { 409: "The key exists, or a page name is taken." },
    handle: async (c, { body }, { services }) =>
      c.json(
        { key: await addTranslationKey(services, actorUid(c), body) } satisfies Answer<
          typeof newTranslationKeyResponse
        >,
        201,
      ),
  }),

  endpoint({
    method: "GET",
    path: CELL,
    access: translator,
    tag,
    summary: "One key's text in one language",
    params: cell,
    conditional: "read",
    success: { status: 200, description: "{ cell }; the ETag is the cell's", schema: translationCellResponse },
    otherResponses: { 404: "The language has no text for this key." },
    handle: async (c, { params: { key, code } }, { services }) => {
      const found = await findTranslation(services, key, code);
      return found
        ? c.json({ cell: withEntityTag(c, found) } satisfies Answer<typeof translationCellResponse>)
        : errorResponse(404, "not_found", `${code} has no translation of ${key}.`);
    },
  }),

  endpoint({
    method: "PUT",
    path: CELL,
    access: translator,
    tag,
    summary: "Set one key's text in one language (If-None-Match: * when the language has none yet)",
    params: cell,
    body: translationCellSchema,
    conditional: "upsert",
    success: { status: 200, description: "{ cell }", schema: translationCellResponse },
    otherResponses: { 404: "No such key or language.", 409: "A page name is taken, or a section name would be empty." },
    handle: async (c, { params: { key, code }, body }, { services }) =>
      c.json({
        cell: withEntityTag(c, await putTranslation(services, actorUid(c), key, code, body, readPreconditions(c))),
      } satisfies Answer<typeof translationCellResponse>),
  }),

  endpoint({
    method: "DELETE",
    path: CELL,
    access: translator,
    tag,
    summary: "Remove one key's text in one language",
    params: cell,
    conditional: "write",
    success: { status: 204, description: "Removed." },
    otherResponses: { 404: "No such key or language.", 409: "A section name is required." },
    handle: async (c, { params: { key, code } }, { services }) => {
      await removeTranslation(services, actorUid(c), key, code, readPreconditions(c));
      return c.body(null, 204);
    },
  }),
];
