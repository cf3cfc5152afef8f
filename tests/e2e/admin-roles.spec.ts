/**
 * Roles in a real browser (decision 0072): a French translator signs in through
 * the development provider at the admin gate, sees only the screens a
 * translator may use, edits French strings and a French article version, and
 * is refused clearly elsewhere; an admin changes a role on the users screen.
 * axe finds nothing on these screens. Screenshots go to /tmp/shots.
 */
import { expect, test, type Page } from "@playwright/test";
import { openDatabase } from "#server/db/connect.ts";
import { e2eDatabasePath, signInAsAdmin } from "./support/admin-session.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

const SHOTS = "/tmp/shots";
const TRANSLATOR = { uid: "e2e-traductrice", email: "camille.traductrice@example.com", name: "Camille Traductrice" };
const ARTICLE_KEY = "reporting-across-languages";
let articleId = 0;

// axe over the whole translations grid takes a while on a busy machine.
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  const handle = openDatabase({ kind: "sqlite", path: e2eDatabasePath() });
  try {
    // The admin made her a French translator before her first visit (npm run admin -- grant … --role translator --languages fr).
    await handle.db
      .insertInto("users")
      .values({
        uid: TRANSLATOR.uid,
        email: TRANSLATOR.email,
        display_name: TRANSLATOR.name,
        photo_url: null,
        email_verified: 1,
        role: "translator",
        role_languages: "fr-FR",
        can_publish: 0,
        created_at: new Date().toISOString(),
        last_sign_in_at: null,
      })
      .onConflict((conflict) =>
        conflict.column("uid").doUpdateSet({ role: "translator", role_languages: "fr-FR", can_publish: 0 }),
      )
      .execute();
    articleId = (
      await handle.db.selectFrom("articles").select("id").where("key", "=", ARTICLE_KEY).executeTakeFirstOrThrow()
    ).id;
    await handle.db
      .deleteFrom("article_versions")
      .where("article_id", "=", articleId)
      .where("code", "=", "fr-FR")
      .execute();
  } finally {
    await handle.close();
  }
});

const nav = (page: Page) => page.getByRole("navigation", { name: "Admin sections" });
const grid = (page: Page) => page.getByRole("region", { name: "Translations: keys by language" });

async function signInAtTheGate(page: Page) {
  await page.goto("/admin");
  const gate = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in required");
  const popupOpened = page.waitForEvent("popup");
  await gate.getByRole("button", { name: "Sign in with GitHub" }).click();
  const popup = await popupOpened;
  await popup.getByLabel("Email").fill(TRANSLATOR.email);
  await popup.getByLabel("Name").fill(TRANSLATOR.name);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Continue" }).click();
  await closed;
  // The page reloads its data after the sign-in: the admin shell replaces the 401 page (slowly on a busy machine).
  await expect(nav(page)).toBeVisible({ timeout: 20_000 });
}

test("a French translator signs in, sees a translator's admin and edits French strings", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAtTheGate(page);
  await expect(page.locator(".admin-bar__who")).toContainText("Translator: fr-FR");
  await expect(nav(page).getByRole("link")).toHaveText([
    "Dashboard",
    "Translations",
    "Translation status",
    "Tags",
    "Articles",
    "Glossary",
    "ROME jobs",
    "API",
  ]);
  // Her dashboard: the cards of screens she may open, her languages named, every link open to her.
  const dashboard = page.getByRole("region", { name: "Dashboard" });
  await expect(dashboard.getByRole("heading", { level: 2 })).toHaveText([
    "Translations",
    "Translation status",
    "Articles",
    "ROME jobs",
  ]);
  await expect(dashboard).toContainText("Translate articles into your languages: fr-FR.");
  await expect(dashboard.getByRole("listitem").filter({ hasText: "Translation status" })).toContainText(
    /\d+ outdated · \d+ missing/,
  );
  const links = await dashboard
    .getByRole("link")
    .evaluateAll((found) => found.map((link) => link.getAttribute("href")!));
  for (const href of links) expect((await page.request.get(href)).status(), href).toBe(200);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/roles-translator-dashboard-desktop.png`, fullPage: true });

  await nav(page).getByRole("link", { name: "Translations" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Translations");
  // The source language to read and French to edit: no other column, no key to add.
  await expect(grid(page).locator("thead th")).toHaveCount(3);
  await expect(grid(page).locator("thead")).toContainText("fr-FR");
  await expect(grid(page).locator("thead")).not.toContainText("de-DE");
  await expect(grid(page).getByRole("button", { name: /edit the en-US translation/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Add a key" })).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "Exchange files (XLIFF, PO)" }).getByLabel("Language", { exact: true }),
  ).toHaveText(/Français \(fr-FR\)/);

  await page.getByLabel("Find a key or text").fill("NAV:HOME");
  await grid(page)
    .getByRole("button", { name: /edit the fr-FR translation of NAV:HOME$/ })
    .click();
  await page.getByLabel("fr-FR translation of NAV:HOME", { exact: true }).fill("Accueil du site");
  await grid(page).getByRole("button", { name: "Save" }).click();
  await expect(grid(page).getByRole("button", { name: /edit the fr-FR translation of NAV:HOME$/ })).toContainText(
    "Accueil du site",
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/roles-translator-translations-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/roles-translator-translations-phone.png`, fullPage: true });

  // Put the string back for the other specs.
  await grid(page)
    .getByRole("button", { name: /edit the fr-FR translation of NAV:HOME$/ })
    .click();
  await page.getByLabel("fr-FR translation of NAV:HOME", { exact: true }).fill("Accueil");
  await grid(page).getByRole("button", { name: "Save" }).click();
  await expect(grid(page).getByRole("button", { name: /edit the fr-FR translation of NAV:HOME$/ })).toContainText(
    "Accueil",
  );
});

test("the translator writes a French article version as a draft, reads others, and is refused other screens", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAtTheGate(page);
  await page.goto(`/admin/articles/${articleId}`);
  // No article details or deletion for a translator; only French can be added.
  await expect(page.getByRole("button", { name: /Delete article/ })).toHaveCount(0);
  await expect(page.getByLabel("Author")).toHaveCount(0);
  await expect(page.getByLabel("Add translation").locator("option")).toHaveText(["Français (fr-FR)"]);
  await page.getByRole("button", { name: "Add translation" }).click();
  await page.getByLabel("Title").fill("Reportage à travers les langues");
  await page.getByLabel("Body (Markdown)").fill("Un **brouillon** en français.");
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Français draft saved; it is not on the site.")).toBeVisible();
  // A second save: the history then has a revision an admin could restore.
  await page.getByLabel("Title").fill("Reportage à travers nos langues");
  await page.getByRole("button", { name: "Save draft" }).click();
  const history = page.getByRole("region", { name: "History of the Français version" });
  await expect(history.locator(".history__item")).toHaveCount(2);
  // Publishing and restoring are an editor's here (the server refuses them): the panels offer neither, only preview links.
  const publication = page.getByRole("region", { name: "Publication of the Français version" });
  await expect(publication.getByText("Publishing this version is an editor's or an administrator's.")).toBeVisible();
  await expect(publication.getByRole("button", { name: /Publish|Unpublish|Schedule/ })).toHaveCount(0);
  await expect(publication.getByRole("button", { name: "Create a preview link" })).toBeVisible();
  await expect(history.getByRole("button", { name: /Restore/ })).toHaveCount(0);
  await expect(history.getByRole("combobox", { name: "Older" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/roles-translator-article-desktop.png`, fullPage: true });

  // The English version: readable, not editable.
  await page.goto(`/admin/articles/${articleId}?language=en-US`);
  await expect(page.getByRole("note")).toContainText("Your role does not include English (en-US)");
  await expect(page.getByLabel("Title")).toBeDisabled();
  await expect(page.getByRole("button", { name: /Save/ })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/roles-translator-article-readonly-phone.png`, fullPage: true });

  // Screens of other roles: a clear refusal inside the admin bar, whose navigation lists hers.
  const refused = await page.goto("/admin/users");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No access");
  await expect(page.getByRole("main")).toContainText("Your role does not include this screen.");
  await expect(nav(page).getByRole("link")).toHaveText([
    "Dashboard",
    "Translations",
    "Translation status",
    "Tags",
    "Articles",
    "Glossary",
    "ROME jobs",
    "API",
  ]);
  await expect(page.getByRole("combobox", { name: "Admin language" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/roles-translator-refused-phone.png`, fullPage: true });
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  // A client navigation's data request is refused too, and carries none of the screen's data.
  const data = await page.request.get("/admin/users.data");
  expect(data.status()).toBe(403);
  expect(await data.text()).not.toContain("admin@example.com");
  expect((await page.goto("/admin/languages"))?.status()).toBe(403);
  expect((await page.goto("/admin/articles/new"))?.status()).toBe(403);
  // The API refuses what the screens do not show: a German string.
  const german = await page.evaluate(async () => {
    const token = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? "";
    const response = await fetch("/api/admin/translations/NAV:HOME/de-DE", {
      method: "PUT",
      headers: { "content-type": "application/json", "x-xsrf-token": token },
      body: JSON.stringify({ label: "Heim" }),
    });
    return { status: response.status, body: await response.text() };
  });
  expect(german.status).toBe(403);
  expect(german.body).toContain("Your role does not allow this in de-DE");
});

test("an admin changes the translator's role on the users screen, audited", async ({ page, context }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAsAdmin(context);
  await page.goto("/admin/users?q=camille");
  const row = page.getByRole("row", { name: /Camille Traductrice/ });
  await expect(row).toContainText("Translator (fr-FR)");
  await row.getByRole("button", { name: "Change role for Camille Traductrice" }).click();
  const dialog = page.getByRole("dialog", { name: "Change the role of Camille Traductrice?" });
  await expect(dialog.getByRole("radio", { name: "Translator" })).toBeChecked();
  await dialog.getByRole("checkbox", { name: /العربية \(ar\)/ }).check();
  await dialog.getByRole("checkbox", { name: "May publish in these languages" }).check();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/roles-admin-role-dialog-desktop.png` });
  await dialog.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByText("Camille Traductrice: Translator (fr-FR, ar; may publish).")).toBeVisible();
  await expect(row).toContainText("Translator (fr-FR, ar; may publish)");
  await page.goto("/admin/audit");
  await expect(page.getByRole("main")).toContainText("Role changed");
});
