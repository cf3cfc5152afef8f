/**
 * Admin API: languages (mounted under /api/admin/languages behind the admin gate,
 * which guarantees a signed-in admin in c.get("user")).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppServices } from "#server/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { validateInput } from "#server/http/validate.ts";
import { languagePatchSchema, newLanguageSchema } from "#core/admin/languages/schema.ts";
import { languagesAdmin } from "./service.ts";

const languageId = z.coerce.number({ error: "must be a number" }).int("must be a whole number").positive("must be positive").max(2_147_483_647, "is too large");
const parseId = (raw: string) => validateInput(languageId, raw, "id");

export function languagesAdminApi(services: AppServices) {
  const languages = languagesAdmin(services);
  const app = new Hono<HttpEnv>();

  app.get("/", async (c) => c.json({ languages: await languages.list() }));

  app.post("/", async (c) => {
    const input = await readJson(c, newLanguageSchema);
    return c.json({ language: await languages.add(c.get("user")!.uid, input) }, 201);
  });

  app.patch("/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    const patch = await readJson(c, languagePatchSchema);
    return c.json({ language: await languages.update(c.get("user")!.uid, id, patch) });
  });

  app.post("/:id/favorite", async (c) => {
    const id = parseId(c.req.param("id"));
    return c.json({ language: await languages.makeFavorite(c.get("user")!.uid, id) });
  });

  return app;
}
