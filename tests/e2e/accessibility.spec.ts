/**
 * axe (WCAG 2.2 AA rules) finds nothing on every kind of public page and on
 * the error pages, in English, Arabic (right-to-left) and Japanese, on a
 * phone and on a desktop screen.
 */
import { test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";

const PAGES: Record<string, string[]> = {
  en: ["/en/welcome", "/en/articles", "/en/articles/1/x", "/en/jobs", "/en/jobs?domain=M", "/en/jobs?q=bois", "/en/jobs/a1101/x", "/en/nothing-here", "/admin"],
  ar: ["/ar/مرحبا", "/ar/مقالات", "/ar/مقالات/1/x", "/ar/وظائف", "/ar/وظائف?domain=M", "/ar/وظائف/a1101/x", "/ar/nothing-here"],
  ja: ["/ja/ようこそ", "/ja/記事", "/ja/記事/1/x", "/ja/仕事", "/ja/仕事?domain=M", "/ja/仕事/a1101/x", "/ja/nothing-here"],
};

// Every language on a phone; the desktop layout once (what differs there is layout, not text).
const RUNS = [
  ...Object.keys(PAGES).map((language) => ({ language, viewport: { name: "phone", width: 390, height: 844 } })),
  { language: "en", viewport: { name: "desktop", width: 1366, height: 900 } },
];

for (const { language, viewport } of RUNS) {
  test.describe(`axe in ${language} on a ${viewport.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });
    for (const path of PAGES[language]!) {
      test(path, async ({ page }) => {
        // Articles and jobs: the slug-less form redirects to the canonical page.
        await page.goto(path.replace(/\/x$/, ""));
        await expectNoAxeViolations(page);
      });
    }
  });
}

test("axe: the open header menus", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ar/مرحبا");
  await page.getByRole("button", { name: "اللغة" }).click();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "تسجيل الدخول", exact: true }).click();
  await expectNoAxeViolations(page);
});
