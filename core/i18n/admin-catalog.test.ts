import { describe, expect, it } from "vitest";
import { buildAdminCatalog, isAdminKey } from "./admin-catalog.ts";
import { createTranslate } from "./translate.ts";

const source = new Map([
  ["admin.nav.users", "Users"],
  ["admin.users.caption", "{total, plural, one {# user} other {# users}}"],
  ["admin.users.granted", "{name} is now an administrator."],
]);

function translateWith(translated: Map<string, string> | undefined, locale: string) {
  const catalog = buildAdminCatalog(source, translated, locale);
  return { ...catalog, t: createTranslate(catalog.strings, locale, () => {}) };
}

describe("admin strings fall back to the English source", () => {
  it("uses a good translation", () => {
    const { t, problems, missing } = translateWith(
      new Map([
        ["admin.nav.users", "Utilisateurs"],
        ["admin.users.caption", "{total, plural, one {# utilisateur} many {# d’utilisateurs} other {# utilisateurs}}"],
        ["admin.users.granted", "{name} est maintenant administrateur."],
      ]),
      "fr-FR",
    );
    expect([
      t("admin.nav.users"),
      t("admin.users.caption", { total: 2 }),
      t("admin.users.granted", { name: "Ada" }),
    ]).toEqual(["Utilisateurs", "2 utilisateurs", "Ada est maintenant administrateur."]);
    expect({ problems, missing }).toEqual({ problems: [], missing: 0 });
  });

  it("replaces a translation that does not parse, and names the key and the problem", () => {
    const { t, problems } = translateWith(new Map([["admin.nav.users", "Utilisateurs {"]]), "fr-FR");
    expect(t("admin.nav.users")).toBe("Users");
    expect(problems).toEqual([
      { key: "admin.nav.users", message: expect.stringMatching(/^Syntax error at line 1, column \d+/) },
    ]);
  });

  it("replaces a translation using an argument the source does not have", () => {
    const { t, problems } = translateWith(
      new Map([["admin.users.granted", "{who} est maintenant administrateur."]]),
      "fr-FR",
    );
    expect(t("admin.users.granted", { name: "Ada" })).toBe("Ada is now an administrator.");
    expect(problems).toEqual([
      { key: "admin.users.granted", message: expect.stringContaining("{who} is not an argument of the source string") },
    ]);
  });

  it("replaces a plural that lacks a category of its language (Arabic has six)", () => {
    const { t, problems } = translateWith(
      new Map([["admin.users.caption", "{total, plural, one {مستخدم واحد} other {# مستخدم}}"]]),
      "ar",
    );
    expect(t("admin.users.caption", { total: 3 })).toBe("3 users");
    expect(problems).toEqual([
      { key: "admin.users.caption", message: expect.stringContaining("missing: zero, two, few, many") },
    ]);
  });

  it("shows a missing translation in English and counts it, without calling it broken", () => {
    const { t, problems, missing } = translateWith(new Map([["admin.nav.users", "ユーザー"]]), "ja-JP");
    expect([t("admin.nav.users"), t("admin.users.granted", { name: "Ada" })]).toEqual([
      "ユーザー",
      "Ada is now an administrator.",
    ]);
    expect({ problems, missing }).toEqual({ problems: [], missing: 2 });
  });

  it("never counts English as missing, and a broken English entry falls back to the code's text", () => {
    const { t, problems, missing } = translateWith(new Map([["admin.nav.users", "{"]]), "en-US");
    expect(t("admin.nav.users")).toBe("Users");
    expect(missing).toBe(0);
    expect(problems.map((problem) => problem.key)).toEqual(["admin.nav.users"]);
  });

  it("ignores translations of keys the code does not have, and tells admin keys from public ones", () => {
    const { strings } = buildAdminCatalog(source, new Map([["admin.old.key", "Ancien"]]), "fr-FR");
    expect(Object.keys(strings).sort()).toEqual([...source.keys()].sort());
    expect([isAdminKey("admin.nav.users"), isAdminKey("NAV:ADMIN"), isAdminKey("ADMIN:NO_ACCESS_TITLE")]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
