/**
 * Issue 10 items 4–5 (decision 0085): the picker on an English-only article says which
 * languages lack it and where their links go; the 404 of a missing translation lists the
 * languages it exists in; an admin edits a language's fallback chain in the languages screen.
 */
import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin-session.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

// The chain test changes the shared e2e site; it puts it back as it was.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const SHOTS = "/tmp/shots";
mkdirSync(SHOTS, { recursive: true });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** The seed's English-only article ("Learning a language at work"), reached from its 404 in another language. */
async function openEnglishOnlyArticle(page: Page) {
  const response = await page.goto("/fr/articles/5/x");
  expect(response?.status()).toBe(404);
  await page
    .getByRole("region", { name: "Le lire dans une autre langue" })
    .getByRole("link", { name: /English/ })
    .click();
  await expect(page).toHaveURL(/^[^?]*\/en\/articles\/5\/[a-z0-9-]+$/);
}

test("the picker on an English-only article marks the other languages and says where their links go, by keyboard", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await openEnglishOnlyArticle(page);
  const button = page.getByRole("button", { name: "Language", exact: true });
  await button.focus();
  await page.keyboard.press("Enter");
  const menu = page.locator("#language-menu");
  await expect(menu).toBeVisible();

  const english = menu.getByRole("link", { name: "English", exact: true });
  await expect(english).toHaveAttribute("aria-current", "true");
  await expect(english).not.toHaveAttribute("aria-describedby", /.+/);
  const french = menu.getByRole("link", { name: "Français", exact: true });
  await expect(french).toHaveAttribute("href", "/fr/articles");
  await expect(french).toHaveAccessibleDescription("Not translated — opens the article list");
  const arabic = menu.getByRole("link", { name: "العربية", exact: true });
  await expect(arabic).toHaveAttribute("hreflang", "ar");
  await expect(arabic).toHaveAccessibleDescription("Not translated — opens the article list");
  // Every language but English is marked, in words.
  await expect(menu.locator(".language-picker__note")).toHaveCount(6);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/fallback-picker-desktop-en.png` });

  // The keyboard reaches the marked links and follows one: the list, as the note said.
  await english.focus();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link").nth(1)).toBeFocused();
  await french.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/fr\/articles$/);

  await page.setViewportSize(PHONE);
  await openEnglishOnlyArticle(page);
  await page.getByRole("button", { name: "Language", exact: true }).click();
  await expect(page.locator("#language-menu")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/fallback-picker-phone-en.png` });
});

test("the picker in Arabic (RTL) on an article missing in Arabic says so in Arabic", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const response = await page.goto("/ar/%D9%85%D9%82%D8%A7%D9%84%D8%A7%D8%AA/5/x");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByRole("button", { name: "اللغة", exact: true }).click();
  const menu = page.locator("#language-menu");
  await expect(menu.getByRole("link", { name: "Français", exact: true })).toHaveAccessibleDescription(
    "غير مترجم — يفتح قائمة المقالات",
  );
  await expect(menu.getByRole("link", { name: "English", exact: true })).not.toHaveAttribute("aria-describedby", /.+/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/fallback-picker-phone-ar.png` });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/fallback-picker-desktop-ar.png` });
});

for (const [language, path, available, heading] of [
  ["en", "/en/articles/6/x", "Read it in another language", "Not available in English"],
  ["ar", "/ar/%D9%85%D9%82%D8%A7%D9%84%D8%A7%D8%AA/3/x", "اقرأها بلغة أخرى", "غير متوفرة باللغة العربية"],
] as const) {
  test(`the 404 of a missing translation lists the languages the article exists in (${language})`, async ({ page }) => {
    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      const list = page.getByRole("region", { name: available });
      const links = list.getByRole("link");
      await expect(links.first()).toHaveAttribute("hreflang", /.+/);
      for (const link of await links.all())
        expect(await link.getAttribute("lang")).toBe(await link.getAttribute("hreflang"));
      // The rest of the page is there: navigation, picker, search, footer.
      await expect(page.getByRole("navigation").first()).toBeVisible();
      await expect(page.locator('[role="search"]:visible').first()).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/fallback-404-${size}-${language}.png`, fullPage: true });
    }
    // Keyboard: the first listed language is reachable and opens the article there.
    await page.getByRole("region", { name: available }).getByRole("link").first().focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("article").first()).toBeVisible();
  });
}

test("an admin edits a language's fallback chain with the keyboard; a loop is refused, naming it", async ({
  page,
  context,
}) => {
  await signInAsAdmin(context);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/languages");
  const row = (name: string) =>
    page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  await row("Português").getByRole("button", { name: "Edit Português" }).click();
  const chain = page.getByRole("group", { name: "Fallback languages" });
  await chain.getByLabel("Add a fallback language").selectOption({ label: "English (en-US)" });
  await chain.getByRole("button", { name: "Add", exact: true }).click();
  await chain.getByLabel("Add a fallback language").selectOption({ label: "Español (es-ES)" });
  await chain.getByRole("button", { name: "Add", exact: true }).press("Enter");
  await expect(chain.getByRole("listitem")).toHaveText([/English/, /Español/]);
  // Español first: pt → es → en.
  await chain.getByRole("button", { name: "Up Español" }).press("Enter");
  await expect(chain.getByRole("listitem")).toHaveText([/Español/, /English/]);
  await expect(chain.getByText("Español moved to position 1 of 2.")).toBeAttached();
  await page.getByLabel("List articles found only in a fallback language").check();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/fallback-chain-editor-desktop-en.png` });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText(/saved|Português/i);

  // Español → Português would loop (pt already falls back to es).
  await row("Español").getByRole("button", { name: "Edit Español" }).click();
  const spanish = page.getByRole("group", { name: "Fallback languages" });
  await spanish.getByLabel("Add a fallback language").selectOption({ label: "Português (pt-BR)" });
  await spanish.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please correct" })).toContainText(
    "this makes a loop: es-ES → pt-BR → es-ES",
  );
  await expect(page.getByRole("group", { name: "Fallback languages" })).toHaveAccessibleDescription(
    /this makes a loop/,
  );
  await page.getByRole("button", { name: "Cancel" }).click();

  // The Portuguese articles list now includes articles found only in Spanish or English, marked.
  await page.goto("/pt/artigos");
  await expect(page.locator(".card__language").first()).toBeVisible();
  await expect(page.locator('article.card[lang="en-US"]').first()).toBeVisible();

  // Put the site back: no chain, no borrowed articles.
  await page.goto("/admin/languages");
  await row("Português").getByRole("button", { name: "Edit Português" }).click();
  const reset = page.getByRole("group", { name: "Fallback languages" });
  await reset.getByRole("button", { name: "Remove Español" }).click();
  await reset.getByRole("button", { name: "Remove English" }).click();
  await page.getByLabel("List articles found only in a fallback language").uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "Edit Português" })).toBeVisible();
  await page.goto("/pt/artigos");
  await expect(page.locator(".card__language")).toHaveCount(0);
});
