import { createServer, request as httpRequest, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "#server/base/config.ts";
import { guardedListener } from "./node-listener.ts";
import { siteHosts } from "./site-hosts.ts";

describe("guardedListener", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function serve(parts: Omit<Parameters<typeof guardedListener>[0], "log" | "hosts">) {
    const errors: unknown[] = [];
    const infos: unknown[] = [];
    const hosts = siteHosts(loadConfig({ PUBLIC_URL: "http://localhost:3000" }));
    server = createServer(
      guardedListener({
        ...parts,
        hosts,
        log: {
          error: (...args: unknown[]) => void errors.push(args),
          info: (...args: unknown[]) => void infos.push(args),
        },
      }),
    );
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}`, port, errors, infos };
  }

  /** fetch() sends the Host of its URL: this sends the one given. */
  const getWithHost = (port: number, path: string, host: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      httpRequest({ port, path, headers: { host } }, (response) => {
        let body = "";
        response
          .on("data", (chunk: Buffer) => (body += chunk.toString()))
          .on("end", () => resolve({ status: response.statusCode!, body }));
      })
        .on("error", reject)
        .end();
    });

  it("refuses another site's Host before the fast path or the app sees it, and logs it like an access", async () => {
    const seen: string[] = [];
    const { port, infos, errors } = await serve({
      fastPath: (request) => {
        seen.push(`fast ${request.url}`);
        return false;
      },
      handle: async (request, response) => {
        seen.push(`app ${request.url}`);
        response.end("ok");
      },
    });
    const refused = await getWithHost(port, "/en/preview/1.2.secret", "evil.example");
    expect(refused.status).toBe(421);
    expect(JSON.parse(refused.body)).toMatchObject({
      error: { code: "unknown_host", message: expect.stringContaining("ALLOWED_HOSTS") },
    });
    expect((await getWithHost(port, "/x", `127.0.0.1:${port}`)).body).toBe("ok");
    expect(seen).toEqual(["fast /x", "app /x"]);
    expect(infos).toEqual([
      [
        expect.objectContaining({ status: 421, host: "evil.example", target: "/en/preview/1.2.secret" }),
        "request for another host refused",
      ],
    ]);
    expect(errors).toHaveLength(0);
  });

  it("answers 500 and logs when the fast path throws, and keeps serving", async () => {
    const { url, errors } = await serve({
      fastPath: (request) => {
        if (request.url === "/boom") throw new TypeError("Invalid URL");
        return false;
      },
      handle: async (_request, response) => void response.end("ok"),
    });
    const failed = await fetch(`${url}/boom`);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error: { code: "internal_error" } });
    expect(errors).toHaveLength(1);
    expect(await (await fetch(`${url}/fine`)).text()).toBe("ok");
  });

  it("answers 500 and logs when the app's promise rejects", async () => {
    const { url, errors } = await serve({
      fastPath: () => false,
      handle: async () => Promise.reject(new Error("late failure")),
    });
    expect((await fetch(`${url}/x`)).status).toBe(500);
    expect(errors).toHaveLength(1);
  });
});
