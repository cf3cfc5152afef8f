/**
 * The admin forms' own checks and the admin error page in the admin's
 * language (issue 11 item 4, decision 0120), in French and Arabic: each form
 * that checks its input in the browser (language, new translation key, article
 * details, article version) shows the catalog's text for what is wrong, with
 * no English message left; the error page is translated when a screen's
 * loader fails and when the admin layout's own loader fails (its data answer
 * is cut down to the root's, so only the root's texts arrive). Its own admin
 * user, so other specs keep English. Expected texts come from the catalog files.
 */
import { expect, test, type Locator } from "@playwright/test";
import { adminSessionCookie, useSpecAdmin, withE2eDatabase } from "./support/admin-session.ts";
import { CATALOG, catalogText as text } from "./support/admin-catalog.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

test.describe.configure({ mode: "serial" });

const UID = "e2e-i18n-checks";

/** Every English check message: none may show in a translated form. */
const ENGLISH_CHECKS = Object.keys(CATALOG)
  .filter((key) => key.startsWith("admin.check."))
  .map((key) => text(key, "en-US"));

useSpecAdmin(test, { uid: UID, email: "cho.checks@example.com", name: "Cho Checks" });

test.beforeEach(async ({ context }) => {
  await context.addCookies([await adminSessionCookie(undefined, UID)]);
});

const setAdminLanguage = (code: string) =>
  withE2eDatabase((db) => db.updateTable("users").set({ admin_language: code }).where("uid", "=", UID).execute());

/** The form's error summary shows each field's message in the admin's language, and no English check message at all. */
async function expectChecks(form: Locator, code: string, expected: [label: string, key: string][]) {
  const alert = form.getByRole("alert");
  for (const [label, key] of expected) {
    await expect(alert, key).toContainText(text(key, code));
    await expect(form.getByLabel(label, { exact: true }), `${label} describes ${key}`).toHaveAccessibleDescription(
      new RegExp(escape(text(key, code))),
    );
  }
  const shown = (await alert.textContent()) ?? "";
  expect(ENGLISH_CHECKS.filter((english) => shown.includes(english))).toEqual([]);
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function submit(form: Locator) {
  await form.locator('button[type="submit"]').first().click();
}

for (const code of ["fr-FR", "ar"]) {
  test(`the forms' own checks speak ${code}`, async ({ page }) => {
    test.setTimeout(90_000);
    await setAdminLanguage(code);
    const t = (key: string) => text(key, code);

    await page.goto("/admin/languages");
    await expect(page.locator(".admin")).toHaveAttribute("lang", code);
    const language = page.getByRole("region", { name: t("admin.languages.add_title") });
    await language.getByLabel(t("admin.languages.field_code"), { exact: true }).fill("en_US");
    await language.getByLabel(t("admin.languages.field_short_code"), { exact: true }).fill("admin");
    await language.getByLabel(t("admin.languages.field_welcome"), { exact: true }).fill("a/b");
    await submit(language);
    await expectChecks(language, code, [
      [t("admin.languages.field_code"), "admin.check.language_tag"],
      [t("admin.languages.field_short_code"), "admin.check.reserved_short_code"],
      [t("admin.languages.field_label"), "admin.check.required"],
      [t("admin.languages.field_welcome"), "admin.check.page_name_slash"],
      [t("admin.languages.field_population"), "admin.check.not_a_number"],
    ]);
    await expectNoAxeViolations(page);

    await page.goto("/admin/translations");
    const addKey = page.getByRole("region", { name: t("admin.translations.add_key") });
    await addKey.getByLabel(t("admin.translations.key"), { exact: true }).fill("nav home");
    await submit(addKey);
    await expectChecks(addKey, code, [[t("admin.translations.key"), "admin.check.translation_key"]]);
    await expect(addKey.getByRole("alert")).toContainText(text("admin.check.required", code));

    await page.goto("/admin/articles/new");
    const details = page.locator("form.admin-form").first();
    await details.getByLabel(t("admin.details.key"), { exact: true }).fill("-not-a-key");
    await details.getByLabel(t("admin.details.cover"), { exact: true }).fill("ftp://example.com/cover.png");
    await details.getByLabel(t("admin.details.tags"), { exact: true }).fill("-dash");
    await submit(details);
    await expectChecks(details, code, [
      [t("admin.details.author"), "admin.check.required"],
      [t("admin.details.key"), "admin.check.article_key"],
      [t("admin.details.cover"), "admin.check.cover"],
      [t("admin.details.tags"), "admin.check.tag"],
    ]);

    await page.goto("/admin/articles/1");
    const version = page.locator("form.version-form");
    await version.getByLabel(t("admin.history.slug"), { exact: true }).fill("Not a slug");
    await submit(version);
    await expectChecks(version, code, [[t("admin.history.slug"), "admin.check.slug"]]);
    await expectNoAxeViolations(page);
  });

  test(`the admin error page speaks ${code}, even when the layout's own loader failed`, async ({ page }) => {
    await setAdminLanguage(code);
    const t = (key: string) => text(key, code);
    const expectErrorPage = async (titleKey: string, textKey: string) => {
      const errorPage = page.locator(".error-page");
      await expect(errorPage.getByRole("heading", { level: 1 })).toHaveText(t(titleKey));
      await expect(errorPage.getByRole("alert")).toHaveText(t(textKey));
      await expect(errorPage).toHaveAttribute("lang", code);
      await expect(errorPage).toHaveAttribute("dir", code === "ar" ? "rtl" : "ltr");
      await expect(page).toHaveTitle(`${t(titleKey)} · ${t("admin.layout.title")}`);
      await expect(page.locator("html")).toHaveAttribute("lang", code);
    };

    // A screen's loader fails: the layout's catalog is there.
    const missing = await page.goto("/admin/articles/999999");
    expect(missing?.status()).toBe(404);
    await expectErrorPage("admin.error.not_found_title", "admin.error.not_found_text");
    await expectNoAxeViolations(page);

    // The layout's own loader fails: the admin's data answer is cut down to the root's, so the
    // layout gets no result (an error in the browser) and its catalog never arrives. The layout's
    // loader runs again in the browser only for the same address (its shouldRevalidate): the
    // dashboard's own link, followed from the dashboard (public pages are not the app: decision 0171).
    await page.goto("/admin");
    await page.route(/\/admin\.data(\?|$)/, async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set("_routes", "root");
      await route.fulfill({ response: await route.fetch({ url: url.href }) });
    });
    await page
      .locator(".admin-nav")
      .getByRole("link", { name: t("admin.nav.dashboard") })
      .click();
    await expect(page).toHaveURL(/\/admin$/);
    await expectErrorPage("admin.error.title", "admin.error.text");
    await expect(page.locator(".admin-nav")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
