import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  it("has working defaults: port 3000, loopback, SQLite under ./data, demo seed", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      secureCookies: false,
      database: { kind: "sqlite", path: "./data/site.db" },
      seed: "demo",
      devLogin: "auto",
    });
    expect(config.google.client).toBeNull();
  });

  it("reads PostgreSQL URLs, https public URLs and admin emails", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://app@db:5432/press",
      PUBLIC_URL: "https://press.example.com/",
      ADMIN_EMAILS: " Ada@Example.com, bob@example.com ",
    });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://app@db:5432/press" });
    expect(config.publicUrl).toBe("https://press.example.com");
    expect(config.secureCookies).toBe(true);
    expect(config.adminEmails).toEqual(["ada@example.com", "bob@example.com"]);
  });

  it("keeps metrics private by default and waits 10 s for in-flight requests on shutdown", () => {
    const config = loadConfig({});
    expect(config.metrics).toEqual({ port: null, host: "127.0.0.1", token: null });
    expect(config.shutdownTimeoutMs).toBe(10_000);
    const custom = loadConfig({ METRICS_PORT: "9464", METRICS_TOKEN: "t".repeat(40), SHUTDOWN_TIMEOUT_SECONDS: "2.5" });
    expect(custom.metrics).toEqual({ port: 9464, host: "127.0.0.1", token: "t".repeat(40) });
    expect(custom.shutdownTimeoutMs).toBe(2500);
  });

  it("limits analytics and slow requests by default: 60 events a client, 6000 a minute, 400 days, 30 s", () => {
    const config = loadConfig({});
    expect(config.analytics).toEqual({ rateLimit: 60, eventsPerMinute: 6000, retentionDays: 400 });
    expect(config.requestTimeoutSeconds).toBe(30);
    expect(loadConfig({ ANALYTICS_RETENTION_DAYS: "30" }).analytics.retentionDays).toBe(30);
  });

  it("reads ALLOWED_HOSTS as host names, none by default", () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(
      loadConfig({ ALLOWED_HOSTS: " WWW.Press.Example, press-1.internal,,[::1], www.press.example " }).allowedHosts,
    ).toEqual(["www.press.example", "press-1.internal", "[::1]"]);
  });

  it.each([
    ["*", "not a host name"],
    ["https://www.press.example", "not a host name"],
    ["www.press.example/path", "not a host name"],
    ["www.press.example:8080", "without a port"],
    ["[::1]:3000", "without a port"],
  ])("refuses ALLOWED_HOSTS=%s naming the entry", (value, words) => {
    const problems = problemsOf({ ALLOWED_HOSTS: `press.example, ${value}` });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^ALLOWED_HOSTS: /);
    expect(problems[0]).toContain(words);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", GOOGLE_CLIENT_ID: "" }).port).toBe(3000);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "30.5" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "localhost:3000" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "ftp://example.com" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "https://example.com/press" }, "PUBLIC_URL"],
    [{ SEED: "yes" }, "SEED"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ DEV_LOGIN: "maybe" }, "DEV_LOGIN"],
    [{ ADMIN_EMAILS: "not-an-email" }, "ADMIN_EMAILS"],
    [{ GOOGLE_CLIENT_ID: "id-without-secret" }, "GOOGLE_CLIENT_SECRET"],
    [{ GITHUB_CLIENT_SECRET: "secret-without-id" }, "GITHUB_CLIENT_ID"],
    [{ GOOGLE_ISSUER: "not a url" }, "GOOGLE_ISSUER"],
    [{ SHUTDOWN_TIMEOUT_SECONDS: "soon" }, "SHUTDOWN_TIMEOUT_SECONDS"],
    [{ SHUTDOWN_TIMEOUT_SECONDS: "-1" }, "SHUTDOWN_TIMEOUT_SECONDS"],
    [{ SHUTDOWN_TIMEOUT_SECONDS: "601" }, "SHUTDOWN_TIMEOUT_SECONDS"],
    [{ METRICS_PORT: "0" }, "METRICS_PORT"],
    [{ METRICS_PORT: "3000" }, "METRICS_PORT"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN"],
    [{ METRICS_TOKEN: `${"x".repeat(32)} y` }, "METRICS_TOKEN"],
    [{ ANALYTICS_RATE_LIMIT: "0" }, "ANALYTICS_RATE_LIMIT"],
    [{ ANALYTICS_EVENTS_PER_MINUTE: "many" }, "ANALYTICS_EVENTS_PER_MINUTE"],
    [{ ANALYTICS_RETENTION_DAYS: "-1" }, "ANALYTICS_RETENTION_DAYS"],
    [{ ANALYTICS_RETENTION_DAYS: "1.5" }, "ANALYTICS_RETENTION_DAYS"],
    [{ REQUEST_TIMEOUT_SECONDS: "0" }, "REQUEST_TIMEOUT_SECONDS"],
    [{ PAGE_CACHE_BYTES: "1000" }, "PAGE_CACHE_BYTES"],
    [{ PAGE_CACHE_BYTES: "64MB" }, "PAGE_CACHE_BYTES"],
    [{ SITEMAP_CHUNK_URLS: "0" }, "SITEMAP_CHUNK_URLS"],
    [{ SITEMAP_CHUNK_URLS: "50001" }, "SITEMAP_CHUNK_URLS"],
  ])("refuses %o with a message naming %s", (env, name) => {
    const problems = problemsOf(env);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join("\n")).toContain(name);
  });

  it("lists every bad setting at once", () => {
    expect(problemsOf({ PORT: "x", SEED: "y" })).toHaveLength(2);
  });

  it("serves from one process by default; SERVER_PROCESSES takes a count or auto (one a core)", () => {
    expect(loadConfig({}).serverProcesses).toBe(1);
    expect(loadConfig({ SERVER_PROCESSES: "3" }).serverProcesses).toBe(3);
    expect(loadConfig({ SERVER_PROCESSES: "auto" }).serverProcesses).toBe(availableParallelism());
    for (const value of ["0", "65", "1.5", "all", "-2"]) {
      expect(problemsOf({ SERVER_PROCESSES: value })).toEqual([
        'SERVER_PROCESSES: must be "auto" or a whole number from 1 to 64',
      ]);
    }
  });

  it("reads the media upload limits: 20 MB, 40 megapixels, 16 384 px a side and 4 uploads at once by default, refusing nonsense", () => {
    expect(loadConfig({}).media).toEqual({
      maxUploadBytes: 20 * 1024 * 1024,
      maxInputPixels: 40_000_000,
      maxSidePixels: 16_384,
      maxConcurrentUploads: 4,
    });
    expect(
      loadConfig({
        MEDIA_MAX_UPLOAD_MB: "5",
        MEDIA_MAX_MEGAPIXELS: "12",
        MEDIA_MAX_SIDE_PX: "8000",
        MEDIA_MAX_CONCURRENT_UPLOADS: "2",
      }).media,
    ).toEqual({
      maxUploadBytes: 5 * 1024 * 1024,
      maxInputPixels: 12_000_000,
      maxSidePixels: 8000,
      maxConcurrentUploads: 2,
    });
    expect(problemsOf({ MEDIA_MAX_UPLOAD_MB: "0" })).toEqual(["MEDIA_MAX_UPLOAD_MB: must be between 1 and 200"]);
    expect(problemsOf({ MEDIA_MAX_MEGAPIXELS: "lots" })).toEqual(["MEDIA_MAX_MEGAPIXELS: must be a number"]);
    expect(problemsOf({ MEDIA_MAX_SIDE_PX: "70000" })).toEqual(["MEDIA_MAX_SIDE_PX: must be at most 65535"]);
    expect(problemsOf({ MEDIA_MAX_SIDE_PX: "1.5" })).toEqual(["MEDIA_MAX_SIDE_PX: must be a whole number"]);
    expect(problemsOf({ MEDIA_MAX_CONCURRENT_UPLOADS: "0" })).toEqual([
      "MEDIA_MAX_CONCURRENT_UPLOADS: must be at least 1",
    ]);
  });

  it("machine translation: off unless a provider is named; each provider's needs checked, the key never echoed", () => {
    expect(loadConfig({}).machineTranslation).toBeNull();
    expect(
      loadConfig({ MACHINE_TRANSLATION_PROVIDER: "deepl", MACHINE_TRANSLATION_KEY: "secret-key:fx" })
        .machineTranslation,
    ).toEqual({ provider: "deepl", url: "https://api-free.deepl.com", key: "secret-key:fx", timeoutMs: 10_000 });
    expect(
      loadConfig({ MACHINE_TRANSLATION_PROVIDER: "deepl", MACHINE_TRANSLATION_KEY: "pro-key" }).machineTranslation?.url,
    ).toBe("https://api.deepl.com");
    expect(
      loadConfig({
        MACHINE_TRANSLATION_PROVIDER: "libretranslate",
        MACHINE_TRANSLATION_URL: "http://127.0.0.1:5000/",
        MACHINE_TRANSLATION_TIMEOUT_SECONDS: "3",
      }).machineTranslation,
    ).toEqual({ provider: "libretranslate", url: "http://127.0.0.1:5000", key: null, timeoutMs: 3000 });
    expect(problemsOf({ MACHINE_TRANSLATION_PROVIDER: "bing" })).toEqual([
      'MACHINE_TRANSLATION_PROVIDER: must be "deepl", "google" or "libretranslate"',
    ]);
    expect(problemsOf({ MACHINE_TRANSLATION_PROVIDER: "google" })).toEqual([
      "MACHINE_TRANSLATION_KEY: must be set for google (its API key)",
    ]);
    expect(problemsOf({ MACHINE_TRANSLATION_PROVIDER: "libretranslate" })).toEqual([
      "MACHINE_TRANSLATION_URL: must be set for libretranslate (the address of its server)",
    ]);
    const keyAlone = problemsOf({ MACHINE_TRANSLATION_KEY: "zq-secret-1" });
    expect(keyAlone).toEqual([expect.stringMatching(/^MACHINE_TRANSLATION_PROVIDER: must be set/)]);
    const badKey = problemsOf({ MACHINE_TRANSLATION_PROVIDER: "deepl", MACHINE_TRANSLATION_KEY: "zq secret 2" });
    expect(badKey).toEqual(["MACHINE_TRANSLATION_KEY: must be printable ASCII without spaces"]);
    expect([...keyAlone, ...badKey].join("\n")).not.toMatch(/zq/);
    expect(
      problemsOf({
        MACHINE_TRANSLATION_PROVIDER: "deepl",
        MACHINE_TRANSLATION_KEY: "k",
        MACHINE_TRANSLATION_TIMEOUT_SECONDS: "0",
      }),
    ).toEqual(["MACHINE_TRANSLATION_TIMEOUT_SECONDS: must be between 1 and 60 seconds"]);
  });
});
