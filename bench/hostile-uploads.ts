/**
 * /healthz while the worst file of each user-fed parser is uploaded (decision 0142): the built server in a
 * child process on a fresh SQLite database, an admin made in it, and for each file a loop of health probes
 * (one at a time, back to back) from the upload's start to its answer. Prints each file's answer and the
 * probes' p50 / p99 / max. Images have their own (bench/media.ts); NDJSON is read by the command line only.
 * Usage: npm run build && node bench/hostile-uploads.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_EXCHANGE_FILE_BYTES } from "#server/admin/translations/exchange/document.ts";
import { XLIFF_NAMESPACE } from "#server/admin/translations/exchange/xliff.ts";
import { MAX_IMPORT_BYTES } from "#server/admin/romes/parse.ts";
import { firstResponse, startServer, stop } from "./built-server.ts";
import { visitors } from "./visitors.ts";

const PORT = Number(process.env.BENCH_PORT ?? 4390);
const base = `http://127.0.0.1:${PORT}`;
const ROME_CHUNK = 64 * 1024;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

function deepXliff(): string {
  const root = `<xliff xmlns="${XLIFF_NAMESPACE}" version="2.0" srcLang="en-US" trgLang="fr-FR">`;
  const depth = Math.floor((MAX_EXCHANGE_FILE_BYTES - 1024 - root.length) / 7);
  return `${root}${"<x>".repeat(depth)}${"</x>".repeat(depth)}</xliff>`;
}

function largestPo(): string {
  let file = 'msgid ""\nmsgstr ""\n"Language: fr-FR\\n"\n\n';
  for (let index = 0; file.length + 200 < MAX_EXCHANGE_FILE_BYTES; index += 1)
    file += `msgctxt "HOSTILE:${index}"\nmsgid "${"a\\\\".repeat(20)}"\nmsgstr "${"b\\\\".repeat(20)}"\n\n`;
  return file;
}

function fill(unit: string, head: string, tail: string, bytes: number): string {
  return head + unit.repeat(Math.floor((bytes - head.length - tail.length) / unit.length)) + tail;
}

const dir = mkdtempSync(join(tmpdir(), "hostile-bench-"));
const databaseUrl = `sqlite:${join(dir, "site.db")}`;
const { child, started } = startServer(databaseUrl, PORT);
try {
  await firstResponse(child, started, PORT);
  const who = await visitors(databaseUrl);
  const headers = { cookie: who.admin, "x-xsrf-token": who.xsrf, origin: base };
  const json = (method: string, path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  /** A version saved as the editor saves it: from the text as it is now (its ETag), or as a new version. */
  async function saveVersion(path: string, body: unknown): Promise<Response> {
    const read = await fetch(`${base}${path}`, { headers });
    await read.body?.cancel();
    const precondition: Record<string, string> = read.ok
      ? { "if-match": read.headers.get("etag")! }
      : { "if-none-match": "*" };
    return fetch(`${base}${path}`, {
      method: "PUT",
      headers: { ...headers, ...precondition, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  async function romeImport(text: string, filename: string): Promise<Response> {
    const bytes = new TextEncoder().encode(text);
    const created = await json("POST", "/api/admin/romes/imports", { filename, size: bytes.byteLength });
    const { id } = (await created.json()) as { id: string };
    for (let index = 0; index * ROME_CHUNK < bytes.byteLength; index += 1) {
      await fetch(`${base}/api/admin/romes/imports/${id}/chunks/${index}`, {
        method: "PUT",
        headers: { ...headers, "content-type": "application/octet-stream" },
        body: bytes.slice(index * ROME_CHUNK, (index + 1) * ROME_CHUNK),
      });
    }
    return fetch(`${base}/api/admin/romes/imports/${id}/apply`, { method: "POST", headers });
  }

  const cases: [string, () => Promise<Response>][] = [
    [
      "XLIFF, 2 MB, elements nested as deep as fit",
      () => json("POST", "/api/admin/translations/import", { content: deepXliff(), dryRun: true }),
    ],
    [
      "PO, 2 MB, 12 800 entries",
      () => json("POST", "/api/admin/translations/import", { content: largestPo(), dryRun: true }),
    ],
    [
      "ROME XML, 5 MB, one element's attributes",
      () => romeImport(fill(' a="1"', "<ogr", "/>", MAX_IMPORT_BYTES - 64), "rome.xml"),
    ],
    [
      "ROME XML, 5 MB, one label's child elements",
      () =>
        romeImport(
          fill(
            "<b/>",
            "<ogr><item_referentiel_code_rome><code_rome>A1101</code_rome><libelle>",
            "</libelle></item_referentiel_code_rome></ogr>",
            MAX_IMPORT_BYTES - 64,
          ),
          "rome.xml",
        ),
    ],
    [
      "ROME CSV, 5 MB, one record's empty fields",
      () => romeImport(fill(",", "code_rome,libelle\n", "\n", MAX_IMPORT_BYTES - 64), "rome.csv"),
    ],
    [
      "ROME CSV, 5 MB, one quoted label",
      () => romeImport(fill("x", 'code_rome,libelle\nA1101,"', '"\n', MAX_IMPORT_BYTES - 64), "rome.csv"),
    ],
    [
      "Markdown, 200 000 characters of [ (article save)",
      () =>
        saveVersion("/api/admin/articles/1/versions/de-DE", {
          title: "Klammern",
          summary: "",
          body: "[".repeat(200_000),
          coverAlt: "",
          status: "draft",
        }),
    ],
    [
      "Markdown, 200 000 characters of *a (article save)",
      () =>
        saveVersion("/api/admin/articles/1/versions/de-DE", {
          title: "Sterne",
          summary: "",
          body: "*a".repeat(100_000),
          coverAlt: "",
          status: "draft",
        }),
    ],
    [
      "Markdown, a table 5 000 columns wide (article save)",
      () =>
        saveVersion("/api/admin/articles/1/versions/de-DE", {
          title: "Tabelle",
          summary: "",
          body: `|${"a|".repeat(5000)}\n|${"-|".repeat(5000)}\n${`|${"x|".repeat(5000)}\n`.repeat(15)}`,
          coverAlt: "",
          status: "draft",
        }),
    ],
  ];

  console.log("| file | answer | upload time | /healthz probes | p50 | p99 | max |\n|---|---|---|---|---|---|---|");
  for (const [name, upload] of cases) {
    let done = false;
    const probes: number[] = [];
    const probing = (async () => {
      while (!done) {
        const sent = performance.now();
        await fetch(`${base}/healthz`).then((response) => response.arrayBuffer());
        probes.push(performance.now() - sent);
      }
    })();
    const sent = performance.now();
    const response = await upload();
    const answer = `${response.status} ${(await response.text()).slice(0, 90).replace(/\|/g, "\\|")}`;
    const took = performance.now() - sent;
    done = true;
    await probing;
    console.log(
      `| ${name} | ${answer} | ${Math.round(took)} ms | ${probes.length} | ${percentile(probes, 50).toFixed(1)} ms | ${percentile(probes, 99).toFixed(1)} ms | ${Math.max(...probes).toFixed(1)} ms |`,
    );
  }
} finally {
  await stop(child);
  rmSync(dir, { recursive: true, force: true });
}
