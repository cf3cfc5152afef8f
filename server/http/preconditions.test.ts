import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { AppError } from "#core/errors.ts";
import { refusalResponse, statusOf } from "./errors.ts";
import { entityTag, readPreconditions, requireCurrent, UNCONDITIONAL, type Preconditions } from "./preconditions.ts";

const state = { title: "Hello", body: "One" };

/** The refusal as the API answers it (server/http/errors.ts): its status and ETag header, its message and details. */
function refusal(preconditions: Preconditions, current: unknown) {
  try {
    requireCurrent(preconditions, current, "version fr-FR of article 1");
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const response = refusalResponse(error);
    const etag = response.headers.get("ETag");
    return {
      status: response.status,
      message: error.message,
      details: error.details,
      headers: etag === null ? {} : { ETag: etag },
    };
  }
}

describe("entity tags", () => {
  it("are strong, quoted and follow the representation", () => {
    expect(entityTag(state)).toMatch(/^"[\w-]{27}"$/);
    expect(entityTag({ ...state })).toBe(entityTag(state));
    expect(entityTag({ ...state, body: "Two" })).not.toBe(entityTag(state));
  });
});

describe("requireCurrent", () => {
  const current: Preconditions = { ifMatch: [entityTag(state)], ifNoneMatchAny: false };

  it("lets a write made from the current state through", () => {
    expect(refusal(current, state)).toBeNull();
    expect(refusal({ ifMatch: ['"other"', entityTag(state)], ifNoneMatchAny: false }, state)).toBeNull();
    expect(refusal(UNCONDITIONAL, state)).toBeNull();
  });

  it("answers 428 to a write that names no state, saying what to send", () => {
    const error = refusal({ ifMatch: null, ifNoneMatchAny: false }, state);
    expect(error?.status).toBe(428);
    expect(error?.message).toMatch(/^If-Match: required/);
    expect(refusal({ ifMatch: null, ifNoneMatchAny: false }, null)?.message).toMatch(/If-None-Match: \*/);
  });

  it("answers 412 with the current state and its tag to a stale write", () => {
    const error = refusal(current, { ...state, body: "Someone else's" });
    expect(error?.status).toBe(412);
    expect(error?.details).toEqual({
      current: { ...state, body: "Someone else's" },
      etag: entityTag({ ...state, body: "Someone else's" }),
    });
    expect(error?.headers).toEqual({ ETag: entityTag({ ...state, body: "Someone else's" }) });
  });

  it("takes back the weak form of the current tag, as compression marks it, and refuses a stale one", () => {
    expect(refusal({ ifMatch: [`W/${entityTag(state)}`], ifNoneMatchAny: false }, state)).toBeNull();
    expect(
      refusal({ ifMatch: [`W/${entityTag({ ...state, body: "Old" })}`], ifNoneMatchAny: false }, state)?.status,
    ).toBe(412);
  });

  it("refuses a write to a resource that no longer exists, and a create over one that does", () => {
    expect(refusal(current, null)?.status).toBe(412);
    expect(refusal({ ifMatch: null, ifNoneMatchAny: true }, null)).toBeNull();
    const created = refusal({ ifMatch: null, ifNoneMatchAny: true }, state);
    expect(created?.status).toBe(412);
    expect(created?.details).toMatchObject({ current: state });
  });
});

describe("readPreconditions", () => {
  const app = new Hono();
  app.onError((error) => Response.json({ status: statusOf((error as AppError).kind), message: error.message }));
  app.get("/", (c) => c.json(readPreconditions(c)));
  const read = async (headers: Record<string, string>): Promise<unknown> =>
    (await app.request("/", { headers })).json();

  it("reads If-Match lists, * and If-None-Match: *", async () => {
    expect(await read({})).toEqual({ ifMatch: null, ifNoneMatchAny: false });
    expect(await read({ "If-Match": '"a", W/"b"' })).toEqual({ ifMatch: ['"a"', 'W/"b"'], ifNoneMatchAny: false });
    expect(await read({ "If-Match": "*" })).toEqual({ ifMatch: "*", ifNoneMatchAny: false });
    expect(await read({ "If-None-Match": "*" })).toEqual({ ifMatch: null, ifNoneMatchAny: true });
  });

  it("answers 400 naming the header to a malformed one", async () => {
    expect(await read({ "If-Match": "abc" })).toEqual({
      status: 400,
      message: expect.stringMatching(/^If-Match: must be/),
    });
    expect(await read({ "If-None-Match": '"a' })).toEqual({
      status: 400,
      message: expect.stringMatching(/^If-None-Match: must be/),
    });
  });
});
