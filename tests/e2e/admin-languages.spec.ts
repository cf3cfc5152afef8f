import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin-session.ts";
import { setVisitorLanguage } from "./support/visitor-language.ts";
import { E2E_URL } from "./ports.ts";

// These tests change the shared e2e site (a new language, the favorite); each one puts the public site back as it was.
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

const addForm = (page: Page) => page.getByRole("region", { name: "Add a language" });
const languageRow = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

/** Fills and sends the "Add a language" form for a language shown on the site; returns the form. */
async function addShownLanguage(
  page: Page,
  language: { tag: string; shortCode: string; name: string; welcome: string; speakers: string },
) {
  const form = addForm(page);
  await form.getByLabel("Language tag").fill(language.tag);
  await form.getByLabel("Short code").fill(language.shortCode);
  await form.getByLabel("Name", { exact: true }).fill(language.name);
  await form.getByLabel("Home page name").fill(language.welcome);
  await form.getByLabel("Speakers (millions)").fill(language.speakers);
  await form.getByLabel("Shown on the site").check();
  await form.getByRole("button", { name: "Add language" }).click();
  return form;
}

async function openPicker(page: Page) {
  await page.getByRole("button", { name: "Language", exact: true }).click();
  return page.locator("#language-menu");
}

test("lists the languages by population with their settings", async ({ page }) => {
  await page.goto("/admin/languages");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Languages");
  const names = await page.locator(".languages-table tbody th").allTextContents();
  expect(names.slice(0, 8)).toEqual([
    "English",
    "中文",
    "Español",
    "Français",
    "العربية",
    "Português",
    "Deutsch",
    "日本語",
  ]);
  await expect(languageRow(page, "English").locator(".admin-badge")).toBeVisible();
  await expect(languageRow(page, "中文").getByRole("checkbox", { name: "Show 中文 on the site" })).not.toBeChecked();
  await expect(languageRow(page, "English").getByRole("checkbox", { name: "Show English on the site" })).toBeDisabled();
  await expect(languageRow(page, "العربية").getByRole("rowheader").locator('[lang="ar"]')).toHaveAttribute(
    "dir",
    "rtl",
  );
});

test("shows every field error next to its field and in an alert, and the server's conflicts too", async ({ page }) => {
  await page.goto("/admin/languages");
  const form = addForm(page);
  await form.getByLabel("Language tag").fill("en_US");
  await form.getByLabel("Short code").fill("admin");
  await form.getByLabel("Home page name").fill("a/b");
  await form.getByRole("button", { name: "Add language" }).click();
  const alert = form.getByRole("alert");
  await expect(alert).toContainText("Please correct these 5 fields");
  await expect(alert).toContainText('Short code: must not be "admin"');
  await expect(form.getByLabel("Language tag")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Language tag")).toHaveAccessibleDescription(/is not a valid BCP 47 language tag/);

  // Valid on its face, refused by the server: the short code is taken.
  await form.getByLabel("Language tag").fill("fr-CA");
  await form.getByLabel("Short code").fill("fr");
  await form.getByLabel("Name", { exact: true }).fill("Français (Canada)");
  await form.getByLabel("Home page name").fill("accueil");
  await form.getByLabel("Speakers (millions)").fill("8");
  await form.getByRole("button", { name: "Add language" }).click();
  await expect(alert).toContainText("Another language already uses this short code.");
  await expect(form.getByLabel("Short code")).toHaveAccessibleDescription(
    /Another language already uses this short code\./,
  );
  await expect(form.getByLabel("Language tag")).not.toHaveAttribute("aria-invalid", "true");
});

test("adds a language that then shows in the public picker", async ({ page }) => {
  await page.goto("/admin/languages");
  const form = await addShownLanguage(page, {
    tag: "it-it",
    shortCode: "it",
    name: "Italiano",
    welcome: "benvenuto",
    speakers: "68",
  });
  await expect(languageRow(page, "Italiano")).toContainText("it-IT");
  await expect(form.getByLabel("Language tag")).toHaveValue("");

  await page.goto("/en/welcome");
  await expect((await openPicker(page)).getByRole("link", { name: "Italiano" })).toHaveAttribute(
    "href",
    "/it/benvenuto",
  );
  await page.goto("/it/benvenuto");
  await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");

  // Off the site again, from the row's switch.
  await page.goto("/admin/languages");
  await languageRow(page, "Italiano").getByRole("checkbox", { name: "Show Italiano on the site" }).uncheck();
  await expect(page.getByText("Italiano is no longer shown on the site.")).toBeVisible();
  expect((await page.request.get("/it/benvenuto")).status()).toBe(404);
});

test("edits a language in its row; Escape cancels", async ({ page }) => {
  await page.goto("/admin/languages");
  const row = languageRow(page, "Deutsch");
  await row.getByRole("button", { name: "Edit Deutsch" }).click();
  const editor = page.locator(".languages-table__editor");
  await expect(editor.getByLabel("Language tag")).toHaveValue("de-DE");
  await editor.getByLabel("Speakers (millions)").fill("134");
  await editor.getByLabel("Speakers (millions)").press("Escape");
  await expect(editor).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Edit Deutsch" })).toBeFocused();
  await expect(row).toContainText("133");

  await row.getByRole("button", { name: "Edit Deutsch" }).click();
  await editor.getByLabel("Speakers (millions)").fill("134");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor).toHaveCount(0);
  await expect(row).toContainText("134");
});

test("makes another language the favorite: exactly one, and the root follows", async ({ page, context }) => {
  // Without a language of their own the admin follows the favorite (decision 0076): keep this one in English throughout.
  await setVisitorLanguage(context, "en");
  await page.goto("/admin/languages");
  try {
    await languageRow(page, "Français").getByRole("button", { name: "Make favorite: Français" }).click();
    await expect(languageRow(page, "Français").locator(".admin-badge")).toBeVisible();
    await expect(page.locator(".admin-badge")).toHaveCount(1);
    await expect(
      languageRow(page, "Français").getByRole("checkbox", { name: "Show Français on the site" }),
    ).toBeDisabled();
    // A first visit, without this browser's saved language: the favorite.
    const root = await fetch(`${E2E_URL}/`, { redirect: "manual" });
    expect(root.headers.get("location")).toBe("/fr/bienvenue");
  } finally {
    await page.goto("/admin/languages");
    await languageRow(page, "English").getByRole("button", { name: "Make favorite: English" }).click();
    await expect(languageRow(page, "English").locator(".admin-badge")).toBeVisible();
  }
});

test("deletes a language from its row: the dialog asks about its content, by keyboard, and the favorite has no Delete", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/admin/languages");
  await expect(languageRow(page, "English").getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await addShownLanguage(page, {
    tag: "nl-NL",
    shortCode: "nl",
    name: "Nederlands",
    welcome: "welkom",
    speakers: "25",
  });
  const row = languageRow(page, "Nederlands");
  await expect(row).toContainText("nl-NL");
  expect((await page.request.get("/nl/welkom")).status()).toBe(200);

  // Escape cancels, and the focus goes back to the row's Delete button.
  const remove = row.getByRole("button", { name: "Delete Nederlands" });
  await remove.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete Nederlands (nl-NL)?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(dialog).toContainText("It holds 1 UI string, 0 article versions, 0 job labels and 0 image alt texts.");
  await expect(dialog.getByRole("radio", { name: /Keep it stored/ })).toBeChecked();
  await page.screenshot({ path: "test-results/screens/language-delete-desktop.png" });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  // Remove the content: arrow keys move between the two choices.
  await page.setViewportSize({ width: 390, height: 844 });
  await remove.click();
  await dialog.getByRole("radio", { name: /Keep it stored/ }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByRole("radio", { name: "Remove it for good" })).toBeChecked();
  await page.screenshot({ path: "test-results/screens/language-delete-phone.png" });
  await dialog.getByRole("button", { name: "Delete the language and its content" }).click();
  await expect(page.getByText("Nederlands and its content deleted.")).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole("region", { name: /languages, .* shown on the site/ })).toBeFocused();
  expect((await page.request.get("/nl/welkom")).status()).toBe(404);
  await page.goto("/admin/audit");
  await expect(page.getByRole("table").getByText("language").first()).toBeVisible();
});
