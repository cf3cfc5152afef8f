/**
 * Admin API: translations (mounted under /api/admin/translations behind the admin gate,
 * which guarantees a signed-in admin in c.get("user")).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppServices } from "#server/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { validateInput } from "#server/http/validate.ts";
import { exportQuerySchema, importRequestSchema, newTranslationKeySchema, translationCellSchema, translationKey } from "#core/admin/translations/schema.ts";
import { readQuery } from "#server/http/query.ts";
import { MAX_EXCHANGE_FILE_BYTES } from "./exchange/document.ts";
import { translationsExchange } from "./exchange/service.ts";
import { translationsAdmin } from "./service.ts";

/** The file travels as JSON text: room for escaping on top of the file's own limit. */
const IMPORT_BODY_LIMIT_BYTES = 2 * MAX_EXCHANGE_FILE_BYTES;

const languageCode = z.string().min(1, "is required").max(35, "is too long for a language code");

/** The cell a path names; both parts arrive percent-decoded. */
function parseCell(rawKey: string, rawCode: string): { key: string; code: string } {
  return { key: validateInput(translationKey, rawKey, "key"), code: validateInput(languageCode, rawCode, "code") };
}

export function translationsAdminApi(services: AppServices) {
  const translations = translationsAdmin(services);
  const exchange = translationsExchange(services);
  const app = new Hono<HttpEnv>();

  app.get("/", async (c) => c.json(await translations.view()));

  app.get("/export", async (c) => {
    const query = readQuery(c, exportQuerySchema);
    const file = await exchange.export(query.lang, query.format);
    return c.body(file.body, 200, {
      "Content-Type": file.mediaType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
    });
  });

  /** Preview (dryRun) or apply; a refused plan is a 422 that still carries the whole report. */
  app.post("/import", async (c) => {
    const { content, ...options } = await readJson(c, importRequestSchema, IMPORT_BODY_LIMIT_BYTES);
    const report = await exchange.import(c.get("user")!.uid, content, options);
    if (report.refusal !== null) return c.json({ error: { code: "import_refused", message: report.refusal }, report }, 422);
    return c.json({ report });
  });

  app.post("/", async (c) => {
    const input = await readJson(c, newTranslationKeySchema);
    return c.json({ key: await translations.addKey(c.get("user")!.uid, input) }, 201);
  });

  app.put("/:key/:code", async (c) => {
    const { key, code } = parseCell(c.req.param("key"), c.req.param("code"));
    const input = await readJson(c, translationCellSchema);
    return c.json({ cell: await translations.put(c.get("user")!.uid, key, code, input) });
  });

  app.delete("/:key/:code", async (c) => {
    const { key, code } = parseCell(c.req.param("key"), c.req.param("code"));
    await translations.remove(c.get("user")!.uid, key, code);
    return c.body(null, 204);
  });

  return app;
}
