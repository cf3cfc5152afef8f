/**
 * Importing a ROME file: the browser uploads it in 64 KiB chunks into an
 * upload session kept in the database (any instance can take the next chunk),
 * then asks to apply it: the stored chunks are streamed through the parser
 * and the result written in one transaction — all of it or, for a refused
 * file, nothing.
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { ImportProgress, ImportStarted, ImportSummary, NewImport, RejectedRow } from "#core/admin/romes/schema.ts";
import type { AdminServices } from "#server/content/context.ts";
import type { Database } from "#server/db/schema.ts";
import { conflict, invalid, notFound, tooLarge, tooMany, unprocessable } from "#core/errors.ts";
import { recordAudit } from "#server/audit/record.ts";
import { writeContent } from "#server/admin/content-write.ts";
import { planImport } from "#server/admin/romes/diff.ts";
import { MAX_IMPORT_BYTES, parseRomeFileOffThread, type RomeRow } from "#server/admin/romes/parse.ts";

export const IMPORT_CHUNK_BYTES = 64 * 1024;
export const IMPORT_SESSION_MS = 10 * 60 * 1000;
/** Bounds what one admin can park in the database at once (each upload is at most 5 MiB). */
export const MAX_OPEN_IMPORTS_PER_ADMIN = 5;
/** Rows per INSERT or UPDATE statement, well within both databases' bound-parameter limits. */
const INSERT_BATCH = 500;

interface RomeImportsTable {
  id: string;
  uid: string;
  filename: string;
  size: number;
  received: number;
  next_index: number;
  created_at: string;
  expires_at: string;
}

interface RomeImportChunksTable {
  import_id: string;
  chunk_index: number;
  bytes: Uint8Array;
}

/** The upload tables are this module's alone, so their types stay here. */
type ImportTables = { rome_imports: RomeImportsTable; rome_import_chunks: RomeImportChunksTable };
type ImportDatabase = Database & ImportTables;
type ImportDb = Kysely<ImportDatabase>;

function withImportTables(db: Kysely<Database>): ImportDb {
  return db.withTables<ImportTables>();
}

const IMPORT_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const noSuchImport = () =>
  notFound(
    "import_not_found",
    "No such upload: it has expired (uploads last 10 minutes), was already applied, or was started by someone else. Start the import again.",
  );

export function sizeLimitMessage(): string {
  return `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB.`;
}

/** The byte count chunk `index` must have, given the declared file size: 64 KiB except for the last one. */
export function expectedChunkBytes(size: number, index: number): number {
  return Math.max(0, Math.min(IMPORT_CHUNK_BYTES, size - index * IMPORT_CHUNK_BYTES));
}

export async function createImport(
  services: AdminServices,
  uid: string,
  file: NewImport,
  now = new Date(),
): Promise<ImportStarted> {
  if (file.size > MAX_IMPORT_BYTES) throw tooLarge("file_too_large", sizeLimitMessage(), "size");
  const db = withImportTables(services.database.db);
  // Expired uploads go whenever a new one starts: no timer, and every instance helps.
  await db.deleteFrom("rome_imports").where("expires_at", "<=", now.toISOString()).execute();
  const open = await db
    .selectFrom("rome_imports")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("uid", "=", uid)
    .executeTakeFirstOrThrow();
  if (Number(open.count) >= MAX_OPEN_IMPORTS_PER_ADMIN) {
    throw tooMany(
      "too_many_imports",
      `You already have ${MAX_OPEN_IMPORTS_PER_ADMIN} uploads in progress; finish them or wait 10 minutes.`,
    );
  }
  const id = randomBytes(16).toString("base64url");
  await db
    .insertInto("rome_imports")
    .values({
      id,
      uid,
      filename: file.filename,
      size: file.size,
      received: 0,
      next_index: 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IMPORT_SESSION_MS).toISOString(),
    })
    .execute();
  return { id, chunkBytes: IMPORT_CHUNK_BYTES };
}

/** The caller's own, unexpired upload; anything else is the same 404, so ids of others' uploads reveal nothing. */
async function findOpenImport(
  db: ImportDb | Transaction<ImportDatabase>,
  uid: string,
  id: string,
  now: Date,
): Promise<RomeImportsTable> {
  if (!IMPORT_ID_PATTERN.test(id)) throw noSuchImport();
  const session = await db
    .selectFrom("rome_imports")
    .selectAll()
    .where("id", "=", id)
    .where("uid", "=", uid)
    .executeTakeFirst();
  if (!session || session.expires_at <= now.toISOString()) throw noSuchImport();
  return session;
}

/** Checks that chunk `index` is the one expected next, before its bytes are read. */
export async function expectChunk(
  services: AdminServices,
  uid: string,
  id: string,
  index: number,
  now = new Date(),
): Promise<void> {
  checkChunkIndex(await findOpenImport(withImportTables(services.database.db), uid, id, now), index);
}

function checkChunkIndex(session: RomeImportsTable, index: number): number {
  if (session.received >= session.size) {
    throw conflict("upload_complete", `All ${session.size} bytes were already received; apply the import.`);
  }
  if (index !== session.next_index) {
    throw conflict(
      "wrong_chunk",
      `Expected chunk ${session.next_index}, got chunk ${index}: chunks are sent in order, from 0.`,
      "index",
    );
  }
  return expectedChunkBytes(session.size, index);
}

export async function storeChunk(
  services: AdminServices,
  uid: string,
  id: string,
  index: number,
  bytes: Uint8Array,
  now = new Date(),
): Promise<ImportProgress> {
  const db = withImportTables(services.database.db);
  return db.transaction().execute(async (trx) => {
    const session = await findOpenImport(trx, uid, id, now);
    const expected = checkChunkIndex(session, index);
    if (bytes.byteLength !== expected) {
      throw invalid(
        "wrong_chunk_size",
        `Chunk ${index} must be ${expected} bytes (64 KiB except the last), got ${bytes.byteLength}.`,
        "body",
      );
    }
    // Claims the index atomically: of two requests racing with the same chunk, one wins and the other gets 409.
    const claimed = await trx
      .updateTable("rome_imports")
      .set({ next_index: index + 1, received: session.received + bytes.byteLength })
      .where("id", "=", id)
      .where("next_index", "=", index)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1)
      throw conflict("wrong_chunk", `Chunk ${index} was already received.`, "index");
    await trx
      .insertInto("rome_import_chunks")
      .values({ import_id: id, chunk_index: index, bytes: Buffer.from(bytes) })
      .execute();
    return { received: session.received + bytes.byteLength, size: session.size };
  });
}

/** The stored chunks as one file (at most MAX_IMPORT_BYTES), read one query at a time, for the parser's thread. */
async function storedFile(db: ImportDb, id: string, count: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for (let index = 0; index < count; index += 1) {
    const chunk = await db
      .selectFrom("rome_import_chunks")
      .select("bytes")
      .where("import_id", "=", id)
      .where("chunk_index", "=", index)
      .executeTakeFirst();
    if (!chunk) throw noSuchImport(); // removed by a concurrent apply
    chunks.push(chunk.bytes);
  }
  return Buffer.concat(chunks);
}

/** Parses the uploaded file and applies it in one transaction, with one audit entry. */
export async function applyImport(
  services: AdminServices,
  uid: string,
  id: string,
  now = new Date(),
): Promise<ImportSummary> {
  const db = withImportTables(services.database.db);
  const session = await findOpenImport(db, uid, id, now);
  if (session.received !== session.size) {
    throw conflict(
      "upload_incomplete",
      `The upload is incomplete: ${session.received} of ${session.size} bytes received.`,
    );
  }
  const parsed = await parseRomeFileOffThread({
    bytes: await storedFile(db, id, session.next_index),
    filename: session.filename,
  });
  if (!parsed.ok) {
    await db.deleteFrom("rome_imports").where("id", "=", id).execute();
    throw unprocessable("file_refused", parsed.message);
  }
  return writeContent(
    services,
    async (trx) => {
      // On PostgreSQL, concurrent imports and label edits wait for this one instead of colliding on new codes.
      if (services.database.dialect === "postgres")
        await sql`lock table rome_jobs in share row exclusive mode`.execute(trx);
      // Consuming the session inside the transaction makes a second apply of the same upload a 404.
      const consumed = await trx
        .withTables<ImportTables>()
        .deleteFrom("rome_imports")
        .where("id", "=", id)
        .where("uid", "=", uid)
        .executeTakeFirst();
      if (Number(consumed.numDeletedRows) !== 1) throw noSuchImport();
      return writeRows(trx, uid, session.filename, parsed.format, parsed.rows, parsed.rejected, now);
    },
    // An import that changed no label leaves the public pages as they were.
    { changedContent: (summary) => summary.added > 0 || summary.updated > 0 },
  );
}

async function writeRows(
  trx: Transaction<Database>,
  uid: string,
  filename: string,
  format: "xml" | "csv",
  rows: RomeRow[],
  parserRejected: RejectedRow[],
  now: Date,
): Promise<ImportSummary> {
  const at = now.toISOString();
  const [existing, domains] = await Promise.all([
    trx.selectFrom("rome_jobs").select(["code", "label"]).execute(),
    trx.selectFrom("rome_domains").select("letter").execute(),
  ]);
  const plan = planImport(existing, rows);
  const knownDomains = new Set(domains.map((domain) => domain.letter));
  const added = plan.added.filter((row) => knownDomains.has(row.code.charAt(0)));
  const rejected = [
    ...parserRejected,
    ...plan.added
      .filter((row) => !knownDomains.has(row.code.charAt(0)))
      .map((row) => ({ line: row.line, code: row.code, reason: `unknown domaine ${row.code.charAt(0)}` })),
  ].sort((a, b) => a.line - b.line);

  for (let start = 0; start < added.length; start += INSERT_BATCH) {
    await trx
      .insertInto("rome_jobs")
      .values(
        added.slice(start, start + INSERT_BATCH).map((row) => ({
          code: row.code,
          ogr: row.ogr,
          domain: row.code.charAt(0),
          label: row.label,
          updated_at: at,
        })),
      )
      .execute();
  }
  // One statement per batch (a CASE over the codes) rather than one per code: a new ROME version may relabel hundreds.
  for (let start = 0; start < plan.updated.length; start += INSERT_BATCH) {
    const batch = plan.updated.slice(start, start + INSERT_BATCH).map(({ row }) => row);
    const labels = sql.join(
      batch.map((row) => sql`when ${row.code} then ${row.label}`),
      sql` `,
    );
    await trx
      .updateTable("rome_jobs")
      .set({ label: sql<string>`case code ${labels} end`, updated_at: at })
      .where(
        "code",
        "in",
        batch.map((row) => row.code),
      )
      .execute();
  }
  const summary: ImportSummary = {
    filename,
    format,
    added: added.length,
    updated: plan.updated.length,
    unchanged: plan.unchanged,
    rejected,
  };
  await recordAudit(
    trx,
    {
      uid,
      action: "import",
      entity: "codes_romes",
      entityId: filename,
      before:
        plan.updated.length > 0
          ? { labels: Object.fromEntries(plan.updated.map(({ row, before }) => [row.code, before])) }
          : undefined,
      after: {
        filename,
        format,
        added: summary.added,
        updated: summary.updated,
        unchanged: summary.unchanged,
        rejected: rejected.length,
        addedCodes: added.map((row) => row.code),
        updatedCodes: plan.updated.map(({ row }) => row.code),
      },
    },
    now,
  );
  return summary;
}
