/**
 * The admin in the translator's language (decision 0076): chosen in the admin
 * bar and kept on the user; French throughout, Arabic right to left, Japanese;
 * a broken admin string falls back to English, says so, and is repaired from
 * the screen it did not break. Its own admin user, so other specs keep English.
 */
import { expect, test, type Page } from "@playwright/test";
import { adminPut, adminSessionCookie, withE2eDatabase } from "./support/admin-session.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

test.describe.configure({ mode: "serial" });

const UID = "e2e-polyglot-admin";
const SHOTS = "/tmp/shots";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

test.beforeAll(async () => {
  await withE2eDatabase((db) =>
    db
      .insertInto("users")
      .values({
        uid: UID,
        email: "polyglot@example.com",
        display_name: "Polly Glot",
        photo_url: null,
        email_verified: 1,
        role: "admin",
        created_at: "2026-01-10T09:00:00.000Z",
        last_sign_in_at: null,
      })
      .onConflict((conflict) => conflict.column("uid").doUpdateSet({ role: "admin", admin_language: null }))
      .execute(),
  );
});

// A second admin would let other specs' "last administrator" refusal through: Polly goes back to a plain user.
test.afterAll(async () => {
  await withE2eDatabase((db) =>
    db.updateTable("users").set({ role: "user", admin_language: null }).where("uid", "=", UID).execute(),
  );
});

test.beforeEach(async ({ context }) => {
  await context.addCookies([await adminSessionCookie(undefined, UID)]);
});

async function chooseLanguage(page: Page, label: string) {
  await page.goto("/admin");
  const chooser = page.getByRole("combobox", {
    name: /Admin language|Langue de l’administration|لغة الإدارة|管理画面の言語/,
  });
  await chooser.selectOption({ label });
}

test("without a saved choice the admin opens in the language of the page the person came from, and offers shown languages only", async ({
  page,
}) => {
  test.slow();
  await withE2eDatabase((db) => db.updateTable("users").set({ admin_language: null }).where("uid", "=", UID).execute());
  const enterFrom = async (publicPath: string) => {
    await page.goto(publicPath);
    await page.locator(".account__who").click();
    await page.locator('#account-menu a[href="/admin"]').click();
  };
  await enterFrom("/fr/bienvenue");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
  // Later page loads come from the admin itself: the browser session remembers where the person came from.
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeVisible();
  const chooser = page.getByRole("combobox", { name: "Langue de l’administration" });
  await expect(chooser.locator("option:checked")).toHaveText("Comme sur le site (Français)");
  // The hidden Chinese is not offered.
  await expect(chooser.locator("option")).toHaveText([
    "Comme sur le site (Français)",
    "English",
    "Español",
    "Français",
    "العربية",
    "Português",
    "Deutsch",
    "日本語",
  ]);
  await expectNoAxeViolations(page);

  await enterFrom("/ar/مرحبا");
  await expect(page.getByRole("heading", { level: 1, name: "لوحة التحكم" })).toBeVisible();
  await expect(page.locator(".admin")).toHaveAttribute("dir", "rtl");
  await page.screenshot({ path: `${SHOTS}/admin-came-from-ar.png`, fullPage: true });
});

test("the admin in French: chosen once, kept on the user, every screen follows", async ({ page }) => {
  // Two screens, axe and the role dialog: more than the default 30 s on a busy machine.
  test.slow();
  await chooseLanguage(page, "Français");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
  await expect(page.locator(".admin")).toHaveAttribute("dir", "ltr");
  await expect(page.getByText(/sur \d+ activées/)).toBeVisible();
  expect(
    await withE2eDatabase((db) =>
      db.selectFrom("users").select("admin_language").where("uid", "=", UID).executeTakeFirstOrThrow(),
    ),
  ).toEqual({ admin_language: "fr-FR" });

  // A new visit, a full page load: still French, from the stored choice.
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeVisible();
  await expect(page).toHaveTitle("Utilisateurs · Administration · Polyglot Press");
  await expect(page.getByLabel("Rechercher par e-mail ou nom")).toBeVisible();
  await expect(
    page
      .getByRole("navigation", { name: "Rubriques de l’administration" })
      .getByRole("link", { name: "Traductions", exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The role dialog speaks French too, its buttons and its choices.
  await page
    .getByRole("row", { name: /Demo Admin/ })
    .getByRole("button", { name: /Changer le rôle/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Changer le rôle de Demo Admin ?" });
  await expect(dialog.getByRole("button", { name: "Annuler" })).toBeFocused();
  await expect(dialog.getByRole("radio", { name: "Traducteur" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Enregistrer le rôle" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the Arabic admin is right to left, mirrored, with its own numbers and plurals", async ({ page }) => {
  test.slow();
  await chooseLanguage(page, "العربية");
  await expect(page.getByRole("heading", { level: 1, name: "لوحة التحكم" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator(".admin")).toHaveAttribute("dir", "rtl");
  await expect(page.locator(".admin")).toHaveAttribute("lang", "ar");

  // Mirrored: the first section link sits to the right of the second, and the language chooser at the bar's left end.
  await page.setViewportSize(DESKTOP);
  const links = page.getByRole("navigation", { name: "أقسام الإدارة" }).getByRole("link");
  const first = (await links.nth(0).boundingBox())!;
  const second = (await links.nth(1).boundingBox())!;
  expect(first.x).toBeGreaterThan(second.x);
  const bar = (await page.locator(".admin-bar").boundingBox())!;
  const chooser = (await page.locator(".admin-language").boundingBox())!;
  expect(chooser.x - bar.x).toBeLessThan(bar.x + bar.width - (chooser.x + chooser.width));
  await expectNoAxeViolations(page);

  for (const path of ["/admin", "/admin/users"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const [name, size] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      await page.setViewportSize(size);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: `${SHOTS}/admin-ar-${name}${path.replaceAll("/", "-")}.png`, fullPage: true });
    }
    await page.setViewportSize(DESKTOP);
  }
});

test("the Japanese admin: every screen translated, axe finds nothing", async ({ page }) => {
  test.slow();
  await chooseLanguage(page, "日本語");
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  for (const path of ["/admin", "/admin/users"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".admin")).toHaveAttribute("lang", "ja-JP");
    await expectNoAxeViolations(page);
    for (const [name, size] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      await page.setViewportSize(size);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: `${SHOTS}/admin-ja-${name}${path.replaceAll("/", "-")}.png`, fullPage: true });
    }
    await page.setViewportSize(DESKTOP);
  }
});

test("a broken admin string falls back to English, says which and why, and can be repaired", async ({ page }) => {
  await chooseLanguage(page, "Français");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  const usersKey = `/api/admin/translations/${encodeURIComponent("admin.nav.users")}/fr-FR`;
  const setLabel = (key: string, label: string) =>
    withE2eDatabase((db) =>
      db
        .updateTable("translations")
        .set({ label })
        .where("code", "=", "fr-FR")
        .where("code_component", "=", key)
        .execute(),
    );
  // Written past the save-time check (as an old import could have), then any change of a string reloads them all (a
  // save of a string as it was is no change, and reloads nothing).
  await setLabel("admin.nav.users", "Utilisateurs {");
  try {
    await adminPut(page, `/api/admin/translations/${encodeURIComponent("admin.common.never")}/fr-FR`, {
      label: "Jamais !",
    });
    await setLabel("admin.common.never", "Jamais");

    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Rubriques de l’administration" });
    await expect(nav.getByRole("link", { name: "Users", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Traductions", exact: true })).toBeVisible();
    const alert = page.getByRole("alert").filter({ hasText: "admin.nav.users" });
    await expect(alert).toContainText(
      "1 texte de l’administration en Français est inutilisable et s’affiche en anglais",
    );
    await expect(alert).toContainText("Syntax error at line 1");
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();

    // The repair, through the same API the translations screen uses; the notice goes away.
    await adminPut(page, usersKey, { label: "Utilisateurs" });
    await page.goto("/admin");
    await expect(nav.getByRole("link", { name: "Utilisateurs" })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "admin.nav.users" })).toHaveCount(0);
  } finally {
    // A broken string left behind would spoil every later export of French (the exchange spec refuses it).
    await setLabel("admin.nav.users", "Utilisateurs");
    await setLabel("admin.common.never", "Jamais");
  }
});
