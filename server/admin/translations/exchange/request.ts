/**
 * An import request's body (a whole translation file in JSON: up to 4 MB) is decoded, parsed and validated on
 * the off-thread worker (decision 0154): on the event loop it held every other request for 30–190 ms. The file
 * never comes back to the event loop as text (receiving 2 MB of text from a thread costs about as much): the
 * worker reads the body once for the options and the head's target language, and once more, after the
 * importer's permission for that language is checked, for the whole file.
 */
import type { Context } from "hono";
import { importRequestSchema, type ExchangeFormat } from "#core/admin/translations/schema.ts";
import { readJsonOffThread } from "#server/http/body.ts";
import { jsonBodyOutcome, parseJsonBody, type JsonBodyOutcome } from "#server/http/json-body.ts";
import { runOffThreadForRequest } from "#server/untrusted/off-thread.ts";
import { FileRefused, IMPORT_BODY_LIMIT_BYTES } from "./document.ts";
import {
  readDeclaredTarget,
  readExchangeFile,
  refusedUnlessRead,
  type ExchangeFileSource,
  type ReadFile,
} from "./read.ts";
import type { ImportOptions } from "./service.ts";

const SPECIFIER = "#server/admin/translations/exchange/request.ts";

type Declared = { format: ExchangeFormat; targetLanguage: string } | { refusal: string };

/** The import's options and its file, from the request's body. */
export async function readImportRequest(c: Context): Promise<{ options: ImportOptions; file: ExchangeFileSource }> {
  const { value, body } = await readJsonOffThread<ImportOptions & { declared: Declared }>(c, IMPORT_BODY_LIMIT_BYTES, {
    specifier: SPECIFIER,
    exportName: "readRequestHead",
  });
  const { declared, ...options } = value;
  const file: ExchangeFileSource = {
    declared: async () => {
      if ("refusal" in declared) throw new FileRefused(declared.refusal);
      return declared;
    },
    // The body moves to the thread: it is read no more here.
    read: async (declaredTarget) =>
      refusedUnlessRead(
        await runOffThreadForRequest<{ body: Uint8Array; declaredTarget: string }, ReadFile>(
          "read the file",
          SPECIFIER,
          "readRequestFile",
          { body, declaredTarget },
          [body.buffer as ArrayBuffer],
        ),
      ),
  };
  return { options, file };
}

/** On the worker: the body's options, and the target language the file's head declares (or why it declares none). */
export function readRequestHead(bytes: Uint8Array): JsonBodyOutcome<ImportOptions & { declared: Declared }> {
  // The file's texts are checked where the whole file is read, naming the key (read.ts), not here.
  const outcome = jsonBodyOutcome(bytes, importRequestSchema, ["content"]);
  if (!outcome.ok) return outcome;
  const { content, ...options } = outcome.value;
  let declared: Declared;
  try {
    declared = readDeclaredTarget(content);
  } catch (error) {
    if (!(error instanceof FileRefused)) throw error;
    declared = { refusal: error.message };
  }
  return { ok: true, value: { ...options, declared }, body: outcome.body };
}

/** On the worker: the whole file of a body readRequestHead has read. */
export function readRequestFile({ body, declaredTarget }: { body: Uint8Array; declaredTarget: string }): ReadFile {
  const { content } = parseJsonBody(body, importRequestSchema, ["content"]);
  return readExchangeFile({ text: content, declaredTarget });
}
