import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api as defaultApi, createApiClient, userMessageFor, type ApiClientConfig } from "./api-client.ts";

type Respond = () => Response | Promise<Response>;

interface RecordedCall {
  url: string;
  init: RequestInit;
}

/** A fetch that records what it was asked and answers with `respond()`. */
function fakeFetch(respond: Respond = () => Response.json({ ok: true })) {
  const calls: RecordedCall[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return respond();
  };
  return { calls, fetch };
}

/** A fetch that never answers, and rejects like the real one when its signal aborts. */
function hangingFetch(url: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener("abort", () => reject(new DOMException(`${url} aborted`, "AbortError")));
  });
}

/** A client over a recording fake fetch, with no cookie and a spy logger unless `config` says otherwise. */
function setup(config: ApiClientConfig & { respond?: Respond } = {}) {
  const { respond, ...overrides } = config;
  const logger = { error: vi.fn() };
  const fake = fakeFetch(respond);
  const api = createApiClient({ fetch: fake.fetch, readCookie: () => undefined, logger, ...overrides });
  return { api, logger, calls: fake.calls };
}

function headersOf(call: RecordedCall | undefined): Headers {
  return new Headers(call?.init.headers);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => expect.unreachable("the request should fail"),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("requests", () => {
  it("sends the ETag a change was made from and answers the new one (decision 0151)", async () => {
    const { api, calls } = setup({ respond: () => Response.json({ saved: true }, { headers: { ETag: '"v2"' } }) });
    expect(await api.tagged.put("/a", { x: 1 }, { ifMatch: '"v1"' })).toEqual({ data: { saved: true }, etag: '"v2"' });
    await api.put("/b", { x: 1 }, { ifNoneMatch: "*" });
    await api.put("/c", { x: 1 });
    expect(headersOf(calls[0]).get("If-Match")).toBe('"v1"');
    expect(headersOf(calls[1]).get("If-None-Match")).toBe("*");
    expect(headersOf(calls[2]).has("If-Match")).toBe(false);
    expect(headersOf(calls[2]).has("If-None-Match")).toBe(false);
  });

  it("answers a tag the server's compression made weak as the strong tag it names (decision 0151)", async () => {
    const { api } = setup({ respond: () => Response.json({ saved: true }, { headers: { ETag: 'W/"v2"' } }) });
    expect((await api.tagged.get("/a")).etag).toBe('"v2"');
  });

  it("keeps a 412's current state and ETag in the error's body", async () => {
    const { api } = setup({
      respond: () =>
        Response.json(
          { error: { code: "precondition_failed", message: "changed" }, current: { title: "B" }, etag: '"v3"' },
          { status: 412 },
        ),
    });
    const error = await failure(api.put("/a", {}, { ifMatch: '"v1"' }));
    expect(error.status).toBe(412);
    expect(error.body).toMatchObject({ current: { title: "B" }, etag: '"v3"' });
  });

  it("always includes credentials and asks for JSON", async () => {
    const { api, calls } = setup();
    await api.get("/a");
    await api.post("/b", { x: 1 });
    await api.delete("/c");
    for (const call of calls) {
      expect(call.init.credentials).toBe("include");
      expect(headersOf(call).get("Accept")).toBe("application/json");
    }
  });

  it("sends the method, the URL under the base URL and a JSON body", async () => {
    const { api, calls } = setup({ baseUrl: "https://press.example/" });
    await api.put("/api/languages/3", { label: "Français" });
    await api.patch("/api/users/u1", { isAdmin: true });
    expect(calls.map((call) => [call.init.method, call.url, call.init.body])).toEqual([
      ["PUT", "https://press.example/api/languages/3", '{"label":"Français"}'],
      ["PATCH", "https://press.example/api/users/u1", '{"isAdmin":true}'],
    ]);
    expect(headersOf(calls[0]).get("Content-Type")).toBe("application/json");
  });

  it("sends no body and no Content-Type without a body", async () => {
    const { api, calls } = setup();
    await api.get("/a");
    expect(calls[0]?.init.body).toBeUndefined();
    expect(headersOf(calls[0]).has("Content-Type")).toBe(false);
  });

  it("copies the XSRF-TOKEN cookie into the X-XSRF-TOKEN header", async () => {
    const readCookie = vi.fn((name: string) => (name === "XSRF-TOKEN" ? "t0k3n" : undefined));
    const { api, calls } = setup({ readCookie });
    await api.post("/api/articles", {});
    expect(headersOf(calls[0]).get("X-XSRF-TOKEN")).toBe("t0k3n");
  });

  it("sends no XSRF header when there is no cookie", async () => {
    const { api, calls } = setup();
    await api.post("/api/articles", {});
    expect(headersOf(calls[0]).has("X-XSRF-TOKEN")).toBe(false);
  });

  it("sends a request again, once, with the token its refusal brought when it had none", async () => {
    let cookie: string | undefined;
    const refusal = () => Response.json({ error: { code: "xsrf_mismatch", message: "missing" } }, { status: 403 });
    let answers = 0;
    const { api, calls } = setup({
      readCookie: () => cookie,
      respond: () => {
        answers += 1;
        if (answers > 1) return Response.json({ ok: true });
        cookie = "fresh";
        return refusal();
      },
    });
    expect(await api.post("/api/analytics/events", { name: "page_view" })).toEqual({ ok: true });
    expect(calls.map((call) => headersOf(call).get("X-XSRF-TOKEN"))).toEqual([null, "fresh"]);

    // With a token already sent, a refusal is final: nothing is sent again.
    const again = setup({ readCookie: () => "stale", respond: refusal });
    expect((await failure(again.api.post("/a", {}))).status).toBe(403);
    expect(again.calls).toHaveLength(1);
  });

  it("reads the XSRF cookie from document.cookie by default", async () => {
    vi.stubGlobal("document", { cookie: "lang=fr; XSRF-TOKEN=a%2Fb%3D; other=1" });
    const fake = fakeFetch();
    await createApiClient({ fetch: fake.fetch }).get("/a");
    expect(headersOf(fake.calls[0]).get("X-XSRF-TOKEN")).toBe("a/b=");
  });
});

describe("responses", () => {
  it("parses a 2xx JSON answer", async () => {
    const { api } = setup({ respond: () => Response.json({ id: 7 }, { status: 201 }) });
    await expect(api.post("/a", {})).resolves.toEqual({ id: 7 });
  });

  it("gives undefined for 204 No Content", async () => {
    const { api } = setup({ respond: () => new Response(null, { status: 204 }) });
    await expect(api.delete("/a")).resolves.toBeUndefined();
  });

  it("throws a client ApiError with the server's message for a 4xx", async () => {
    const body = { error: { code: "invalid", message: "Label is required", field: "label" } };
    const { api } = setup({ respond: () => Response.json(body, { status: 400 }) });
    const error = await failure(api.post("/a", {}));
    expect(error).toMatchObject({ kind: "client", status: 400, message: "Label is required", body });
    expect(userMessageFor(error)).toBe("Label is required");
  });

  it("throws a client ApiError with a generic message when a 4xx has no error JSON", async () => {
    const { api } = setup({ respond: () => new Response("<h1>Forbidden</h1>", { status: 403 }) });
    const error = await failure(api.get("/a"));
    expect(error).toMatchObject({ kind: "client", status: 403, body: null });
    expect(error.message).toBe("Request failed with status code 403");
    expect(userMessageFor(error)).toBeNull();
  });

  it("throws a server ApiError for a 500", async () => {
    const body = { error: { code: "internal", message: "Something broke" } };
    const { api } = setup({ respond: () => Response.json(body, { status: 500 }) });
    const error = await failure(api.get("/a"));
    expect(error).toMatchObject({ kind: "server", status: 500 });
    expect(userMessageFor(error)).toBeNull();
  });

  it("throws bad-response for a 2xx that is not JSON", async () => {
    const { api } = setup({ respond: () => new Response("<html>login</html>", { status: 200 }) });
    const error = await failure(api.get("/a"));
    expect(error).toMatchObject({ kind: "bad-response", status: 200 });
    expect(userMessageFor(error)).toBeNull();
  });

  it("throws network when fetch fails", async () => {
    const { api } = setup({ respond: () => Promise.reject(new TypeError("Failed to fetch")) });
    const error = await failure(api.get("/a"));
    expect(error).toMatchObject({ kind: "network", status: null, message: "Network Error" });
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(userMessageFor(error)).toBeNull();
  });

  it("times out after 10000 ms with axios's message", async () => {
    vi.useFakeTimers();
    const { api, logger } = setup({ fetch: hangingFetch });
    const pending = failure(api.get("/slow"));
    await vi.advanceTimersByTimeAsync(9999);
    expect(logger.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ kind: "timeout", message: "timeout of 10000ms exceeded", status: null });
    expect(userMessageFor(error)).toBeNull();
  });

  it("names the configured time-out in the message", async () => {
    vi.useFakeTimers();
    const { api } = setup({ fetch: hangingFetch, timeoutMs: 2500 });
    const pending = failure(api.get("/slow"));
    await vi.advanceTimersByTimeAsync(2500);
    expect((await pending).message).toBe("timeout of 2500ms exceeded");
  });

  it("reports a caller's cancellation as aborted", async () => {
    const { api } = setup({ fetch: hangingFetch });
    const controller = new AbortController();
    const pending = failure(api.get("/a", { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error).toMatchObject({ kind: "aborted", message: "Request aborted" });
    expect(userMessageFor(error)).toBeNull();
  });

  it("logs every failure with logger.error", async () => {
    const { api, logger } = setup({ respond: () => new Response("nope", { status: 404 }) });
    const error = await failure(api.get("/missing"));
    expect(logger.error).toHaveBeenCalledExactlyOnceWith("API GET /missing failed", error);
  });

  it("logs nothing on success", async () => {
    const { api, logger } = setup();
    await api.get("/a");
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe("userMessageFor", () => {
  it("gives null for anything that is not an ApiError", () => {
    expect(userMessageFor(new Error("raw technical text"))).toBeNull();
    expect(userMessageFor("boom")).toBeNull();
  });
});

describe("the default client", () => {
  it("exists with every method", () => {
    expect(Object.keys(defaultApi).sort()).toEqual(["delete", "get", "patch", "post", "put", "tagged"]);
  });
});
