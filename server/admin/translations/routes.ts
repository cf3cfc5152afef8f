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
import { newTranslationKeySchema, translationCellSchema, translationKey } from "#core/admin/translations/schema.ts";
import { translationsAdmin } from "./service.ts";

const languageCode = z.string().min(1, "is required").max(35, "is too long for a language code");

/** The cell a path names; both parts arrive percent-decoded. */
function parseCell(rawKey: string, rawCode: string): { key: string; code: string } {
  return { key: validateInput(translationKey, rawKey, "key"), code: validateInput(languageCode, rawCode, "code") };
}

export function translationsAdminApi(services: AppServices) {
  const translations = translationsAdmin(services);
  const app = new Hono<HttpEnv>();

  app.get("/", async (c) => c.json(await translations.view()));

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
