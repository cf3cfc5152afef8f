import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { guardedListener } from "./node-listener.ts";

describe("guardedListener", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function serve(parts: Omit<Parameters<typeof guardedListener>[0], "log">) {
    const errors: unknown[] = [];
    server = createServer(guardedListener({ ...parts, log: { error: (...args: unknown[]) => void errors.push(args) } }));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}`, errors };
  }

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
    const { url, errors } = await serve({ fastPath: () => false, handle: async () => Promise.reject(new Error("late failure")) });
    expect((await fetch(`${url}/x`)).status).toBe(500);
    expect(errors).toHaveLength(1);
  });
});
