import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AppError } from "#core/errors.ts";
import { findUnstorableText, unstorableText, validateInput } from "./validate.ts";

describe("unstorableText", () => {
  it.each(["", "plain", "é日本語", "emoji 😀", "\u0001 other controls are the schemas' business"])(
    "accepts %j",
    (text) => expect(unstorableText(text)).toBeNull(),
  );
  it.each([
    ["a\u0000b", "NUL"],
    ["\ud800", "lone surrogate"],
    ["x\udfff", "lone surrogate"],
    ["\ude00\ud83d", "lone surrogate"],
  ])("refuses %j naming %s", (text, words) => expect(unstorableText(text)).toContain(words));
});

describe("findUnstorableText", () => {
  it("finds the first bad text or key, with its path", () => {
    expect(findUnstorableText({ a: "ok", b: ["ok", { c: "x\u0000" }] })).toEqual({
      path: ["b", "1", "c"],
      problem: "must not contain NUL characters",
    });
    expect(findUnstorableText({ "k\u0000": 1 })).toMatchObject({ path: ["k\\0"] });
    expect(findUnstorableText({ a: 1, b: null, c: true })).toBeNull();
  });
});

describe("validateInput", () => {
  const schema = z.object({ name: z.string() });
  it("refuses NUL before the schema runs, naming the field", () => {
    expect(() => validateInput(schema, { name: "a\u0000" })).toThrow(
      expect.objectContaining({ kind: "invalid", code: "invalid_field", field: "name" }) as AppError,
    );
    expect(() => validateInput(z.string(), "\ud800", "code")).toThrow(
      expect.objectContaining({ field: "code" }) as AppError,
    );
  });

  it("leaves a file's text to the service that reads it, still checking the other fields", () => {
    const withFile = z.object({ content: z.string(), name: z.string() });
    expect(validateInput(withFile, { content: "a\u0000b", name: "n" }, undefined, "body", ["content"])).toEqual({
      content: "a\u0000b",
      name: "n",
    });
    expect(() => validateInput(withFile, { content: "a", name: "\ud800" }, undefined, "body", ["content"])).toThrow(
      expect.objectContaining({ kind: "invalid", code: "invalid_field", field: "name" }) as AppError,
    );
    expect(() => validateInput(withFile, { content: "a\u0000b", name: "n" }, undefined, "body")).toThrow(
      expect.objectContaining({ kind: "invalid", code: "invalid_field", field: "content" }) as AppError,
    );
  });
});
