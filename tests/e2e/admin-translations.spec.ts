import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin-session.ts";

// These tests change the shared e2e site's texts; each one puts back what the public pages show.
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

const grid = (page: Page) => page.getByRole("region", { name: "Translations: keys by language" });
const keyRow = (page: Page, key: string) =>
  grid(page)
    .locator("tbody tr")
    .filter({ has: page.locator("th > code").getByText(key, { exact: true }) });
const cellButton = (page: Page, code: string, key: string) =>
  grid(page).getByRole("button", { name: new RegExp(`edit the ${code} translation of ${key}$`) });

async function editCell(page: Page, code: string, key: string, text: string) {
  await cellButton(page, code, key).click();
  const editor = page.getByLabel(`${code} translation of ${key}`, { exact: true });
  await editor.fill(text);
  await grid(page).getByRole("button", { name: "Save" }).click();
  await expect(cellButton(page, code, key)).toContainText(text);
}

test("shows completeness per language, section names first, right-to-left cells", async ({ page }) => {
  await page.goto("/admin/translations");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Translations");
  await expect(page.locator(".completeness__item").filter({ hasText: "fr-FR" })).toContainText("100%");
  await expect(page.locator(".completeness__item").filter({ hasText: "zh-CN" })).toContainText("1 of");
  const keys = await grid(page).locator("tbody th code").allTextContents();
  expect(keys.slice(0, 3)).toEqual(["HOME", "ARTICLES", "JOBS"]);
  // HOME is read-only here; the others are buttons.
  await expect(keyRow(page, "HOME").getByRole("button")).toHaveCount(0);
  // 50 keys a page: the next page by keyboard, the grid focused to read it from its start.
  await expect(grid(page).locator("tbody tr")).toHaveCount(50);
  await expect(keyRow(page, "NAV:HOME")).toHaveCount(0);
  const pages = page.getByRole("navigation", { name: "Pages of keys" });
  await expect(pages).toContainText(/Page 1 of [3-9]/);
  await pages.getByRole("button", { name: "Next page" }).press("Enter");
  await expect(pages).toContainText(/Page 2 of [3-9]/);
  await expect(grid(page)).toBeFocused();
  await expect(keyRow(page, "NAV:HOME")).toBeVisible();
  const arabic = keyRow(page, "NAV:HOME").locator('td[lang="ar"]');
  await expect(arabic).toHaveAttribute("dir", "rtl");
  // Languages not on the site (a new one, say) show too, with their missing cells marked; a tick hides them.
  await expect(cellButton(page, "zh-CN", "NAV:HOME")).toHaveAccessibleName(/^missing/);
  await expect(keyRow(page, "NAV:HOME").locator('td[lang="zh-CN"]')).toHaveClass(/cell--missing/);
  await page.getByLabel("Only languages on the site").check();
  await expect(grid(page).locator('td[lang="zh-CN"]')).toHaveCount(0);
  await page.getByLabel("Only languages on the site").uncheck();
});

test("edits NAV:ARTICLES in fr-FR and the French pages show it at once", async ({ page }) => {
  await page.goto("/admin/translations");
  await page.getByLabel("Find a key or text").fill("NAV:ARTICLES");
  await expect(grid(page).locator("tbody tr")).toHaveCount(1);
  try {
    await editCell(page, "fr-FR", "NAV:ARTICLES", "Nos articles");
    await expect(cellButton(page, "fr-FR", "NAV:ARTICLES")).toBeFocused();
    await page.goto("/fr/bienvenue");
    await expect(page.getByRole("navigation").getByRole("link", { name: "Nos articles" })).toBeVisible();
  } finally {
    await page.goto("/admin/translations");
    await page.getByLabel("Find a key or text").fill("NAV:ARTICLES");
    await editCell(page, "fr-FR", "NAV:ARTICLES", "Articles");
  }
});

test("Escape cancels an edit and keyboard users reach the editor with Enter", async ({ page }) => {
  await page.goto("/admin/translations");
  await page.getByLabel("Find a key or text").fill("NAV:JOBS");
  await cellButton(page, "de-DE", "NAV:JOBS").focus();
  await page.keyboard.press("Enter");
  const editor = page.getByLabel("de-DE translation of NAV:JOBS", { exact: true });
  await expect(editor).toBeFocused();
  await editor.fill("Stellen");
  await page.keyboard.press("Escape");
  await expect(editor).toHaveCount(0);
  await expect(cellButton(page, "de-DE", "NAV:JOBS")).toBeFocused();
  await expect(cellButton(page, "de-DE", "NAV:JOBS")).toContainText("Berufe");
});

test("refuses a section name that another page of the language already uses", async ({ page }) => {
  await page.goto("/admin/translations");
  await cellButton(page, "fr-FR", "ARTICLES").click();
  await page.getByLabel("fr-FR translation of ARTICLES", { exact: true }).fill("Métiers");
  await grid(page).getByRole("button", { name: "Save" }).click();
  await expect(grid(page).getByRole("alert")).toContainText("already the JOBS page name");
  await expect(page.getByLabel("fr-FR translation of ARTICLES", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
});

test("validates ICU messages on save: a missing plural category is named, a complete plural is saved and counts on the public page", async ({
  page,
}) => {
  await page.goto("/admin/translations");
  await page.getByLabel("Find a key or text").fill("JOBS:RESULTS");
  await cellButton(page, "fr-FR", "JOBS:RESULTS").click();
  const editor = page.getByLabel("fr-FR translation of JOBS:RESULTS", { exact: true });
  const original = await editor.inputValue();
  await editor.fill("{count, plural, one {# métier} other {# métiers}}");
  await grid(page).getByRole("button", { name: "Save" }).click();
  await expect(grid(page).getByRole("alert")).toContainText(
    "fr-FR needs the categories one, many, other; missing: many.",
  );
  await expect(editor).toHaveAttribute("aria-invalid", "true");
  await page.screenshot({ path: "test-results/admin-translations-icu-error.png" });

  await editor.fill("{count, plural, one {# fiche} many {# de fiches} other {# fiches}}");
  await grid(page).getByRole("button", { name: "Save" }).click();
  await expect(cellButton(page, "fr-FR", "JOBS:RESULTS")).toContainText("{count, plural, one {# fiche}");
  try {
    const publicPage = await page.context().newPage();
    await publicPage.goto("/fr/m%C3%A9tiers?q=b12");
    await expect(publicPage.getByRole("main").getByRole("status")).toHaveText(/^1 fiche /);
    await publicPage.close();
  } finally {
    await editCell(page, "fr-FR", "JOBS:RESULTS", original);
  }
});

test("adds a key, which shows as missing elsewhere; Missing only keeps just the incomplete keys", async ({ page }) => {
  await page.goto("/admin/translations");
  const addKey = page.getByRole("region", { name: "Add a key" });
  await addKey.getByLabel("Key").fill("e2e:promo");
  await addKey.getByLabel("Text in English (en-US)").fill("Read our new series");
  await addKey.getByRole("button", { name: "Add key" }).click();
  await expect(keyRow(page, "E2E:PROMO")).toBeVisible();
  await expect(cellButton(page, "fr-FR", "E2E:PROMO")).toHaveAccessibleName(/^missing/);
  await expect(page.getByLabel("Find a key or text")).toHaveValue("E2E:PROMO");

  await page.getByLabel("Find a key or text").fill("");
  // Among the languages on the site: 中文 (not on it) misses most keys.
  await page.getByLabel("Only languages on the site").check();
  await page.getByLabel("Missing only").check();
  await expect(keyRow(page, "E2E:PROMO")).toBeVisible();
  await expect(keyRow(page, "NAV:HOME")).toHaveCount(0);
  const rows = grid(page).locator("tbody tr");
  for (const row of await rows.all()) await expect(row.locator(".cell--missing").first()).toBeVisible();

  await page.getByLabel("Missing only").uncheck();
  await expect(keyRow(page, "ARTICLES")).toBeVisible();

  // Adding the same key again is refused next to the field.
  await addKey.getByLabel("Key").fill("E2E:PROMO");
  await addKey.getByLabel("Text in English (en-US)").fill("Again");
  await addKey.getByRole("button", { name: "Add key" }).click();
  await expect(addKey.getByRole("alert")).toContainText("already exists");
  await expect(addKey.getByLabel("Key")).toHaveAccessibleDescription(/already exists/);
});

test("the grid shows every cell's whole text and breaks keys only between their parts, on a phone and a desktop", async ({
  page,
}) => {
  test.slow(); // hundreds of cells, measured twice
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/admin/translations");
    await expect(page.locator(".cell__text").first()).toBeVisible();
    const found = await page.evaluate(() => ({
      cells: document.querySelectorAll(".cell__text").length,
      // Clipped: more content than the box shows.
      clipped: [...document.querySelectorAll<HTMLElement>(".cell__text")].filter(
        (cell) => cell.scrollHeight > cell.clientHeight + 1 || cell.scrollWidth > cell.clientWidth + 1,
      ).length,
      // A key may wrap only after ":" or "_" (a <wbr> between its parts, each part its own text node):
      // a text node spanning two lines was broken inside a word.
      brokenKeys: [...document.querySelectorAll<HTMLElement>(".translations-grid__key code")]
        .filter((key) =>
          [...key.childNodes].some((node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            return node.nodeType === Node.TEXT_NODE && range.getClientRects().length > 1;
          }),
        )
        .map((key) => key.textContent),
    }));
    expect(found.cells).toBeGreaterThan(100);
    expect({ clipped: found.clipped, brokenKeys: found.brokenKeys }).toEqual({ clipped: 0, brokenKeys: [] });
  }
});
