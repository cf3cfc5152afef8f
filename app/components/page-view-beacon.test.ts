import { describe, expect, it } from "vitest";
import { isAdminPath } from "./page-view-beacon.tsx";

describe("isAdminPath", () => {
  it("is true for the admin area only, in any case", () => {
    expect(["/admin", "/admin/", "/admin/analytics", "/ADMIN/audit"].every(isAdminPath)).toBe(true);
    expect(["/", "/en/welcome", "/administration", "/en/admin", "/adminx/y"].some(isAdminPath)).toBe(false);
  });
});
