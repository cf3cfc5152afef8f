import { describe, expect, it } from "vitest";
import type { Resident } from "#server/content/resident.ts";
import { adminErrorPageTextFor } from "./view.ts";

const residentWith = (arabic: Record<string, string>) =>
  ({ translations: new Map([["ar", new Map(Object.entries(arabic))]]) }) as unknown as Resident;

describe("the admin error page's texts for the root loader (decision 0120)", () => {
  it("are the stored translations, and only the error page's", () => {
    const text = adminErrorPageTextFor(
      residentWith({ "admin.error.title": "حدث خطأ ما", "admin.nav.users": "المستخدمون" }),
      { code: "ar", dir: "rtl" },
    );
    expect(text.language).toEqual({ code: "ar", dir: "rtl" });
    expect(text.strings["admin.error.title"]).toBe("حدث خطأ ما");
    expect(Object.keys(text.strings).sort()).toEqual([
      "admin.error.not_found_text",
      "admin.error.not_found_title",
      "admin.error.text",
      "admin.error.title",
      "admin.layout.title",
    ]);
  });

  it("fall back to the English source for a broken or missing translation", () => {
    const text = adminErrorPageTextFor(residentWith({ "admin.error.title": "حدث {خطأ" }), { code: "ar", dir: "rtl" });
    expect(text.strings["admin.error.title"]).toBe("Something went wrong");
    expect(text.strings["admin.error.text"]).toBe("The admin screen could not be loaded. Please try again.");
  });
});
