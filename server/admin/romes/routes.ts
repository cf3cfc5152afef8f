/** Admin API: the ROME jobs reference (mounted under /api/admin/romes behind the admin gate). */
import { Hono } from "hono";
import {
  chunkIndexSchema,
  importProgressSchema,
  importStartedSchema,
  importSummarySchema,
  jobLabelResultSchema,
  jobLabelSavedResponse,
  labelBodySchema,
  labelParamsSchema,
  newImportSchema,
} from "#core/admin/romes/schema.ts";
import { actorUid } from "#server/admin/actor.ts";
import type { AppServices } from "#server/content/context.ts";
import { readJson } from "#server/http/body.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { apiRoute, type Answer } from "#server/http/openapi.ts";
import { errorResponse, HttpError } from "#server/http/errors.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import { validateInput } from "#server/http/validate.ts";
import { applyImport, createImport, expectChunk, storeChunk } from "./imports.ts";
import { exportCsv, findJobLabel, removeJobLabel, setJobLabel } from "./service.ts";

/** A raw chunk body; its size cap is the route's body limit (server/http/body-limits.ts). */
async function readChunkBody(request: Request): Promise<Uint8Array> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/octet-stream\s*(;|$)/i.test(contentType)) {
    throw new HttpError(415, "unsupported_media_type", "A chunk must be sent as raw bytes (Content-Type: application/octet-stream).");
  }
  return new Uint8Array(await request.arrayBuffer());
}

export function romesAdminApi(services: AppServices) {
  const app = new Hono<HttpEnv>();

  app.get(
    "/export.csv",
    apiRoute({
      tag: "ROME jobs",
      summary: "The reference with every label, as CSV",
      success: { status: 200, description: "rome.csv: the codes, their domains and a label column per language.", media: { "text/csv": { type: "string" } } },
    }),
    async (c) => {
      const csv = await exportCsv(services);
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="rome.csv"',
        "Cache-Control": "no-store",
      });
    },
  );

  app.get(
    "/:code/labels/:languageCode",
    apiRoute({
      tag: "ROME jobs",
      summary: "A job's label in one language",
      params: labelParamsSchema.shape,
      conditional: "read",
      success: { status: 200, description: "{ code, languageCode, label }; the ETag is this object's", schema: jobLabelResultSchema },
      otherResponses: { 404: "No such job, or no label in this language." },
    }),
    async (c) => {
      const params = validateInput(labelParamsSchema, c.req.param());
      const label = await findJobLabel(services, params.code, params.languageCode);
      return label
        ? c.json(withEntityTag(c, label) satisfies Answer<typeof jobLabelResultSchema>)
        : errorResponse(404, "not_found", `${params.code} has no label in ${params.languageCode}.`);
    },
  );

  app.put(
    "/:code/labels/:languageCode",
    apiRoute({
      tag: "ROME jobs",
      summary: "Set a job's label in one language (If-None-Match: * when it has none yet)",
      params: labelParamsSchema.shape,
      body: labelBodySchema,
      conditional: "upsert",
      success: { status: 200, description: "{ code, languageCode, label, changed }; the ETag is that of { code, languageCode, label }", schema: jobLabelSavedResponse },
      otherResponses: { 404: "No such job or language." },
    }),
    async (c) => {
      const params = validateInput(labelParamsSchema, c.req.param());
      const { label } = await readJson(c, labelBodySchema);
      const changed = await setJobLabel(services, { uid: actorUid(c), ...params, label }, readPreconditions(c));
      const saved = withEntityTag(c, { code: params.code, languageCode: params.languageCode, label });
      return c.json({ ...saved, changed } satisfies Answer<typeof jobLabelSavedResponse>);
    },
  );

  app.delete(
    "/:code/labels/:languageCode",
    apiRoute({
      tag: "ROME jobs",
      summary: "Remove a job's label in one language",
      params: labelParamsSchema.shape,
      conditional: "write",
      success: { status: 204, description: "Removed." },
      otherResponses: { 404: "No such job or language." },
    }),
    async (c) => {
      const params = validateInput(labelParamsSchema, c.req.param());
      await removeJobLabel(services, { uid: actorUid(c), ...params }, readPreconditions(c));
      return c.body(null, 204);
    },
  );

  app.post(
    "/imports",
    apiRoute({
      tag: "ROME jobs",
      summary: "Start a chunked import of a ROME CSV or XML file",
      body: newImportSchema,
      success: { status: 201, description: "The import's id and chunk size.", schema: importStartedSchema },
      otherResponses: { 413: "The file is too large.", 429: "Too many imports in progress." },
    }),
    async (c) => {
      const file = await readJson(c, newImportSchema);
      return c.json((await createImport(services, actorUid(c), file)) satisfies Answer<typeof importStartedSchema>, 201);
    },
  );

  app.put(
    "/imports/:id/chunks/:index",
    apiRoute({
      tag: "ROME jobs",
      summary: "Upload the next chunk of an import (raw bytes, at most 64 KiB)",
      params: { index: chunkIndexSchema },
      rawBody: { "application/octet-stream": { type: "string", format: "binary" } },
      success: { status: 200, description: "Progress: bytes received of the file's size.", schema: importProgressSchema },
      otherResponses: {
        404: "No such import.",
        409: "Not the chunk expected next, or the upload is complete.",
        413: "The chunk is larger than 64 KiB.",
        415: "The chunk is not application/octet-stream.",
      },
    }),
    async (c) => {
      const uid = actorUid(c);
      const id = c.req.param("id");
      const index = validateInput(chunkIndexSchema, c.req.param("index"), "index");
      // The order is checked before the bytes are read, so a wrong chunk costs no upload.
      await expectChunk(services, uid, id, index);
      const bytes = await readChunkBody(c.req.raw);
      return c.json((await storeChunk(services, uid, id, index, bytes)) satisfies Answer<typeof importProgressSchema>);
    },
  );

  app.post(
    "/imports/:id/apply",
    apiRoute({
      tag: "ROME jobs",
      summary: "Check and apply a completely uploaded import",
      success: { status: 200, description: "What was added, updated and refused.", schema: importSummarySchema },
      otherResponses: {
        404: "No such import.",
        409: "The upload is incomplete.",
        422: "The file was refused (the reasons listed).",
        503: "The worker that reads large texts is busy: try again in a moment.",
      },
    }),
    async (c) => {
      return c.json((await applyImport(services, actorUid(c), c.req.param("id"))) satisfies Answer<typeof importSummarySchema>);
    },
  );

  return app;
}
