/**
 * Issue 40 in the editor (decisions 0150–0152): two people on one version see each other ("… also has
 * this version open") and the second save from a stale copy opens the conflict view — their text
 * against yours, keep mine, take theirs, copy mine — with nothing typed lost; a live version keeps its
 * text while pending changes wait beside it (diff, publish, discard), and only Unpublish… (confirmed)
 * takes it down; a French translator saves a draft of the live French version and the public page
 * changes only when an editor publishes it. Ctrl+S saves, focus never falls to <body>, axe finds
 * nothing in English and Arabic, and the editor fits a 390 px phone. Screenshots: /tmp/editor-shots.
 */
import { mkdirSync } from "node:fs";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { encoded } from "#tests/fixtures/images.ts";
import { E2E_PORT, E2E_URL } from "./ports.ts";
import {
  adminSessionCookie,
  DEMO_ADMIN_UID,
  useSpecAdmin,
  useSpecTranslator,
  withE2eDatabase,
} from "./support/admin-session.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

const SHOTS = "/tmp/editor-shots";
mkdirSync(SHOTS, { recursive: true });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const ADA = { uid: "e2e-ada-together", email: "ada.together@example.com", name: "Ada Editor" };
const CAMILLE = { uid: "e2e-camille-drafts", email: "camille.drafts@example.com", name: "Camille Brouillon" };

useSpecAdmin(test, ADA);
// Two or three people per test, axe runs and two languages: more than the default 30 s on a busy machine.
test.describe.configure({ mode: "serial", timeout: 360_000 });

useSpecTranslator(test, CAMILLE, { languages: "fr-FR", canPublish: false });
test.afterAll(async () => {
  await withE2eDatabase((db) =>
    db.updateTable("users").set({ admin_language: null }).where("uid", "in", [ADA.uid, DEMO_ADMIN_UID]).execute(),
  );
});

const setAdminLanguage = (uid: string, code: string | null) =>
  withE2eDatabase((db) => db.updateTable("users").set({ admin_language: code }).where("uid", "=", uid).execute());

/** A browser context signed in as `uid`, allowed to use the clipboard. */
async function contextAs(browser: Browser, uid: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies([await adminSessionCookie(E2E_PORT, uid)]);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_URL });
  return context;
}

/** The editor of version `code`, after hydration (the publication panel loads then: typing before it could be lost). */
async function openEditor(page: Page, id: number, code: string) {
  await page.goto(`/admin/articles/${id}?language=${code}`);
  await expect(page.locator(".publishing__state")).toBeVisible({ timeout: 20_000 });
}

/** A write's toast, then the form free again (busy while the write is on its way). */
async function written(page: Page, message: string) {
  await expect(page.getByText(message).last()).toBeVisible();
  await expect(page.locator(".version-form")).not.toHaveAttribute("aria-busy", "true");
}

/** A new article through the editor, its English version saved as a draft; the editor stays open on it. */
async function newArticle(page: Page, title: string, body: string): Promise<number> {
  await page.goto("/admin/articles/new");
  await page.getByLabel("Author").fill("Together Author");
  await page.getByRole("button", { name: "Create article" }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+\?language=en-US$/);
  const id = Number(/\/admin\/articles\/(\d+)/.exec(page.url())![1]);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Body (Markdown)").fill(body);
  await page.getByRole("button", { name: "Save draft" }).click();
  await written(page, "English draft saved; it is not on the site.");
  return id;
}

const body = (page: Page) => page.getByLabel(/Body \(Markdown\)|النص/).first();
const focusIsOnBody = (page: Page) =>
  page.evaluate(() => document.activeElement === null || document.activeElement === document.body);
const noWiderThanPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test("two people on one version: each sees the other, and a stale save opens the conflict view (English and Arabic)", async ({
  browser,
}) => {
  const mine = await contextAs(browser, DEMO_ADMIN_UID);
  const page = await mine.newPage();
  await page.setViewportSize(DESKTOP);
  const stamp = Date.now();
  const id = await newArticle(page, `Shared story ${stamp}`, "First line.");
  await openEditor(page, id, "en-US");

  const theirs = await contextAs(browser, ADA.uid);
  const ada = await theirs.newPage();
  await ada.setViewportSize(DESKTOP);
  await openEditor(ada, id, "en-US");
  // Ada sees who was there first at once; the demo admin sees her at his next heartbeat (20 s).
  await expect(ada.locator(".version-presence")).toHaveText("Demo Admin also has this version open.");
  await expect(page.locator(".version-presence")).toHaveText("Ada Editor also has this version open.", {
    timeout: 30_000,
  });

  await body(ada).fill("First line.\n\nAda's own line.");
  await ada.getByRole("button", { name: "Save draft" }).click();
  await expect(ada.getByText("English draft saved; it is not on the site.")).toBeVisible();

  // The demo admin typed from the older copy; Ctrl+S saves, and the server refuses it.
  await body(page).fill("First line.\n\nMy own line.");
  await body(page).press("Control+s");
  const conflict = page.getByRole("region", { name: "Someone else saved the English version while you were editing" });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole("heading", { level: 4 })).toBeFocused();
  await expect(conflict.locator("del")).toContainText("Ada's own line.");
  await expect(conflict.locator("ins")).toContainText("My own line.");
  await expect(body(page)).toHaveValue("First line.\n\nMy own line.");
  await expectNoAxeViolations(page);
  await conflict.screenshot({ path: `${SHOTS}/conflict-desktop-en.png` });

  await conflict.getByRole("button", { name: "Copy my text" }).click();
  await expect(conflict.getByRole("status")).toHaveText("Your text is on the clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("My own line.");

  // Keep mine: saved over theirs, from the ETag the 412 carried.
  await conflict.getByRole("button", { name: "Keep mine (save over theirs)" }).click();
  await expect(page.getByText("English draft saved; it is not on the site.")).toBeVisible();
  await expect(conflict).toBeHidden();
  expect(await focusIsOnBody(page)).toBe(false);

  // Ada, now behind, saves: her conflict view, in Arabic, and she takes the demo admin's text.
  await setAdminLanguage(ADA.uid, "ar");
  await ada.reload();
  await expect(ada.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(ada.locator(".publishing__state")).toBeVisible({ timeout: 20_000 });
  await body(page).fill("First line.\n\nMy own line, again.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("button", { name: "Save draft" })).toBeFocused();
  await expect(page.getByText("English draft saved; it is not on the site.").last()).toBeVisible();
  await body(ada).fill("First line.\n\nAda's second line.");
  await body(ada).press("Control+s");
  const arabicConflict = ada.locator(".version-conflict");
  await expect(arabicConflict.getByRole("heading", { level: 4 })).toBeFocused();
  await expect(arabicConflict.locator("del")).toContainText("My own line, again.");
  await expectNoAxeViolations(ada);
  await arabicConflict.screenshot({ path: `${SHOTS}/conflict-desktop-ar.png` });
  await ada.setViewportSize(PHONE);
  await noWiderThanPhone(ada);
  await arabicConflict.screenshot({ path: `${SHOTS}/conflict-phone-ar.png` });
  await arabicConflict.locator("button").nth(1).click();
  await expect(body(ada)).toHaveValue("First line.\n\nMy own line, again.");
  await expect(arabicConflict).toBeHidden();

  // Leaving the editor says goodbye: the demo admin no longer sees her at his next heartbeat.
  await ada.locator(".article-editor__back a").click();
  await expect(ada).toHaveURL(/\/admin\/articles$/);
  await expect(page.locator(".version-presence")).toHaveText("", { timeout: 30_000 });
  await setAdminLanguage(ADA.uid, null);
  await theirs.close();
  await mine.close();
});

test("a live version: pending changes beside it with their diff, publish, discard, and Unpublish… only after confirming", async ({
  browser,
}) => {
  const context = await contextAs(browser, DEMO_ADMIN_UID);
  const page = await context.newPage();
  await page.setViewportSize(DESKTOP);
  const stamp = Date.now();
  const id = await newArticle(page, `Live story ${stamp}`, "The live words.");
  const path = `/en/articles/${id}/live-story-${stamp}`;
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await written(page, "English version saved and published.");
  expect(await focusIsOnBody(page)).toBe(false);
  expect((await page.request.get(path)).status()).toBe(200);

  // A draft of the live version: the site keeps the live words.
  await body(page).fill("The pending words.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await written(page, "English changes saved as pending; the site still shows the live text.");
  const pending = page.getByRole("region", { name: "Pending changes", exact: true });
  await expect(pending.locator("ins")).toContainText("pending");
  await expect(pending.locator("del")).toContainText("live");
  expect(await (await page.request.get(path)).text()).toContain("The live words.");
  await expectNoAxeViolations(page);
  await page.locator(".version-state").screenshot({ path: `${SHOTS}/pending-desktop-en.png` });

  // Publish makes them live (the first publication's toast may still be showing).
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await written(page, "English version saved and published.");
  await expect(pending).toBeHidden();
  expect(await focusIsOnBody(page)).toBe(false);
  await expect
    .poll(async () => (await page.request.get(path)).text(), { timeout: 3_000 })
    .toContain("The pending words.");

  // Discard pending changes: asked first; the form goes back to the live text.
  await body(page).fill("Words to throw away.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(pending).toBeVisible();
  await page.getByRole("button", { name: "Discard pending changes" }).click();
  const discard = page.getByRole("dialog", { name: "Discard the pending changes of the English version?" });
  await expect(discard.getByRole("button", { name: "Cancel" })).toBeFocused();
  await discard.getByRole("button", { name: "Discard pending changes" }).click();
  await written(page, "Pending changes of the English version discarded.");
  await expect(body(page)).toHaveValue("The pending words.");
  await expect(pending).toBeHidden();
  expect(await focusIsOnBody(page)).toBe(false);

  // Unpublish… asks first: Cancel leaves the page up.
  await page.getByRole("button", { name: "Unpublish…" }).click();
  const unpublish = page.getByRole("dialog", { name: "Take the English version off the site?" });
  await expect(unpublish.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await unpublish.screenshot({ path: `${SHOTS}/unpublish-dialog-en.png` });
  await page.keyboard.press("Escape");
  await expect(unpublish).toBeHidden();
  await expect(page.getByRole("button", { name: "Unpublish…" })).toBeFocused();
  expect((await page.request.get(path)).status()).toBe(200);
  await page.getByRole("button", { name: "Unpublish…" }).click();
  await unpublish.getByRole("button", { name: "Unpublish", exact: true }).click();
  await written(page, "English version unpublished; it is no longer on the site.");
  await expect(page.locator(".version-state")).toBeFocused();
  await expect.poll(async () => (await page.request.get(path)).status(), { timeout: 3_000 }).toBe(404);

  // Words typed while Publish is on its way stay in the form, unsaved, on the published version: the publish is held
  // at the network until they are typed.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === `/api/admin/articles/${id}/versions/en-US`,
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  const publishSent = page.waitForRequest(
    (request) => request.method() === "PUT" && /\/versions\/en-US$/.test(request.url()),
  );
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await publishSent;
  await body(page).fill("The pending words, for Ada to read.");
  release();
  await expect(page.locator(".version-state")).toContainText("Live");
  await expect(page.locator(".version-form")).not.toHaveAttribute("aria-busy", "true");
  await expect(body(page)).toHaveValue("The pending words, for Ada to read.");
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await page.request.get(path)).text(), { timeout: 3_000 })
    .toContain("The pending words.");

  // The same states in Arabic, for Ada: pending changes and the unpublish question, desktop and phone.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(pending).toBeVisible();
  await expect(pending).toContainText("Ada");
  await setAdminLanguage(ADA.uid, "ar");
  const arabic = await contextAs(browser, ADA.uid);
  const ada = await arabic.newPage();
  await ada.setViewportSize(DESKTOP);
  await openEditor(ada, id, "en-US");
  await expect(ada.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(ada.locator(".pending-changes ins").first()).toBeVisible();
  await expectNoAxeViolations(ada);
  await ada.locator(".version-state").screenshot({ path: `${SHOTS}/pending-desktop-ar.png` });
  await ada.setViewportSize(PHONE);
  await noWiderThanPhone(ada);
  await ada.locator(".version-state").screenshot({ path: `${SHOTS}/pending-phone-ar.png` });
  await ada.locator(".version-form .admin-form__actions").screenshot({ path: `${SHOTS}/actions-phone-ar.png` });
  await ada.getByRole("button", { name: "إلغاء النشر…" }).click();
  const arabicDialog = ada.getByRole("dialog");
  await expect(arabicDialog).toBeVisible();
  await expectNoAxeViolations(ada);
  await arabicDialog.screenshot({ path: `${SHOTS}/unpublish-dialog-phone-ar.png` });
  await ada.keyboard.press("Escape");
  await setAdminLanguage(ADA.uid, null);
  await arabic.close();
  await context.close();
});

test("a French translator saves a draft of the live French version; the site changes when an editor publishes it", async ({
  browser,
}) => {
  const editorContext = await contextAs(browser, DEMO_ADMIN_UID);
  const editor = await editorContext.newPage();
  await editor.setViewportSize(DESKTOP);
  const stamp = Date.now();
  const id = await newArticle(editor, `Translated story ${stamp}`, "The source words.");
  await editor.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(editor.getByText("English version saved and published.")).toBeVisible();
  // No French version yet: the form for a new one, without a publication state.
  await editor.goto(`/admin/articles/${id}?language=fr-FR`);
  await editor.getByRole("textbox", { name: "Title", exact: true }).fill(`Histoire traduite ${stamp}`);
  await body(editor).fill("Les mots en ligne.");
  await editor.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(editor.getByText("Français version saved and published.")).toBeVisible();
  const frenchPath = `/fr/articles/${id}/histoire-traduite-${stamp}`;
  expect(await (await editor.request.get(frenchPath)).text()).toContain("Les mots en ligne.");

  // Camille translates French without the publish right: Save draft, no Publish, no Unpublish, no Mark up to date.
  const translatorContext = await contextAs(browser, CAMILLE.uid);
  const translator = await translatorContext.newPage();
  await translator.setViewportSize(DESKTOP);
  await openEditor(translator, id, "fr-FR");
  await expect(translator.getByRole("button", { name: "Save draft" })).toBeEnabled();
  await expect(translator.getByRole("button", { name: /^Publish$|Unpublish|Mark up to date/ })).toHaveCount(0);
  await expect(translator.getByText(/What you save is kept as pending changes beside it/)).toBeVisible();
  await body(translator).fill("Les mots révisés par Camille.");
  await translator.getByRole("button", { name: "Save draft" }).click();
  await expect(
    translator.getByText("Français changes saved as pending; the site still shows the live text."),
  ).toBeVisible();
  await expect(translator.getByRole("button", { name: "Save draft" })).toBeFocused();
  await expectNoAxeViolations(translator);
  expect(await (await translator.request.get(frenchPath)).text()).toContain("Les mots en ligne.");

  // The editor reviews the pending changes (who, and the diff against the live text) and publishes them.
  await openEditor(editor, id, "fr-FR");
  const pending = editor.getByRole("region", { name: "Pending changes", exact: true });
  await expect(pending).toContainText("Camille Brouillon saved changes on");
  await expect(pending.locator("ins")).toContainText("révisés");
  await editor.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(editor.getByText("Français version saved and published.")).toBeVisible();
  await expect
    .poll(async () => (await editor.request.get(frenchPath)).text(), { timeout: 3_000 })
    .toContain("Les mots révisés par Camille.");
  await translatorContext.close();
  await editorContext.close();
});

test("the editor with a library image: headings in order, a keyboard-scrollable preview, focus kept after the image dialog, and a 390 px phone", async ({
  browser,
}) => {
  const context = await contextAs(browser, DEMO_ADMIN_UID);
  const page = await context.newPage();
  await page.setViewportSize(DESKTOP);
  const stamp = Date.now();
  const id = await newArticle(page, `Pictured story ${stamp}`, "Before the picture.");
  const xsrf = (await context.cookies()).find((cookie) => cookie.name === "XSRF-TOKEN")!.value;
  const upload = await page.request.post(`/api/admin/media?name=${encodeURIComponent(`wide-${stamp}.png`)}`, {
    data: await encoded("png", 1600, 400, stamp % 200),
    headers: { "content-type": "application/octet-stream", "x-xsrf-token": xsrf },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const mediaId = ((await upload.json()) as { item: { id: number } }).item.id;
  await openEditor(page, id, "en-US");
  await body(page).fill(`Before the picture.\n\n![](media:${mediaId})\n\n${"A long paragraph after it. ".repeat(200)}`);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("English draft saved; it is not on the site.")).toBeVisible();
  await expectNoAxeViolations(page);

  // The insert-image dialog closed with Escape or Cancel gives focus back to its button.
  const insert = page.getByRole("button", { name: "Insert image" });
  await insert.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(insert).toBeFocused();
  await insert.click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(insert).toBeFocused();

  // Saving an alt text keeps the focus on its Save button.
  const images = page.getByRole("region", { name: "Images in this version: alt text in English" });
  await images.getByRole("textbox", { name: /^English/ }).fill("A wide grey picture");
  const saveAlt = images.getByRole("button", { name: "Save English alt text" });
  await saveAlt.click();
  await expect(images.getByText("missing")).toHaveCount(0);
  await expect(saveAlt).toBeFocused();

  // The preview scrolls from the keyboard, once it shows the long text (on a busy machine it can come after the alt text).
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("A long paragraph after it.");
  await expect
    .poll(() => preview.evaluate((element) => element.scrollHeight - element.clientHeight))
    .toBeGreaterThan(0);
  // Focused again on each try: on a busy machine the page may still be updating after the alt text's save.
  await expect(async () => {
    await preview.focus();
    await page.keyboard.press("PageDown");
    expect(await preview.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  }).toPass({ timeout: 15_000 });

  for (const language of [null, "ar"] as const) {
    await setAdminLanguage(DEMO_ADMIN_UID, language);
    await page.setViewportSize(PHONE);
    await openEditor(page, id, "en-US");
    await expectNoAxeViolations(page);
    await noWiderThanPhone(page);
    await page.screenshot({ path: `${SHOTS}/editor-image-phone-${language ?? "en"}.png`, fullPage: true });
  }
  await setAdminLanguage(DEMO_ADMIN_UID, null);
  await context.close();
});
