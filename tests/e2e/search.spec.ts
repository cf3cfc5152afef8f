/**
 * Search, tag pages and feeds as a visitor meets them: the header's search box
 * (role="search", keyboard only, on a phone and a desktop, in English and Arabic),
 * the results page, hostile queries answered with a normal page, a tag page
 * linked from an article, and the feed every page advertises.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";

const SHOTS = "/tmp/shots";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const searchBox = (page: Page) => page.locator("header.site-header").getByRole("search");

test("the header's search box works from the keyboard on a desktop and opens the results page", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/en/welcome");
  const field = searchBox(page).getByRole("searchbox", { name: "Search articles and jobs" });
  await expect(field).toBeVisible();
  await field.focus();
  await page.keyboard.type("translation");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/search\?q=translation$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search: translation");
  await expect(page.locator("main mark").first()).toBeVisible();
  await expect(page.locator("main").getByRole("status")).toContainText(/\d+ articles? match/);
  // The first result is a keyboard stop away from the page's own form.
  const results = page.locator(".search-result a");
  expect(await results.count()).toBeGreaterThan(0);
  await results.first().focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/articles\/\d+\//);
});

test("on a phone the search opens from the magnifier, takes the focus and searches in Arabic", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/ar/مرحبا");
  const header = page.locator("header.site-header");
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(0.2 * PHONE.height);
  await expect(searchBox(page)).toBeHidden();
  const toggle = header.getByRole("button", { name: "البحث", exact: true });
  await toggle.focus();
  await page.keyboard.press("Enter");
  const field = searchBox(page).getByRole("searchbox");
  await expect(field).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/search-phone-ar-open.png` });
  await page.keyboard.type("الترجمة");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/ar/${encodeURIComponent("بحث")}\\?q=`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("الترجمة");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/search-phone-ar.png`, fullPage: true });
  await expectNoAxeViolations(page);
});

test("screenshots and axe of the results page: English and Arabic, phone and desktop", async ({ page }) => {
  test.setTimeout(120_000);
  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const [language, path] of [
      ["en", "/en/search?q=languages"],
      ["ar", `/ar/${encodeURIComponent("بحث")}?q=${encodeURIComponent("اللغات")}`],
    ] as const) {
      await page.goto(path);
      await expect(page.locator(".search-results")).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${language} ${name}`,
      ).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `${SHOTS}/search-${name}-${language}.png`, fullPage: true });
      await expectNoAxeViolations(page);
    }
  }
});

test("hostile queries get the normal search page; what the site-wide guard refuses gets its 400 page, never a 500", async ({
  page,
}) => {
  for (const query of [
    encodeURIComponent('"*():^-NEAR AND'),
    "",
    "%22%29%28",
    encodeURIComponent("title:x OR body:*"),
    "x".repeat(4_000),
  ]) {
    const response = await page.goto(`/en/search?q=${query}`);
    expect(response!.status(), query.slice(0, 20)).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  // The last one was cut to 200 characters, and the page says so.
  await expect(page.locator(".notice")).toContainText("200");
  await page.goto("/en/search?q=%22%29%28");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search: ")(');
  // Longer than any address the site answers (4 096 bytes of query), or not UTF-8: the request guard's page (server/http/request-guard.ts).
  for (const query of ["x".repeat(10_000), "%FF%FE", "%ED%A0%80"]) {
    const response = await page.goto(`/en/search?q=${query}`);
    expect(response!.status(), query.slice(0, 20)).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bad request");
  }
});

test("an article's tags lead to tag pages, and every page advertises its language's feed", async ({
  page,
  request,
}) => {
  await page.goto("/en/articles/1");
  const feed = page.locator('link[rel="alternate"][type="application/atom+xml"]');
  await expect(feed).toHaveAttribute("href", "/en/atom.xml");
  const tags = page.getByRole("region", { name: "Tags" });
  await tags.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/en\/tags\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Articles tagged");
  expect(await page.locator(".card").count()).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await page.goto("/ar/مرحبا");
  await expect(feed).toHaveAttribute("href", "/ar/atom.xml");
  const atom = await request.get("/ar/atom.xml");
  expect(atom.status()).toBe(200);
  expect(await atom.text()).toContain('xml:lang="ar"');
});

test("a tag page leads to the language's tags index, reached and used from the keyboard (English and Arabic, axe)", async ({
  page,
}) => {
  // Three axe runs and two sizes: more than the default 30 s on the busy machine.
  test.setTimeout(120_000);
  await page.goto("/en/articles/1");
  await page.getByRole("region", { name: "Tags" }).getByRole("link").first().click();
  const main = page.getByRole("main");
  await main.getByRole("link", { name: "All tags" }).click();
  await expect(page).toHaveURL(/\/en\/tags$/);
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Tags");
  const entries = main.getByRole("listitem");
  expect(await entries.count()).toBeGreaterThan(0);
  // Each entry is one link naming the tag and its count.
  await expect(entries.first().getByRole("link")).toHaveAccessibleName(/^\S.* \d+ articles?$/);
  await expectNoAxeViolations(page);
  // From the keyboard: Tab reaches a tag, Enter opens its page.
  const first = entries.first().getByRole("link");
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/tags\/[^/]+$/);

  for (const size of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/ar/${encodeURIComponent("وسوم")}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("الوسوم");
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/tags-index-ar-${size.width}.png`, fullPage: true });
  }
});

test("a tag's page is named in each language: an old address redirects, the picker leads to its name elsewhere (decision 0221)", async ({
  page,
}) => {
  const tags = (short: string, segment: string) => `/${short}/${encodeURIComponent(segment)}`;
  await page.goto(`${tags("ar", "وسوم")}/localisation`);
  await expect(page).toHaveURL(new RegExp(`${tags("ar", "وسوم")}/${encodeURIComponent("التوطين")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("التوطين");
  const picker = page.locator("#language-menu");
  await expect(picker.locator('a[hreflang="de-DE"]')).toHaveAttribute(
    "href",
    `${tags("de", "schlagwörter")}/lokalisierung`,
  );
  await expect(picker.locator('a[hreflang="fr-FR"]')).toHaveAttribute(
    "href",
    `${tags("fr", "étiquettes")}/localisation`,
  );
  // A French article links its tags by their French names and addresses.
  await page.goto(`${tags("fr", "étiquettes")}/careers`);
  await expect(page).toHaveURL(new RegExp(`${tags("fr", "étiquettes")}/carrieres$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Carrières");
  await page.locator("main .card a").first().click();
  await expect(
    page.getByRole("region", { name: "Étiquettes" }).getByRole("link", { name: "Carrières" }),
  ).toHaveAttribute("href", `${tags("fr", "étiquettes")}/carrieres`);
});
