/** Admin API: translations (mounted under /api/admin/translations behind the admin gate). */
import { Hono } from "hono";
import { languageCodeParam, newTranslationKeySchema, translationCellSchema, translationKey } from "#core/admin/translations/schema.ts";
import { actorUid } from "#server/admin/actor.ts";
import type { AppServices } from "#server/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { validateInput } from "#server/http/validate.ts";
import { addTranslationKey, putTranslation, removeTranslation, translationsView } from "./service.ts";

/** The cell a path names; both parts arrive percent-decoded. */
function parseCell(rawKey: string, rawCode: string): { key: string; code: string } {
  return { key: validateInput(translationKey, rawKey, "key"), code: validateInput(languageCodeParam, rawCode, "code") };
}

export function translationsAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();

  app.get("/", async (c) => c.json(await translationsView(services)));

  app.post("/", async (c) => {
    const input = await readJson(c, newTranslationKeySchema);
    return c.json({ key: await addTranslationKey(services, actorUid(c), input) }, 201);
  });

  app.put("/:key/:code", async (c) => {
    const { key, code } = parseCell(c.req.param("key"), c.req.param("code"));
    const input = await readJson(c, translationCellSchema);
    return c.json({ cell: await putTranslation(services, actorUid(c), key, code, input) });
  });

  app.delete("/:key/:code", async (c) => {
    const { key, code } = parseCell(c.req.param("key"), c.req.param("code"));
    await removeTranslation(services, actorUid(c), key, code);
    return c.body(null, 204);
  });

  return app;
}
