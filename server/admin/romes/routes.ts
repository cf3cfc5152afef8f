/** Admin API: the ROME jobs reference (mounted under /api/admin/romes behind the admin gate). */
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppServices } from "#server/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { HttpError } from "#server/http/errors.ts";
import { validateInput } from "#server/http/validate.ts";
import { applyImport, createImport, expectChunk, IMPORT_CHUNK_BYTES, newImportSchema, storeChunk } from "./imports.ts";
import { jobLabelSchema, romeCodeSchema } from "#core/admin/romes/schema.ts";
import { exportCsv, removeJobLabel, setJobLabel } from "./service.ts";

const labelParamsSchema = z.object({
  code: romeCodeSchema,
  languageCode: z.string().min(1, "must not be empty").max(35, "must be at most 35 characters"),
});
const labelBodySchema = z.object({ label: jobLabelSchema });
const chunkIndexSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,5})$/, "must be a chunk number: 0, 1, 2…")
  .transform(Number);

function adminUid(c: Context<HttpEnv>): string {
  const user = c.get("user");
  // adminOnly() ran before: this only satisfies the type checker.
  if (!user?.isAdmin) throw new HttpError(403, "forbidden", "Your account does not have access to the admin area.");
  return user.uid;
}

/** Reads a raw chunk body of at most `limit` bytes; a 413 as soon as it grows past it. */
async function readChunkBody(request: Request, limit: number): Promise<Uint8Array> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/octet-stream\s*(;|$)/i.test(contentType)) {
    throw new HttpError(415, "unsupported_media_type", "A chunk must be sent as raw bytes (Content-Type: application/octet-stream).");
  }
  const tooLarge = () => new HttpError(413, "chunk_too_large", `A chunk may be at most 64 KiB (${limit} bytes).`, "body");
  if (Number(request.headers.get("content-length") ?? "0") > limit) throw tooLarge();
  const reader = request.body?.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    total += next.value.byteLength;
    if (total > limit) {
      await reader?.cancel();
      throw tooLarge();
    }
    parts.push(next.value);
  }
  return Buffer.concat(parts, total);
}

export function romesAdminApi(services: AppServices) {
  const { db } = services.database;
  const app = new Hono<HttpEnv>();

  app.get("/export.csv", async (c) => {
    const csv = await exportCsv(db);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="rome.csv"',
      "Cache-Control": "no-store",
    });
  });

  app.put("/:code/labels/:languageCode", async (c) => {
    const params = validateInput(labelParamsSchema, c.req.param());
    const { label } = await readJson(c, labelBodySchema);
    const changed = await setJobLabel(db, { uid: adminUid(c), ...params, label });
    if (changed) await services.content.changed();
    return c.json({ code: params.code, languageCode: params.languageCode, label, changed });
  });

  app.delete("/:code/labels/:languageCode", async (c) => {
    const params = validateInput(labelParamsSchema, c.req.param());
    await removeJobLabel(db, { uid: adminUid(c), ...params });
    await services.content.changed();
    return c.body(null, 204);
  });

  app.post("/imports", async (c) => {
    const file = await readJson(c, newImportSchema);
    return c.json(await createImport(db, adminUid(c), file), 201);
  });

  app.put("/imports/:id/chunks/:index", async (c) => {
    const uid = adminUid(c);
    const id = c.req.param("id");
    const index = validateInput(chunkIndexSchema, c.req.param("index"), "index");
    // The order is checked before the bytes are read, so a wrong chunk costs no upload.
    await expectChunk(db, uid, id, index);
    const bytes = await readChunkBody(c.req.raw, IMPORT_CHUNK_BYTES);
    return c.json(await storeChunk(db, uid, id, index, bytes));
  });

  app.post("/imports/:id/apply", async (c) => {
    return c.json(await applyImport(services, adminUid(c), c.req.param("id")));
  });

  return app;
}
