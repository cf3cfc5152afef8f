/**
 * Issue 12 items 1–3 in the browser: a version's history with a diff and a
 * restore, a publish scheduled a minute ahead that appears on the site with
 * nobody signed in, and a preview link opened signed out (English and Arabic).
 */
import { mkdirSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin-session.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

const SHOTS = "/tmp/publish-shots";
mkdirSync(SHOTS, { recursive: true });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
/** The editor's time zone in these tests: not the server's (UTC), so the conversion to UTC is exercised. */
const TIME_ZONE = "Europe/Paris";

test.use({ timezoneId: TIME_ZONE });
// Several screens, axe runs and two languages per test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

/** A new article through the editor; returns its id, the editor open on its English version. */
async function createArticle(page: Page, author: string): Promise<number> {
  await page.goto("/admin/articles");
  await page.getByRole("link", { name: "New article" }).click();
  await page.getByLabel("Author").fill(author);
  await page.getByRole("button", { name: "Create article" }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+\?language=en-US$/);
  return Number(/\/admin\/articles\/(\d+)/.exec(page.url())![1]);
}

async function saveVersion(page: Page, title: string, body: string) {
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Body (Markdown)").fill(body);
  await page.getByRole("button", { name: "Save draft" }).click();
  // The form's own mark, not a translation's autosave status, which also begins "Unsaved changes".
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeHidden();
}

async function signedOutPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test("history: compare two revisions, restore the older one with the keyboard (English and Arabic, phone and desktop)", async ({
  page,
}) => {
  const id = await createArticle(page, "History Author");
  // Titles of this article's own (its id): a retry's new article must not meet the first try's slugs.
  await saveVersion(page, `First title of story ${id}`, "Opening line.\nMiddle line.");
  await saveVersion(page, `Second title of story ${id}`, "Opening line.\nA rewritten middle line.");

  const history = page.getByRole("region", { name: "History of the English version" });
  await expect(history.getByRole("listitem")).toHaveCount(2, { timeout: 20_000 });
  await expect(history.getByText("[added: Second]", { exact: true })).toBeVisible();
  await expect(history.getByText("[removed: First]", { exact: true })).toBeVisible();
  await expect(history.getByRole("region", { name: "Changes to the body" }).locator("del")).toContainText(
    "Middle line.",
  );
  await expectNoAxeViolations(page);
  await history.scrollIntoViewIfNeeded();
  await page.setViewportSize(DESKTOP);
  await history.screenshot({ path: `${SHOTS}/history-desktop-en.png` });
  await page.setViewportSize(PHONE);
  await history.screenshot({ path: `${SHOTS}/history-phone-en.png` });
  await page.setViewportSize(DESKTOP);

  // Keyboard only: the Restore button, Enter, then the dialog's Restore.
  const restore = history.getByRole("button", { name: /^Restore revision #\d+ of/ });
  await restore.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: /Restore the English version from/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Restore" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(/English version restored from/)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(`First title of story ${id}`);
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await expect(history.getByRole("listitem").first()).toContainText(/Restored\s*from #\d+/);

  // Arabic: right to left, the diff in the version's direction.
  await page.goto(`/admin/articles/${id}?language=ar`);
  await saveVersion(page, `العنوان الأول للقصة ${id}`, "السطر الأول.\nالسطر الأوسط.");
  await saveVersion(page, `العنوان الثاني للقصة ${id}`, "السطر الأول.\nسطر أوسط جديد.");
  const arabic = page.getByRole("region", { name: /History of the .* version/ });
  // The history follows the reloaded version: on a busy machine that can take a while.
  await expect(arabic.getByRole("listitem")).toHaveCount(2, { timeout: 20_000 });
  await expect(arabic.locator(".history__diff[dir=rtl]").first()).toBeVisible();
  await expect(arabic.locator("ins").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await arabic.screenshot({ path: `${SHOTS}/history-desktop-ar.png` });
  await page.setViewportSize(PHONE);
  await arabic.screenshot({ path: `${SHOTS}/history-phone-ar.png` });
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test("a publish scheduled a minute ahead appears on the site with no admin present", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const id = await createArticle(page, "Scheduler Author");
  // A retry runs on the same database, where the first attempt's article already holds the slug.
  const suffix = test.info().retry ? ` ${test.info().retry}` : "";
  await saveVersion(page, `Scheduled by the browser${suffix}`, "It appears on time.");
  const publication = page.getByRole("region", { name: "Publication of the English version" });
  await expect(publication.getByText(`Times are in your time zone, ${TIME_ZONE}`)).toBeVisible();
  await expect(publication.getByText("Draft", { exact: true })).toBeVisible();

  // The next whole minute at least 30 s away, written as the editor's datetime-local field takes it (Paris time).
  const due = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
  const local = new Intl.DateTimeFormat("sv-SE", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(due)
    .replace(" ", "T");
  await publication.getByLabel("Schedule publish at").fill(local);
  await publication.getByRole("button", { name: "Schedule publish" }).click();
  await expect(page.getByText(/Publish of the English version scheduled for/)).toBeVisible();
  await expect(publication.getByText("Scheduled", { exact: true })).toBeVisible();
  await expect(publication.locator(`time[datetime="${due.toISOString()}"]`)).toBeVisible();
  await expectNoAxeViolations(page);
  // An edit in progress while the schedule falls due: the editor stays open and is never reloaded.
  await page.getByLabel("Summary").fill("Written while the publish was pending.");
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();

  const visitor = await signedOutPage(browser);
  const path = `/en/articles/${id}/scheduled-by-the-browser${suffix.replace(" ", "-")}`;
  expect((await visitor.goto(path))!.status()).toBe(404);
  await expect
    .poll(async () => (await visitor.request.get(path)).status(), { timeout: 120_000, intervals: [2_000] })
    .toBe(200);
  // Within a minute of its time.
  expect(Date.now() - due.getTime()).toBeLessThan(60_000);
  await visitor.goto(path);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Scheduled by the browser${suffix}`);
  await visitor.context().close();

  // The open editor follows the publication by itself: state, buttons and the form's status, the unsaved summary kept.
  await expect(publication.getByText("Published", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Unpublish…" })).toBeVisible();
  await expect(page.locator(".version-state")).toContainText("Live");
  await expect(page.getByRole("button", { name: "Save draft" })).toBeVisible();
  await expect(page.getByLabel("Summary")).toHaveValue("Written while the publish was pending.");
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
});

test("a preview link shows a draft signed out with its banner, until it is revoked (English and Arabic)", async ({
  page,
  browser,
}) => {
  const id = await createArticle(page, "Preview Author");
  await saveVersion(page, "A draft to show a colleague", "Not public yet.");
  const publication = page.getByRole("region", { name: "Publication of the English version" });
  await publication.getByRole("button", { name: "Create a preview link" }).click();
  const link = await publication.getByLabel(/New link/).inputValue();
  expect(link).toMatch(/\/en\/preview\/\d+\.\d+\.[\w-]{43}$/);

  const visitor = await signedOutPage(browser);
  const response = await visitor.goto(link);
  expect(response!.status()).toBe(200);
  expect(response!.headers()["x-robots-tag"]).toContain("noindex");
  await expect(
    visitor.getByRole("status").filter({ hasText: "Preview: this version is not published." }),
  ).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("A draft to show a colleague");
  await expect(visitor.locator('meta[name="robots"][content~="noindex,"]')).toHaveCount(1);
  await expect(
    visitor
      .getByRole("button", { name: /Sign in/ })
      .or(visitor.getByRole("link", { name: /Sign in/ }))
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.setViewportSize(PHONE);
  await visitor.screenshot({ path: `${SHOTS}/preview-phone-en.png` });

  // Arabic: the page right to left, the banner in Arabic.
  await page.goto(`/admin/articles/${id}?language=ar`);
  await saveVersion(page, "مسودة للزملاء", "ليست منشورة بعد.");
  const arabic = page.getByRole("region", { name: /Publication of the .* version/ });
  await arabic.getByRole("button", { name: "Create a preview link" }).click();
  const arabicLink = await arabic.getByLabel(/New link/).inputValue();
  await visitor.goto(arabicLink);
  await expect(visitor.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(visitor.getByText("معاينة: هذه النسخة غير منشورة.", { exact: false })).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.setViewportSize(DESKTOP);
  await visitor.screenshot({ path: `${SHOTS}/preview-desktop-ar.png` });

  // Revoked: a clear 410 page instead of the draft.
  await page.goto(`/admin/articles/${id}?language=en-US`);
  await page
    .getByRole("region", { name: "Publication of the English version" })
    .getByRole("button", { name: /^Revoke/ })
    .first()
    .click();
  await expect(page.getByText(/Preview link \d+ revoked/)).toBeVisible();
  const revoked = await visitor.goto(link);
  expect(revoked!.status()).toBe(410);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("This preview link no longer works");
  await visitor.context().close();
});
