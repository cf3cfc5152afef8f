/**
 * Public pages are rendered on the server and not hydrated (decision 0171): they load one small
 * module, the island, and no framework, while the admin stays the React app. What must be
 * interactive still works, in Arabic (right to left) too: the sign-in popup (a message from
 * another origin is not believed) with its toasts, the language switch keeping the item and
 * saving the choice with its `lang_{id}` event, the search toggle on a phone.
 */
import { gzipSync } from "node:zlib";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { GOOGLE_STANDIN_URL } from "./ports.ts";

const PHONE = { width: 390, height: 844 };
const MAX_SCRIPT_GZIP = 30 * 1024;
const header = (page: Page) => page.locator("header.site-header");

interface BlogDocument {
  id: string;
  data: { key: string; versions: Record<string, { slug: string }> };
}

async function articlePath(request: APIRequestContext, shortCode: string, code: string, section: string) {
  const answer = (await (await request.get("/init/file/blogs")).json()) as { data: { documents: BlogDocument[] } };
  const article = answer.data.documents.find((document) => document.data.key === "one-story-seven-languages")!;
  return {
    id: article.id,
    path: `/${shortCode}/${encodeURIComponent(section)}/${article.id}/${encodeURIComponent(article.data.versions[code]!.slug)}`,
  };
}

/** Every script the page requests from now on. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

test("a public page loads one module script, no framework, at most 30 KB gzip, in en, ar and ja; the admin loads the app", async ({
  page,
  request,
}) => {
  const pages = [
    "/en/welcome",
    (await articlePath(request, "en", "en-US", "articles")).path,
    "/en/search?q=ROME",
    `/ar/${encodeURIComponent("مرحبا")}`,
    (await articlePath(request, "ar", "ar", "مقالات")).path,
    `/ar/${encodeURIComponent("بحث")}?q=${encodeURIComponent("اللغات")}`,
    `/ar/${encodeURIComponent("وظائف")}`,
    `/ja/${encodeURIComponent("ようこそ")}`,
    (await articlePath(request, "ja", "ja-JP", "記事")).path,
    `/ja/${encodeURIComponent("検索")}?q=ROME`,
  ];
  const scripts = scriptsOf(page);
  for (const path of pages) {
    scripts.length = 0;
    expect((await page.goto(path))?.status(), path).toBe(200);
    await page.waitForLoadState("networkidle");
    expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/island-[\w-]+\.js$/)]);
    expect(await page.locator('link[rel="modulepreload"]').count(), path).toBe(0);
    // No React Router context: nothing hydrates.
    expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
    const body = await (await request.get(scripts[0]!)).body();
    expect(gzipSync(body, { level: 9 }).length, path).toBeLessThanOrEqual(MAX_SCRIPT_GZIP);
  }
  scripts.length = 0;
  await page.goto("/admin");
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
  expect(scripts.some((url) => url.includes("/framework-"))).toBe(true);
  expect(scripts.some((url) => url.includes("/island-"))).toBe(false);
});

test("in Arabic: the sign-in popup and its toasts work without the framework, and another origin's message is not believed", async ({
  page,
  request,
}) => {
  const scripts = scriptsOf(page);
  await page.goto((await articlePath(request, "ar", "ar", "مقالات")).path);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  // A window of another origin that this page opened posts a well-formed "signed in" result: ignored.
  const opened = page.waitForEvent("popup");
  await page.evaluate((url) => void window.open(url, "_blank"), `${GOOGLE_STANDIN_URL}/__standin/health`);
  const stranger = await opened;
  await stranger.waitForLoadState();
  await stranger.evaluate(() => {
    const opener = window.opener as Window;
    opener.postMessage(
      {
        type: "polyglot-press:sign-in",
        id: "forged-1",
        ok: true,
        method: "github",
        welcome: "new",
        displayName: "Mallory",
      },
      "*",
    );
  });
  await stranger.close();
  await page.waitForTimeout(500);
  await expect(page.locator(".toast")).toHaveCount(0);

  const name = `نادية ${Date.now().toString(36)}`;
  await header(page).getByRole("button", { name: "تسجيل الدخول", exact: true }).click();
  const popupOpened = page.waitForEvent("popup");
  await header(page).getByRole("button", { name: "تسجيل الدخول باستخدام GitHub" }).click();
  const popup = await popupOpened;
  await popup.getByLabel("Email").fill(`island.${Date.now().toString(36)}@example.com`);
  await popup.getByLabel("Name").fill(name);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Continue" }).click();
  await closed;
  await expect(
    page
      .getByRole("status")
      .locator(".toast")
      .filter({ hasText: `أهلًا بك يا ${name}!` }),
  ).toBeVisible();
  // The header's account area came with the page fetched again, and the focus is on its button.
  const account = header(page).getByRole("button", { name: new RegExp(`^مسجّل الدخول باسم`) });
  await expect(account).toBeFocused();
  await expect(header(page).getByText(name, { exact: true })).toBeVisible();

  await account.click();
  await header(page).getByRole("button", { name: "تسجيل الخروج" }).click();
  await expect(page.getByRole("status").locator(".toast").filter({ hasText: "لقد سجّلت الخروج." })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "تسجيل الدخول", exact: true })).toBeFocused();
  await expect(header(page).getByText(name, { exact: true })).toHaveCount(0);
  expect(scripts.filter((url) => !url.includes("/island-"))).toEqual([]);
});

test("in Arabic: the language switch keeps the article, saves the choice and records lang_{id}", async ({
  page,
  request,
}) => {
  const arabic = await articlePath(request, "ar", "ar", "مقالات");
  const japanese = await articlePath(request, "ja", "ja-JP", "記事");
  await page.goto(arabic.path);
  await header(page).locator(".language-picker .header-menu__button").click();
  const event = page.waitForRequest(
    (sent) =>
      sent.url().endsWith("/api/analytics/events") &&
      (sent.postDataJSON() as { name: string }).name.startsWith("lang_"),
  );
  await page.locator("#language-menu").getByRole("link", { name: "日本語", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${japanese.path}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
  const japaneseId = await page.locator('#language-menu a[hreflang="ja-JP"]').getAttribute("data-language-id");
  expect((await event).postDataJSON()).toEqual({ name: `lang_${japaneseId}` });
  const saved = JSON.parse((await page.evaluate(() => localStorage.getItem("language-id"))) ?? "null") as {
    short_code: string;
  };
  expect(saved.short_code).toBe("ja");
  expect((await page.context().cookies()).find((cookie) => cookie.name === "language-id")?.value).toContain("ja");
  await page.goto("/");
  await expect(page).toHaveURL(/\/ja\//);
});

test("on a phone in Arabic: the magnifier opens the search, its field takes the focus, and it searches", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/ar/${encodeURIComponent("مرحبا")}`);
  await header(page).locator(".header-search__toggle").click();
  const field = page.locator("#header-search-field");
  await expect(field).toBeFocused();
  await field.fill("اللغات");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?q=/);
  expect(decodeURIComponent(page.url())).toContain("/ar/بحث?q=اللغات");
  await expect(page.locator(".search-result").first()).toBeVisible();
});
