import { describe, expect, it } from "vitest";
import { explainRefusal, refusalTextKey, withoutFieldPrefix } from "./admin-errors.ts";

const translate = (key: string, values: { detail: string }) => `[${key}] ${values.detail}`;

describe("refusals in the admin's language (decision 0101)", () => {
  it("gives an explained code its admin text key", () => {
    expect(refusalTextKey("last_admin")).toBe("admin.refusal.last_admin");
    expect(refusalTextKey("unknown_key")).toBe("admin.refusal.unknown_key");
  });

  it("explains the image upload's refusals: too large or of extreme shape, not encodable, every upload place taken", () => {
    expect(["image_too_large", "image_not_encodable", "uploads_busy"].map(refusalTextKey)).toEqual([
      "admin.refusal.image_too_large",
      "admin.refusal.image_not_encodable",
      "admin.refusal.uploads_busy",
    ]);
  });

  it("has no key for a code it does not explain", () => {
    expect(refusalTextKey("internal_error")).toBeNull();
    expect(refusalTextKey("")).toBeNull();
  });

  it("translates an explained refusal, passing the server's message without its field prefix as the detail", () => {
    expect(
      explainRefusal(
        { code: "invalid_field", message: "label: must be at most 2000 characters", field: "label" },
        translate,
      ),
    ).toBe("[admin.refusal.invalid_field] must be at most 2000 characters");
  });

  it("keeps the server's message for a code it does not explain", () => {
    expect(
      explainRefusal({ code: "brand_new_rule", message: "name: something new went wrong", field: "name" }, translate),
    ).toBe("name: something new went wrong");
  });

  it("removes only the prefix of the field the refusal names", () => {
    expect(withoutFieldPrefix("code: already used", "code")).toBe("code: already used".slice(6));
    expect(withoutFieldPrefix("code: already used", "label")).toBe("code: already used");
    expect(withoutFieldPrefix("code: already used", undefined)).toBe("code: already used");
  });
});
