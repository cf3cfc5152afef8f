/**
 * Every admin screen on a phone (390×844), whatever language the visitor has chosen on the public site (English,
 * Arabic, Japanese): no horizontal page scroll (wide tables scroll in their own region) and the screen's title close
 * under the site header. axe finds nothing on a phone or a desktop (1366×900) in English and in Arabic (right to
 * left). Japanese has the same components and markup as English, its strings aside (every admin text has a valid
 * Japanese message: server/admin/i18n/source.test.ts); what it alone can break is the layout, long words without
 * spaces wrapping, which its phone check covers (decision 0232).
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { signInAsAdmin } from "./support/admin-session.ts";
import { setVisitorLanguage } from "./support/visitor-language.ts";

// Each test loads its own page and only reads: both workers share the file.
test.describe.configure({ mode: "parallel" });

const SHOTS = "/tmp/shots";
const SCREENS = [
  "/admin",
  "/admin/languages",
  "/admin/translations",
  "/admin/articles",
  "/admin/articles/new",
  "/admin/articles/1",
  "/admin/users",
  "/admin/analytics",
  "/admin/audit",
  "/admin/webhooks",
  "/admin/api-keys",
  "/admin/glossary",
  "/admin/tags",
  "/admin/romes",
  "/admin/media",
  "/admin/api",
];

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

for (const path of SCREENS) {
  for (const language of ["en", "ar", "ja"]) {
    const axeChecked = language === "ja" ? "" : "; no axe violation on a phone or a desktop";
    test(`${path} with the visitor's language ${language}: on a phone no sideways page scroll and the title near the top${axeChecked}`, async ({
      context,
      page,
    }) => {
      // Two axe runs; the translations grid is hundreds of buttons, where axe needs longer still.
      test.slow(language !== "ja");
      if (path === "/admin/translations") test.setTimeout(300_000);
      await setVisitorLanguage(context, language);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect((await heading.boundingBox())!.y).toBeLessThan(240);
      await page.screenshot({ path: `${SHOTS}/admin-phone-${language}${path.replaceAll("/", "-")}.png` });
      if (language === "ja") return;
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1366, height: 900 });
      await expectNoAxeViolations(page);
    });
  }
}
