/** Admin API: translations (mounted under /api/admin/translations behind the access gate, server/auth/access.ts). */
import { Hono } from "hono";
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
import { actorName, actorUid } from "#server/admin/actor.ts";
import { may } from "#core/auth/roles.ts";
import { authorize } from "#server/auth/access.ts";
import type { AppServices } from "#server/content/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import { readQuery } from "#server/http/query.ts";
import { textStream } from "#server/http/text-stream.ts";
import { apiRoute, errorSchema, type Answer } from "#server/http/openapi.ts";
import { validateInput } from "#server/http/validate.ts";
import { MEDIA_TYPES } from "./exchange/document.ts";
import { readImportRequest } from "./exchange/request.ts";
import { exportTranslations, importTranslations } from "./exchange/service.ts";
import { addTranslationKey, findTranslation, putTranslation, removeTranslation, translationsView, translationsViewAsReadBy } from "./service.ts";

/** The cell a path names; both parts arrive percent-decoded. */
function parseCell(rawKey: string, rawCode: string): { key: string; code: string } {
  return { key: validateInput(translationKey, rawKey, "key"), code: validateInput(languageCodeParam, rawCode, "code") };
}

/** The export's files by their media type (without the charset the answers add): text in the file's own format. */
const EXPORT_MEDIA = Object.fromEntries(Object.values(MEDIA_TYPES).map((type) => [type.split(";")[0]!, { type: "string" }]));

/** A refused import: the error and the whole report, so the screen can show every problem. */
const importRefusedSchema = errorSchema.extend({ report: importReportSchema });

export function translationsAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();

  app.get(
    "/",
    apiRoute({
      tag: "Translations",
      summary: "Every interface string in every language the caller may read (a translator: theirs and the favorite), with completeness",
      success: { status: 200, description: "The languages, rows and completeness; each cell carries `etag`, the ETag its own GET answers.", schema: translationsViewSchema },
    }),
    async (c) => c.json(translationsViewAsReadBy(c.get("user"), await translationsView(services)) satisfies Answer<typeof translationsViewSchema>),
  );

  app.get(
    "/export",
    apiRoute({
      tag: "Translations",
      summary: "Download a language's UI strings (XLIFF 2.0 or gettext PO) or article translations (XLIFF 2.0)",
      query: exportQuerySchema,
      success: { status: 200, description: "The file, as an attachment: XLIFF 2.0, or gettext PO (format=po).", media: EXPORT_MEDIA },
      otherResponses: { 404: "No such language.", 409: "No language is the favorite, so there is no source language to translate from." },
    }),
    async (c) => {
      const query = readQuery(c, exportQuerySchema);
      const file = await exportTranslations(services, query.lang, query.format, query.what, actorName(c));
      return c.body(textStream(file.body), 200, {
        "Content-Type": file.mediaType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "no-store",
      });
    },
  );

  /** Preview (dryRun) or apply; a refused plan is a 422 that still carries the whole report. */
  app.post(
    "/import",
    apiRoute({
      tag: "Translations",
      summary: "Preview (dryRun) or apply an XLIFF 2.0 file of UI strings and/or article translations, or a PO file of UI strings",
      body: importRequestSchema,
      success: { status: 200, description: "{ report }: what changed (or would change).", schema: importResponse },
      otherResponses: {
        422: { description: "Refused as a whole (invalid translations, unknown keys or language): { error, report }; nothing written.", schema: importRefusedSchema },
        503: "The worker that reads large texts is busy: try again in a moment.",
      },
    }),
    async (c) => {
      const { options, file } = await readImportRequest(c);
      const report = await importTranslations(services, actorUid(c), file, options, {
        authorize: (language) => authorize(services, c, "translate", language),
        mayPublish: (language) => may(c.get("user"), "publish", language),
      });
      if (report.refusal !== null) return c.json({ error: { code: "import_refused", message: report.refusal }, report } satisfies Answer<typeof importRefusedSchema>, 422);
      return c.json({ report } satisfies Answer<typeof importResponse>);
    },
  );

  app.post(
    "/",
    apiRoute({
      tag: "Translations",
      summary: "Add a translation key",
      body: newTranslationKeySchema,
      success: { status: 201, description: "{ key }: the new key's row", schema: newTranslationKeyResponse },
      otherResponses: { 409: "The key exists, or a page name is taken." },
    }),
    async (c) => {
      const input = await readJson(c, newTranslationKeySchema);
      return c.json({ key: await addTranslationKey(services, actorUid(c), input) } satisfies Answer<typeof newTranslationKeyResponse>, 201);
    },
  );

  app.get(
    "/:key/:code",
    apiRoute({
      tag: "Translations",
      summary: "One key's text in one language",
      params: { key: translationKey, code: languageCodeParam },
      conditional: "read",
      success: { status: 200, description: "{ cell }; the ETag is the cell's", schema: translationCellResponse },
      otherResponses: { 404: "The language has no text for this key." },
    }),
    async (c) => {
      const { key, code } = parseCell(c.req.param("key"), c.req.param("code"));
      const cell = await findTranslation(services, key, code);
      return cell
        ? c.json({ cell: withEntityTag(c, cell) } satisfies Answer<typeof translationCellResponse>)
        : errorResponse(404, "not_found", `${code} has no translation of ${key}.`);
    },
  );

  app.put(
    "/:key/:code",
    apiRoute({
      tag: "Translations",
      summary: "Set one key's text in one language (If-None-Match: * when the language has none yet)",
      params: { key: translationKey, code: languageCodeParam },
      body: translationCellSchema,
      conditional: "upsert",
      success: { status: 200, description: "{ cell }", schema: translationCellResponse },
      otherResponses: { 404: "No such key or language.", 409: "A page name is taken, or a section name would be empty." },
    }),
    async (c) => {
      const { key, code } = parseCell(c.req.param("key"), c.req.param("code"));
      const input = await readJson(c, translationCellSchema);
      return c.json({ cell: withEntityTag(c, await putTranslation(services, actorUid(c), key, code, input, readPreconditions(c))) } satisfies Answer<
        typeof translationCellResponse
      >);
    },
  );

  app.delete(
    "/:key/:code",
    apiRoute({
      tag: "Translations",
      summary: "Remove one key's text in one language",
      params: { key: translationKey, code: languageCodeParam },
      conditional: "write",
      success: { status: 204, description: "Removed." },
      otherResponses: { 404: "No such key or language.", 409: "A section name is required." },
    }),
    async (c) => {
      const { key, code } = parseCell(c.req.param("key"), c.req.param("code"));
      await removeTranslation(services, actorUid(c), key, code, readPreconditions(c));
      return c.body(null, 204);
    },
  );

  return app;
}
