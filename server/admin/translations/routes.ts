/** Admin API: translations (mounted under /api/admin/translations behind the admin gate). */
import { Hono } from "hono";
import { languageCodeParam, newTranslationKeySchema, translationCellSchema, translationKey } from "#core/admin/translations/schema.ts";
import { actorUid } from "#server/admin/actor.ts";
import type { AppServices } from "#server/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { apiRoute } from "#server/ops/openapi.ts";
import { validateInput } from "#server/http/validate.ts";
import { addTranslationKey, putTranslation, removeTranslation, translationsView } from "./service.ts";

/** The cell a path names; both parts arrive percent-decoded. */
function parseCell(rawKey: string, rawCode: string): { key: string; code: string } {
  return { key: validateInput(translationKey, rawKey, "key"), code: validateInput(languageCodeParam, rawCode, "code") };
}

export function translationsAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();

  app.get("/", apiRoute({ tag: "Translations", summary: "Every interface string in every language, with completeness", success: { status: 200, description: "The languages, rows and completeness." } }), async (c) => c.json(await translationsView(services)));

  app.post("/", apiRoute({ tag: "Translations", summary: "Add a translation key", body: newTranslationKeySchema, success: { status: 201, description: "{ key }" }, otherResponses: { 409: "The key exists, or a page name is taken." } }), async (c) => {
    const input = await readJson(c, newTranslationKeySchema);
    return c.json({ key: await addTranslationKey(services, actorUid(c), input) }, 201);
  });

  app.put("/:key/:code", apiRoute({ tag: "Translations", summary: "Set one key's text in one language", params: { key: translationKey, code: languageCodeParam }, body: translationCellSchema, success: { status: 200, description: "{ cell }" }, otherResponses: { 404: "No such key or language.", 409: "A page name is taken, or a section name would be empty." } }), async (c) => {
    const { key, code } = parseCell(c.req.param("key"), c.req.param("code"));
    const input = await readJson(c, translationCellSchema);
    return c.json({ cell: await putTranslation(services, actorUid(c), key, code, input) });
  });

  app.delete("/:key/:code", apiRoute({ tag: "Translations", summary: "Remove one key's text in one language", params: { key: translationKey, code: languageCodeParam }, success: { status: 204, description: "Removed." }, otherResponses: { 404: "No such key or language.", 409: "A section name is required." } }), async (c) => {
    const { key, code } = parseCell(c.req.param("key"), c.req.param("code"));
    await removeTranslation(services, actorUid(c), key, code);
    return c.body(null, 204);
  });

  return app;
}
