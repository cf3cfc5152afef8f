/**
 * Every admin screen in the admin's own language (decision 0076, issue 11 item
 * 4): signed in with the admin language set to French, then Arabic, then
 * Japanese, each screen's title is translated and the page follows the
 * language (lang, and dir=rtl in Arabic); on a sample of screens the English
 * texts of headings, labels and buttons are gone and axe finds nothing. Its own
 * admin user, so other specs keep English. Expected texts come from the
 * catalog files, the source of the seeded translations.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { adminSessionCookie, useSpecAdmin, withE2eDatabase } from "./support/admin-session.ts";
import { catalogText as text } from "./support/admin-catalog.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

test.describe.configure({ mode: "serial" });

const UID = "e2e-i18n-admin";

/** Each screen with the admin text of its level-1 heading (null: the heading is content, an article's title). */
const SCREENS: [string, string | null][] = [
  ["/admin", "admin.nav.dashboard"],
  ["/admin/languages", "admin.nav.languages"],
  ["/admin/translations", "admin.nav.translations"],
  ["/admin/translation-status", "admin.nav.translation_status"],
  ["/admin/articles", "admin.nav.articles"],
  ["/admin/articles/new", "admin.nav.article_new"],
  ["/admin/articles/1", null],
  ["/admin/users", "admin.nav.users"],
  ["/admin/analytics", "admin.nav.analytics"],
  ["/admin/audit", "admin.nav.audit"],
  ["/admin/romes", "admin.nav.romes"],
  ["/admin/media", "admin.media.title"],
  ["/admin/api", "admin.api.title"],
];

/** Per sampled screen, texts that must show translated (and not in English): headings, labels and buttons. */
const SAMPLES: Record<string, string[]> = {
  "/admin/languages": [
    "admin.languages.add_title",
    "admin.languages.make_favorite",
    "admin.languages.col_speakers",
    "admin.languages.add_button",
  ],
  "/admin/translation-status": ["admin.status.strings", "admin.status.articles", "admin.status.jobs"],
  "/admin/articles": ["admin.articles.intro", "admin.articles.col_translations", "admin.common.filter"],
  "/admin/articles/1": [
    "admin.editor.versions",
    "admin.details.save",
    "admin.version.preview",
    "admin.publishing.previews",
    "admin.publishing.create_preview",
  ],
  "/admin/analytics": ["admin.analytics.apply", "admin.analytics.traffic_title", "admin.analytics.switches_title"],
  "/admin/audit": ["admin.audit.intro", "admin.audit.actor", "admin.common.filter"],
  "/admin/romes": ["admin.romes.export", "admin.romes.search_label", "admin.romes.col_official", "admin.romes.import"],
  "/admin/media": ["admin.media.upload_title", "admin.media.search_label", "admin.media.choose"],
};

/** axe on a few screens per language: enough to cover each layout, short enough for a busy machine. */
const AXE_SCREENS = ["/admin/languages", "/admin/analytics", "/admin/articles/1"];

useSpecAdmin(test, { uid: UID, email: "ina.eighteen@example.com", name: "Ina Eighteen" });

test.beforeEach(async ({ context }) => {
  await context.addCookies([await adminSessionCookie(undefined, UID)]);
});

async function expectTranslated(area: Locator, key: string, code: string) {
  const translated = text(key, code);
  await expect(area.getByText(translated, { exact: true }).first(), `${key} in ${code}`).toBeVisible();
  if (translated !== text(key, "en-US"))
    await expect(area.getByText(text(key, "en-US"), { exact: true }), `${key} left in English`).toHaveCount(0);
}

async function visit(page: Page, path: string, code: string, headingKey: string | null) {
  await page.goto(path);
  const heading = page.getByRole("heading", { level: 1 });
  if (headingKey) {
    await expect(heading).toHaveText(text(headingKey, code));
    await expect(page).toHaveTitle(text("admin.layout.page_title", code).replace("{screen}", text(headingKey, code)));
  } else {
    // An article's title is in its version's language (here English), marked so in every admin language (issue 44).
    await expect(heading.locator("span")).toHaveAttribute("lang", "en-US");
    await expect(heading.locator("span")).toHaveAttribute("dir", "ltr");
  }
  await expect(page.locator(".admin")).toHaveAttribute("lang", code);
  await expect(page.locator(".admin")).toHaveAttribute("dir", code === "ar" ? "rtl" : "ltr");
}

for (const code of ["fr-FR", "ar", "ja-JP"]) {
  test(`every admin screen in ${code}: translated headings, labels and buttons; axe finds nothing`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await withE2eDatabase((db) =>
      db.updateTable("users").set({ admin_language: code }).where("uid", "=", UID).execute(),
    );
    await page.setViewportSize({ width: 1366, height: 900 });
    for (const [path, headingKey] of SCREENS) {
      await visit(page, path, code, headingKey);
      await expect(page.locator("html")).toHaveAttribute("dir", code === "ar" ? "rtl" : "ltr");
      const admin = page.locator(".admin");
      for (const key of SAMPLES[path] ?? []) await expectTranslated(admin, key, code);
      if (AXE_SCREENS.includes(path)) await expectNoAxeViolations(page);
    }
  });
}
