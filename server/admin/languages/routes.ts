/** Admin API: languages (mounted under /api/admin/languages behind the admin gate). */
import { Hono } from "hono";
import { languageIdParam, languagePatchSchema, newLanguageSchema } from "#core/admin/languages/schema.ts";
import { actorUid } from "#server/admin/actor.ts";
import type { AppServices } from "#server/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { validateInput } from "#server/http/validate.ts";
import { addLanguage, listLanguages, makeFavoriteLanguage, updateLanguage } from "./service.ts";

const parseId = (raw: string) => validateInput(languageIdParam, raw, "id");

export function languagesAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();

  app.get("/", async (c) => c.json({ languages: await listLanguages(services) }));

  app.post("/", async (c) => {
    const input = await readJson(c, newLanguageSchema);
    return c.json({ language: await addLanguage(services, actorUid(c), input) }, 201);
  });

  app.patch("/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    const patch = await readJson(c, languagePatchSchema);
    return c.json({ language: await updateLanguage(services, actorUid(c), id, patch) });
  });

  app.post("/:id/favorite", async (c) => {
    const id = parseId(c.req.param("id"));
    return c.json({ language: await makeFavoriteLanguage(services, actorUid(c), id) });
  });

  return app;
}
