import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, redactPath, redactTarget } from "./log.ts";

const TOKEN = "3.1796000000.Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXU";

describe("redactPath", () => {
  it.each([
    [`/en/preview/${TOKEN}`, "/en/preview/[redacted]"],
    [`/en/preview/${TOKEN}.data`, "/en/preview/[redacted]"],
    [`/fr/PREVIEW/${TOKEN}/extra`, "/fr/PREVIEW/[redacted]"],
    [`/en/pr%65view/${TOKEN}`, "/en/pr%65view/[redacted]"],
    ["/en/articles/3/preview-of-spring", "/en/articles/3/preview-of-spring"],
    ["/en/preview", "/en/preview"],
    ["/en/welcome", "/en/welcome"],
  ])("logs %s as %s", (path, logged) => {
    expect(redactPath(path)).toBe(logged);
  });
});

describe("redactTarget", () => {
  it("keeps the query's names and drops its values", () => {
    expect(redactTarget(`/auth/github/callback?code=abc&state=def&flag`)).toBe(
      "/auth/github/callback?code=[redacted]&state=[redacted]&[redacted]",
    );
    expect(redactTarget(`/en/preview/${TOKEN}?x=1`)).toBe("/en/preview/[redacted]?x=[redacted]");
  });
});

describe("createLogger", () => {
  it("redacts every line's path and target, whoever logs them", () => {
    const lines: string[] = [];
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger("info", capture);
    log.info({ path: `/en/preview/${TOKEN}`, status: 200 }, "request");
    log
      .child({ requestId: "r" })
      .error({ target: `/en/preview/${TOKEN}?returnTo=%2Fen%2Fpreview%2F${TOKEN}`, err: new Error("boom") }, "failed");
    expect(lines.join("")).not.toContain(TOKEN.slice(-20));
    expect(JSON.parse(lines[0]!)).toMatchObject({ path: "/en/preview/[redacted]", status: 200 });
    expect(JSON.parse(lines[1]!)).toMatchObject({
      target: "/en/preview/[redacted]?returnTo=[redacted]",
      err: { message: "boom", type: "Error" },
    });
  });
});
