/** Signed-in visitors for the benchmarks, made straight in the database: an admin and a plain reader. */
import { createSession } from "#server/auth/sessions.ts";
import { parseDatabaseUrl } from "#server/config.ts";
import { openDatabase } from "#server/db/connect.ts";
import { sessionXsrfToken } from "#server/http/xsrf.ts";
import { generatedSlug, importedArticleId } from "./generate-articles.ts";

/**
 * An admin and a plain signed-in visitor, as Cookie headers (with the XSRF pair for writes). `suffix`
 * makes their accounts new on a database that already has a benchmark's.
 */
export async function visitors(databaseUrl: string, suffix = "") {
  const handle = openDatabase(parseDatabaseUrl(databaseUrl));
  const now = new Date().toISOString();
  const [adminUid, readerUid] = [`bench-admin${suffix}`, `bench-reader${suffix}`];
  const cookies: Record<string, string> = {};
  for (const [uid, isAdmin] of [
    [adminUid, 1],
    [readerUid, 0],
  ] as const) {
    await handle.db
      .insertInto("users")
      .values({ uid, email: `${uid}@example.com`, display_name: uid, photo_url: null, email_verified: 1, role: isAdmin ? "admin" : "user", created_at: now, last_sign_in_at: null })
      .execute();
    cookies[uid] = `pp_session=${(await createSession(handle.db, uid)).id}`;
  }
  await handle.close();
  // A signed-in request's XSRF token is derived from its session (server/http/xsrf.ts).
  const xsrf = sessionXsrfToken(cookies[adminUid]!.slice("pp_session=".length));
  return { admin: `${cookies[adminUid]}; XSRF-TOKEN=${xsrf}`, reader: cookies[readerUid]!, xsrf };
}

/**
 * The admin (`visitors()`) saves the English version of generated article `index` with a new title and a short body,
 * as the editor does: the version's ETag read first, named in If-Match (decision 0151).
 */
export async function saveEnglishVersion(base: string, { admin, xsrf }: { admin: string; xsrf: string }, index: number, title: string): Promise<Response> {
  const address = `${base}/api/admin/articles/${importedArticleId(index)}/versions/en-US`;
  const read = await fetch(address, { headers: { cookie: admin } });
  await read.body?.cancel();
  const etag = read.headers.get("etag");
  if (!read.ok || etag === null) return read;
  return fetch(address, {
    method: "PUT",
    headers: { cookie: admin, "x-xsrf-token": xsrf, "content-type": "application/json", origin: base, "if-match": etag },
    body: JSON.stringify({ title, slug: generatedSlug("en", index), summary: "Edited", body: "Edited **body**.", status: "published" }),
  });
}
