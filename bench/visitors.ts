/** Signed-in visitors for the benchmarks, made straight in the database: an admin and a plain reader. */
import { createSession } from "#server/auth/sessions.ts";
import { parseDatabaseUrl } from "#server/base/config.ts";
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
      .values({
        uid,
        email: `${uid}@example.com`,
        display_name: uid,
        photo_url: null,
        email_verified: 1,
        role: isAdmin ? "admin" : "user",
        created_at: now,
        last_sign_in_at: null,
      })
      .execute();
    cookies[uid] = `pp_session=${(await createSession(handle.db, uid)).id}`;
  }
  await handle.close();
  // A signed-in request's XSRF token is derived from its session (server/http/xsrf.ts).
  const xsrf = sessionXsrfToken(cookies[adminUid]!.slice("pp_session=".length));
  return { admin: `${cookies[adminUid]}; XSRF-TOKEN=${xsrf}`, reader: cookies[readerUid]!, xsrf };
}

/** Generated article `index`'s English version in the admin API; the admin of `visitors()` reads and saves it. */
const englishVersionAddress = (base: string, index: number) =>
  `${base}/api/admin/articles/${importedArticleId(index)}/versions/en-US`;

/** The ETag of an imported article's English version, as the editor holds it once the version is open. */
export async function englishVersionTag(base: string, { admin }: { admin: string }, index: number): Promise<string> {
  const read = await fetch(englishVersionAddress(base, index), { headers: { cookie: admin } });
  await read.body?.cancel();
  const etag = read.headers.get("etag");
  if (!read.ok || etag === null) throw new Error(`reading version ${index} answered ${read.status}`);
  return etag;
}

/** The editor's Save of an imported article's English version, from the copy that had `etag`. */
export function putEnglishVersion(
  base: string,
  { admin, xsrf }: { admin: string; xsrf: string },
  index: number,
  title: string,
  etag: string,
): Promise<Response> {
  return fetch(englishVersionAddress(base, index), {
    method: "PUT",
    headers: {
      cookie: admin,
      "x-xsrf-token": xsrf,
      "content-type": "application/json",
      origin: base,
      "if-match": etag,
    },
    body: JSON.stringify({
      title,
      slug: generatedSlug("en", index),
      summary: "Edited",
      body: "Edited **body**.",
      status: "published",
    }),
  });
}

/** Opens and saves it with a new title and a short body (decision 0151: a save names the copy it was made from). */
export async function saveEnglishVersion(
  base: string,
  who: { admin: string; xsrf: string },
  index: number,
  title: string,
): Promise<Response> {
  return putEnglishVersion(base, who, index, title, await englishVersionTag(base, who, index));
}
