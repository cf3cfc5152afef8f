/**
 * axe (WCAG 2.2 AA rules) finds nothing on every kind of public page and on
 * the error pages (404, and the admin's 401 to a signed-out visitor), in
 * English, Arabic (right-to-left) and Japanese, on a phone (390×844) and on a
 * desktop screen (1366×900). Each page loads once and is checked at both sizes.
 */
import { test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { setVisitorLanguage } from "./support/visitor-language.ts";

// Each test loads its own page and only reads: both workers share the file.
test.describe.configure({ mode: "parallel" });

const PAGES: Record<string, string[]> = {
  en: [
    "/en/welcome",
    "/en/articles",
    "/en/articles/1/x",
    "/en/jobs",
    "/en/jobs?domain=M",
    "/en/jobs?q=bois",
    "/en/jobs/a1101/x",
    "/en/nothing-here",
    "/admin",
  ],
  ar: [
    "/ar/مرحبا",
    "/ar/مقالات",
    "/ar/مقالات/1/x",
    "/ar/وظائف",
    "/ar/وظائف?domain=M",
    "/ar/وظائف?q=bois",
    "/ar/وظائف/a1101/x",
    "/ar/nothing-here",
    "/admin",
  ],
  ja: [
    "/ja/ようこそ",
    "/ja/記事",
    "/ja/記事/1/x",
    "/ja/仕事",
    "/ja/仕事?domain=M",
    "/ja/仕事?q=bois",
    "/ja/仕事/a1101/x",
    "/ja/nothing-here",
    "/admin",
  ],
};

for (const [language, paths] of Object.entries(PAGES)) {
  test.describe(`axe in ${language}`, () => {
    test.beforeEach(async ({ context }) => {
      // The admin's pages name no language in their URL: the visitor's saved one is set.
      await setVisitorLanguage(context, language);
    });
    for (const path of paths) {
      test(`${path} on a phone and a desktop`, async ({ page }) => {
        test.slow(); // two axe runs
        await page.setViewportSize({ width: 390, height: 844 });
        // Articles and jobs: the slug-less form redirects to the canonical page.
        await page.goto(path.replace(/\/x$/, ""));
        await expectNoAxeViolations(page);
        await page.setViewportSize({ width: 1366, height: 900 });
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
