/**
 * The header on a phone (390×844) and a desktop (1366×900): one compact bar
 * in every language, menus that follow the WAI-ARIA disclosure pattern with
 * arrow keys, and where the keyboard starts on the next page.
 */
import { expect, test, type Page } from "@playwright/test";

const SHOTS = "/tmp/shots";
const HOMES = [
  "/en/welcome",
  "/fr/bienvenue",
  "/es/bienvenido",
  "/de/willkommen",
  "/pt/bem-vindo",
  "/ar/مرحبا",
  "/ja/ようこそ",
];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const header = (page: Page) => page.locator("header.site-header");

test("on a phone the header is one bar of at most 20% of the first screen, in every language", async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const path of HOMES) {
    await page.goto(path);
    const box = (await header(page).boundingBox())!;
    expect(box.height, path).toBeLessThanOrEqual(0.2 * PHONE.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
    // Title, language and sign-in share the first row.
    const title = (await header(page).locator(".site-title").boundingBox())!;
    const signIn = (await header(page).locator(".sign-in-menu .header-menu__button").boundingBox())!;
    expect(Math.abs(title.y + title.height / 2 - (signIn.y + signIn.height / 2)), path).toBeLessThan(8);
    if (/\/(en|ar|ja)\//.test(path)) await page.screenshot({ path: `${SHOTS}/header-phone-${path.split("/")[1]}.png` });
  }
});

test("on a desktop the navigation stays on one line, Arabic included", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  for (const path of ["/en/welcome", "/ar/مرحبا", "/ja/ようこそ"]) {
    await page.goto(path);
    const links = await header(page)
      .locator(".site-nav a")
      .evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().top)));
    expect(new Set(links).size, path).toBe(1);
    expect((await header(page).boundingBox())!.height, path).toBeLessThan(80);
    await page.screenshot({ path: `${SHOTS}/header-desktop-${path.split("/")[1]}.png` });
  }
});

test("the sign-in menu holds both providers under their translated names", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/ja/ようこそ");
  const menu = header(page).getByRole("button", { name: "ログイン", exact: true });
  await menu.click();
  await expect(header(page).getByRole("button", { name: /Google/ })).toBeVisible();
  await expect(header(page).getByRole("button", { name: /GitHub/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/header-phone-ja-sign-in-open.png` });
  await page.keyboard.press("Escape");
  await expect(header(page).getByRole("button", { name: /Google/ })).toBeHidden();
  await expect(menu).toBeFocused();
});

test("the language menu: ArrowDown opens it and moves the focus, never scrolls the page", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/en/welcome");
  const button = header(page).getByRole("button", { name: "Language", exact: true });
  await button.focus();
  await page.keyboard.press("ArrowDown");
  const items = page.locator("#language-menu a");
  await expect(items.first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(items.last()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.first()).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(items.last()).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.screenshot({ path: `${SHOTS}/header-phone-en-language-open.png` });
  await page.keyboard.press("Escape");
  await expect(button).toBeFocused();
});

test("a header link is a new page: the keyboard starts again at its skip link", async ({ page }) => {
  // Public pages are not hydrated (decision 0171): a link loads the next page, which the browser
  // announces as a new document; the app's focus move to the heading is for the admin's client navigations.
  await page.setViewportSize(DESKTOP);
  await page.goto("/en/welcome");
  await header(page).getByRole("link", { name: "Articles" }).click();
  await expect(page).toHaveURL(/\/en\/articles$/);
  await page.keyboard.press("Tab");
  await expect(page.locator(".skip-link")).toBeFocused();
});
