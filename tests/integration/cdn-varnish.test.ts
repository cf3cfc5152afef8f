/**
 * A real shared cache in front (issue 46 item 3, decision 0195): Debian's Varnish with docs/cdn/varnish.vcl before
 * one of two instances on one PostgreSQL database. An edit made through the other instance reaches the first by
 * NOTIFY; it drops its own kept pages and purges exactly their keys from Varnish, so the edited article's page is
 * fetched afresh while pages that do not show it stay cached.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPath } from "#core/paths.ts";
import { createTestDatabase, type TestDatabase } from "./support.ts";
import { adminSession, freePort, startRealServer, type RealServer } from "./server-process.ts";

const VCL = readFileSync(new URL("../../docs/cdn/varnish.vcl", import.meta.url), "utf8");
const CACHE_FOR_SECONDS = "3600";

interface Varnish {
  url: string;
  stop(): Promise<void>;
}

/** varnishd in the foreground on a free port, with the documented VCL pointed at `backendPort`. */
async function startVarnish(port: number, backendPort: number): Promise<Varnish> {
  const workDir = mkdtempSync(join(tmpdir(), "pp-varnish-"));
  const vclPath = join(workDir, "site.vcl");
  writeFileSync(vclPath, VCL.replace('.port = "3000";', `.port = "${backendPort}";`));
  const args = [
    "-F",
    "-a",
    `127.0.0.1:${port}`,
    "-T",
    "none",
    "-j",
    "none",
    "-f",
    vclPath,
    "-n",
    join(workDir, "instance"),
    "-s",
    "malloc,32m",
  ];
  const child: ChildProcess = spawn("varnishd", args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const up = async () => (await fetch(`${url}/healthz`).catch(() => null))?.ok === true;
  const deadline = Date.now() + 30_000;
  while (!(await up())) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`varnishd did not start (is Debian's varnish with varnish-modules installed?):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

interface Seen {
  cache: string | null;
  body: string;
  headers: Headers;
}

describe("a shared cache (Varnish) in front", () => {
  let database: TestDatabase;
  let fronted: RealServer;
  let writer: RealServer;
  let varnish: Varnish;
  let admin: { cookie: string; token: string };

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const varnishPort = await freePort();
    const env = { CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}/`, CDN_MAX_AGE_SECONDS: CACHE_FOR_SECONDS };
    fronted = await startRealServer("postgres", env, database);
    writer = await startRealServer("postgres", env, database);
    varnish = await startVarnish(varnishPort, fronted.port);
    admin = await adminSession(writer, "cdn-editor@example.com");
  });

  afterAll(async () => {
    await varnish?.stop();
    await writer?.stop();
    await fronted?.stop();
    await database?.drop();
  });

  const throughVarnish = async (path: string, headers: Record<string, string> = {}): Promise<Seen> => {
    const response = await fetch(`${varnish.url}${path}`, { headers });
    return { cache: response.headers.get("x-cache"), body: await response.text(), headers: response.headers };
  };

  /** Two published English articles that share no tag: the one to edit and one that must stay cached. */
  async function twoArticles() {
    const list = (await (
      await fetch(`${writer.url}/api/admin/articles`, { headers: { cookie: admin.cookie } })
    ).json()) as {
      articles: { id: number; tags: string[]; versions: { code: string; status: string }[] }[];
    };
    const published = list.articles.filter((article) =>
      article.versions.some((version) => version.code === "en-US" && version.status === "published"),
    );
    const edited = published[0]!;
    const other = published.find(
      (article) => article.id !== edited.id && !article.tags.some((tag) => edited.tags.includes(tag)),
    )!;
    return { edited, other };
  }

  async function englishVersion(id: number) {
    const response = await fetch(`${writer.url}/api/admin/articles/${id}/versions/en-US`, {
      headers: { cookie: admin.cookie },
    });
    const { version } = (await response.json()) as {
      version: { slug: string; title: string; summary: string; body: string; coverAlt: string };
    };
    return { version, etag: response.headers.get("etag")! };
  }

  it("keeps public pages, tells their keys, and purges exactly what an edit on another instance changed", async () => {
    const { edited, other } = await twoArticles();
    const { version, etag } = await englishVersion(edited.id);
    const editedPath = itemPath("en", "articles", edited.id, version.slug);
    const otherPath = itemPath("en", "articles", other.id, (await englishVersion(other.id)).version.slug);
    const untouched = [otherPath, "/en/jobs"];

    for (const path of [editedPath, ...untouched]) {
      expect((await throughVarnish(path)).cache, path).toBe("MISS");
      const again = await throughVarnish(path);
      expect(again.cache, path).toBe("HIT");
      expect(again.headers.get("surrogate-key"), path).toMatch(/^site( |$)/);
      expect(again.headers.get("cache-control"), path).toBe(
        `public, max-age=0, s-maxage=${CACHE_FOR_SECONDS}, stale-while-revalidate=30`,
      );
      // A shared copy hands no visitor another's cookie.
      expect(again.headers.get("set-cookie"), path).toBeNull();
    }
    expect((await throughVarnish(editedPath)).headers.get("surrogate-key")!.split(" ")).toContain(
      `article:${edited.id}`,
    );

    const title = `Edited behind the CDN ${Date.now()}`;
    const saved = await fetch(`${writer.url}/api/admin/articles/${edited.id}/versions/en-US`, {
      method: "PUT",
      headers: {
        cookie: admin.cookie,
        "x-xsrf-token": admin.token,
        origin: writer.url,
        "content-type": "application/json",
        "if-match": etag,
      },
      body: JSON.stringify({
        slug: version.slug,
        title,
        summary: version.summary,
        body: version.body,
        coverAlt: version.coverAlt,
        status: "published",
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);

    await expect.poll(async () => (await throughVarnish(editedPath)).body, { timeout: 10_000 }).toContain(title);
    for (const path of untouched) expect((await throughVarnish(path)).cache, `${path} stays cached`).toBe("HIT");
  });

  it("never shares a signed-in visitor's page", async () => {
    const signedIn = { cookie: admin.cookie };
    expect((await throughVarnish("/en/jobs", signedIn)).cache).toBe("MISS");
    expect((await throughVarnish("/en/jobs", signedIn)).cache).toBe("MISS");
  });

  it("gives a visitor whose pages came from the cache an XSRF token with the refusal of their first write", async () => {
    const event = { name: "page_view", path: "/en/jobs" };
    const post = (headers: Record<string, string>) =>
      fetch(`${varnish.url}/api/analytics/events`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: fronted.url, ...headers },
        body: JSON.stringify(event),
      });
    const refused = await post({});
    expect(refused.status).toBe(403);
    const cookie = refused.headers.getSetCookie().find((line) => line.startsWith("XSRF-TOKEN="));
    expect(cookie).toBeDefined();
    const token = cookie!.slice("XSRF-TOKEN=".length).split(";")[0]!;
    expect((await post({ cookie: `XSRF-TOKEN=${token}`, "x-xsrf-token": token })).status).toBeLessThan(300);
  });
});
