import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkIssue, checkParams, checkTextOf, explainIssue, namedPattern } from "./admin-checks.ts";

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("expected issues");
  return parsed.error.issues;
};
const first = (schema: z.ZodType, input: unknown) => checkTextOf(issuesOf(schema, input)[0]!);

describe("form checks in the admin's language", () => {
  it("names a refine's rule by its code, with its values, whatever its English message", () => {
    const schema = z
      .string()
      .refine((value) => value === "ok", checkParams("slug", "must be like the suggested slug", { max: 80 }));
    expect(first(schema, "no")).toEqual({ key: "admin.check.slug", values: { max: 80 } });
    expect(issuesOf(schema, "no")[0]!.message).toBe("must be like the suggested slug");
  });

  it("names an issue added in a superRefine or transform", () => {
    const schema = z
      .string()
      .superRefine((_value, context) => context.addIssue(checkIssue("page_name_slash", 'must not contain "/"')));
    expect(first(schema, "a/b")).toEqual({ key: "admin.check.page_name_slash", values: {} });
  });

  it("names a named pattern's issue, and keeps the pattern for JSON Schema", () => {
    const schema = z.string().regex(namedPattern("short_code", /^[a-z]{2,3}$/), "must be 2–3 lowercase letters");
    expect(first(schema, "FRA")).toEqual({ key: "admin.check.short_code", values: {} });
    expect(z.toJSONSchema(schema)).toMatchObject({ pattern: "^[a-z]{2,3}$" });
    expect(first(z.string().regex(/^x$/, "must be x"), "y")).toEqual({ key: "admin.check.invalid", values: {} });
  });

  it("tells zod's own checks by kind and limit", () => {
    expect(first(z.string().min(1, "must not be empty"), "")).toEqual({ key: "admin.check.required", values: {} });
    expect(first(z.string().min(3), "ab")).toEqual({ key: "admin.check.too_short", values: { min: 3 } });
    expect(first(z.string().max(100, "must be at most 100 characters"), "x".repeat(101))).toEqual({
      key: "admin.check.too_long",
      values: { max: 100 },
    });
    expect(first(z.number().min(0, "must not be negative"), -1)).toEqual({ key: "admin.check.negative", values: {} });
    expect(first(z.number().min(5), 1)).toEqual({ key: "admin.check.too_small", values: { min: 5 } });
    expect(first(z.number().max(2_147_483_647), 3e9)).toEqual({
      key: "admin.check.too_large",
      values: { max: 2_147_483_647 },
    });
    expect(first(z.array(z.string()).max(2), ["a", "b", "c"])).toEqual({
      key: "admin.check.too_many",
      values: { max: 2 },
    });
    expect(first(z.number({ error: "must be a number" }), undefined)).toEqual({
      key: "admin.check.not_a_number",
      values: {},
    });
    expect(first(z.number(), Number.NaN)).toEqual({ key: "admin.check.not_a_number", values: {} });
    expect(first(z.number().int("must be a whole number"), 1.5)).toEqual({
      key: "admin.check.not_whole_number",
      values: {},
    });
    expect(first(z.string({ error: "must be a text" }), 4)).toEqual({ key: "admin.check.not_text", values: {} });
  });

  it("says 'is not valid' for anything it cannot name: translated, never the English message", () => {
    expect(first(z.enum(["ltr", "rtl"]), "up")).toEqual({ key: "admin.check.invalid", values: {} });
    expect(
      first(
        z.string().refine(() => false, { error: "an unnamed rule" }),
        "x",
      ),
    ).toEqual({ key: "admin.check.invalid", values: {} });
    expect(
      first(
        z.string().refine(() => false, { error: "a code it does not know", params: { check: "brand_new" } }),
        "x",
      ),
    ).toEqual({ key: "admin.check.invalid", values: {} });
    expect(first(z.strictObject({}), { extra: 1 })).toEqual({ key: "admin.check.invalid", values: {} });
  });

  it("formats the text with the issue's values", () => {
    const translate = (key: string, values: Readonly<Record<string, unknown>>) => `[${key}] ${JSON.stringify(values)}`;
    expect(explainIssue(issuesOf(z.string().max(5), "toolong")[0]!, translate)).toBe(
      '[admin.check.too_long] {"max":5}',
    );
  });
});
