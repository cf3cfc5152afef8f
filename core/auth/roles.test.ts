import { describe, expect, it } from "vitest";
import { ADMIN_PAGES, adminNavFor, adminPageRefusal } from "./admin-pages.ts";
import { languagesFor, may, parseLanguageList, PERMISSIONS, type Grant, type Permission } from "./roles.ts";

const admin: Grant = { role: "admin", languages: [], canPublish: false };
const editor: Grant = { role: "editor", languages: [], canPublish: false };
const translator: Grant = { role: "translator", languages: ["fr-FR", "ar"], canPublish: false };
const publisher: Grant = { ...translator, canPublish: true };
const user: Grant = { role: "user", languages: [], canPublish: false };

describe("may", () => {
  it("gives an admin every permission in every language", () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[])
      expect(may(admin, permission, "de-DE")).toBe(true);
  });

  it("gives an editor content, translation and publishing in every language, but not users, languages or settings", () => {
    expect(
      ["admin.enter", "content.manage", "analytics.read"].every((permission) => may(editor, permission as Permission)),
    ).toBe(true);
    expect(may(editor, "translate", "de-DE") && may(editor, "publish", "ja-JP")).toBe(true);
    expect(
      ["users.manage", "languages.manage", "settings.manage"].some((permission) =>
        may(editor, permission as Permission),
      ),
    ).toBe(false);
  });

  it("lets a translator translate only their languages (any case), and nothing that is not translation", () => {
    expect(may(translator, "translate", "fr-FR")).toBe(true);
    expect(may(translator, "translate", "FR-fr")).toBe(true);
    expect(may(translator, "translate", "ar")).toBe(true);
    expect(may(translator, "translate", "de-DE")).toBe(false);
    expect(may(translator, "translate")).toBe(true); // in at least one language: the screen is shown
    expect(may(translator, "admin.enter")).toBe(true);
    expect(
      ["content.manage", "analytics.read", "users.manage", "languages.manage", "settings.manage"].some((permission) =>
        may(translator, permission as Permission),
      ),
    ).toBe(false);
  });

  it("lets a translator publish only with the right, and only in their languages", () => {
    expect(may(translator, "publish", "fr-FR")).toBe(false);
    expect(may(translator, "publish")).toBe(false);
    expect(may(publisher, "publish", "fr-FR")).toBe(true);
    expect(may(publisher, "publish", "de-DE")).toBe(false);
  });

  it("gives a translator without languages no language, and a plain user or nobody nothing", () => {
    expect(may({ ...translator, languages: [] }, "translate")).toBe(false);
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      expect(may(user, permission, "fr-FR")).toBe(false);
      expect(may(null, permission)).toBe(false);
    }
  });

  it("lists the languages a permission covers", () => {
    expect(languagesFor(editor, "translate")).toBe("all");
    expect(languagesFor(translator, "translate")).toEqual(["fr-FR", "ar"]);
    expect(languagesFor(translator, "publish")).toEqual([]);
    expect(languagesFor(translator, "admin.enter")).toBe("all");
    expect(languagesFor(user, "translate")).toEqual([]);
  });

  it("reads stored language lists without blanks or repeats", () => {
    expect(parseLanguageList(" fr-FR, ar,,fr-FR ")).toEqual(["fr-FR", "ar"]);
    expect(parseLanguageList("")).toEqual([]);
  });
});

describe("admin screens", () => {
  it("refuses anonymous visitors (401), plain users (403) and screens a role lacks or no rule names (403)", () => {
    expect(adminPageRefusal(null, "/admin")).toBe(401);
    expect(adminPageRefusal(user, "/admin")).toBe(403);
    expect(adminPageRefusal(translator, "/admin")).toBeNull();
    expect(adminPageRefusal(translator, "/admin/translations/")).toBeNull();
    expect(adminPageRefusal(translator, "/admin/articles/12")).toBeNull();
    expect(adminPageRefusal(translator, "/admin/articles/new")).toBe(403);
    expect(adminPageRefusal(editor, "/admin/articles/new")).toBeNull();
    expect(adminPageRefusal(translator, "/admin/users")).toBe(403);
    expect(adminPageRefusal(editor, "/admin/languages")).toBe(403);
    expect(adminPageRefusal(editor, "/admin/media")).toBeNull();
    expect(adminPageRefusal(admin, "/admin/no-such-screen")).toBe(403);
  });

  it("shows each role only the screens it may open", () => {
    const labels = (grant: Grant) => adminNavFor(grant).map((page) => page.label);
    expect(labels(translator)).toEqual([
      "Dashboard",
      "Translations",
      "Translation status",
      "Tags",
      "Articles",
      "Glossary",
      "ROME jobs",
      "API",
    ]);
    expect(labels(editor)).toEqual([
      "Dashboard",
      "Translations",
      "Translation status",
      "Tags",
      "Articles",
      "Media",
      "Analytics",
      "Glossary",
      "ROME jobs",
      "API",
    ]);
    expect(labels(admin)).toEqual(ADMIN_PAGES.filter((page) => page.nav).map((page) => page.label));
  });
});
