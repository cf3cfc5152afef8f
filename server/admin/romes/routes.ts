/** Admin API: the ROME jobs reference — each endpoint declared once, beside its handler (server/http/endpoint.ts, decision 0175). */
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
import { need } from "#core/auth/endpoint-access.ts";
import { unsupportedMedia } from "#core/errors.ts";
import { actorUid } from "#server/admin/actor.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import { errorResponse } from "#server/http/errors.ts";
import { readPreconditions, withEntityTag } from "#server/http/preconditions.ts";
import type { Answer } from "#server/http/openapi.ts";
import { applyImport, createImport, expectChunk, IMPORT_CHUNK_BYTES, storeChunk } from "./imports.ts";
import { exportCsv, findJobLabel, removeJobLabel, setJobLabel } from "./service.ts";

/** A raw chunk body; its size cap is the declaration's body limit. */
async function readChunkBody(request: Request): Promise<Uint8Array> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/octet-stream\s*(;|$)/i.test(contentType)) {
    throw unsupportedMedia(
      "unsupported_media_type",
      "A chunk must be sent as raw bytes (Content-Type: application/octet-stream).",
    );
  }
  return new Uint8Array(await request.arrayBuffer());
}

const tag = "ROME jobs";
const LABEL = "/romes/:code/labels/:languageCode";
const translator = need("translate", { param: "languageCode" });
const importer = need("content.manage");

export const romeEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/romes/export.csv",
    access: need("admin.enter"),
    tag,
    summary: "The reference with every label, as CSV",
    success: {
      status: 200,
      description: "rome.csv: the codes, their domains and a label column per language.",
      media: { "text/csv": { type: "string" } },
    },
    handle: async (c, _input, { services }) =>
      c.body(await exportCsv(services), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="rome.csv"',
        "Cache-Control": "no-store",
      }),
  }),

  endpoint({
    method: "GET",
    path: LABEL,
    access: translator,
    tag,
    summary: "A job's label in one language",
    params: labelParamsSchema.shape,
    conditional: "read",
    success: {
      status: 200,
      description: "{ code, languageCode, label }; the ETag is this object's",
      schema: jobLabelResultSchema,
    },
    otherResponses: { 404: "No such job, or no label in this language." },
    handle: async (c, { params }, { services }) => {
      const label = await findJobLabel(services, params.code, params.languageCode);
      return label
        ? c.json(withEntityTag(c, label) satisfies Answer<typeof jobLabelResultSchema>)
        : errorResponse(404, "not_found", `${params.code} has no label in ${params.languageCode}.`);
    },
  }),

  endpoint({
    method: "PUT",
    path: LABEL,
    access: translator,
    tag,
    summary: "Set a job's label in one language (If-None-Match: * when it has none yet)",
    params: labelParamsSchema.shape,
    body: labelBodySchema,
    conditional: "upsert",
    success: {
      status: 200,
      description: "{ code, languageCode, label, changed }; the ETag is that of { code, languageCode, label }",
      schema: jobLabelSavedResponse,
    },
    otherResponses: { 404: "No such job or language." },
    handle: async (c, { params, body: { label } }, { services }) => {
      const changed = await setJobLabel(services, { uid: actorUid(c), ...params, label }, readPreconditions(c));
      const saved = withEntityTag(c, { code: params.code, languageCode: params.languageCode, label });
      return c.json({ ...saved, changed } satisfies Answer<typeof jobLabelSavedResponse>);
    },
  }),

  endpoint({
    method: "DELETE",
    path: LABEL,
    access: translator,
    tag,
    summary: "Remove a job's label in one language",
    params: labelParamsSchema.shape,
    conditional: "write",
    success: { status: 204, description: "Removed." },
    otherResponses: { 404: "No such job or language." },
    handle: async (c, { params }, { services }) => {
      await removeJobLabel(services, { uid: actorUid(c), ...params }, readPreconditions(c));
      return c.body(null, 204);
    },
  }),

  endpoint({
    method: "POST",
    path: "/romes/imports",
    access: importer,
    tag,
    summary: "Start a chunked import of a ROME CSV or XML file",
    body: newImportSchema,
    success: { status: 201, description: "The import's id and chunk size.", schema: importStartedSchema },
    otherResponses: { 413: "The file is too large.", 429: "Too many imports in progress." },
    handle: async (c, { body }, { services }) =>
      c.json((await createImport(services, actorUid(c), body)) satisfies Answer<typeof importStartedSchema>, 201),
  }),

  endpoint({
    method: "PUT",
    path: "/romes/imports/:id/chunks/:index",
    access: importer,
    bodyLimit: {
      maxBytes: IMPORT_CHUNK_BYTES,
      code: "chunk_too_large",
      message: `A chunk may be at most 64 KiB (${IMPORT_CHUNK_BYTES} bytes).`,
    },
    tag,
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
    handle: async (c, { params: { index } }, { services }) => {
      const uid = actorUid(c);
      // Any text: an id of another shape is no import (404, imports.ts).
      const id = c.req.param("id") ?? "";
      // The order is checked before the bytes are read, so a wrong chunk costs no upload.
      await expectChunk(services, uid, id, index);
      const bytes = await readChunkBody(c.req.raw);
      return c.json((await storeChunk(services, uid, id, index, bytes)) satisfies Answer<typeof importProgressSchema>);
    },
  }),

  endpoint({
    method: "POST",
    path: "/romes/imports/:id/apply",
    access: importer,
    tag,
    summary: "Check and apply a completely uploaded import",
    success: { status: 200, description: "What was added, updated and refused.", schema: importSummarySchema },
    otherResponses: {
      404: "No such import.",
      409: "The upload is incomplete.",
      422: "The file was refused (the reasons listed).",
      503: "The worker that reads large texts is busy: try again in a moment.",
    },
    handle: async (c, _input, { services }) =>
      c.json(
        (await applyImport(services, actorUid(c), c.req.param("id") ?? "")) satisfies Answer<
          typeof importSummarySchema
        >,
      ),
  }),
];
