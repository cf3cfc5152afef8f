/**
 * The visitor defects of issue 44, each as a visitor meets it: the language switch keeps a search,
 * Latin text in Arabic tables keeps its order, tap targets are big enough on a phone, a missing
 * translation says so in its heading, French job titles are said once per page, and Japanese search
 * reads full-width letters as the ordinary ones and says when results hold the query's words apart. Phone screenshots of article and search pages in
 * Arabic and Japanese go to the test's output folder.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

const PHONE = { width: 390, height: 844 };
const SEARCH_AR = `/ar/${encodeURIComponent("بحث")}`;

interface BlogDocument {
  id: string;
  data: { key: string; versions: Record<string, { slug: string; title: string }> };
}

async function articlePath(request: APIRequestContext, key: string, shortCode: string, code: string, section: string) {
  const answer = (await (await request.get("/init/file/blogs")).json()) as { data: { documents: BlogDocument[] } };
  const article = answer.data.documents.find((document) => document.data.key === key);
  const version = article?.data.versions[code];
  if (!article || !version) throw new Error(`no seeded ${code} version of ${key}`);
  return `/${shortCode}/${encodeURIComponent(section)}/${article.id}/${encodeURIComponent(version.slug)}`;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE);
});

test("switching language on a search results page keeps the words searched (1)", async ({ page }) => {
  await page.goto(`${SEARCH_AR}?q=${encodeURIComponent("اللغات")}&page=1`);
  await page.getByRole("button", { name: "اللغة", exact: true }).click();
  await page.locator("#language-menu").getByRole("link", { name: "English", exact: true }).click();
  await expect(page).toHaveURL(`/en/search?q=${encodeURIComponent("اللغات")}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("اللغات");
  await expect(page.locator("main").getByRole("searchbox")).toHaveValue("اللغات");
});

/** The left edge of each listed text inside `cell`, as drawn. */
async function leftEdges(page: Page, cellText: string, words: string[]) {
  return page.evaluate(
    ([text, parts]) => {
      const cell = [...document.querySelectorAll("td")].find((candidate) => candidate.textContent?.trim() === text);
      if (!cell) throw new Error(`no cell ${text}`);
      const node = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT).nextNode()!;
      return parts.map((part) => {
        const start = node.textContent!.indexOf(part);
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + part.length);
        return range.getBoundingClientRect().left;
      });
    },
    [cellText, words] as const,
  );
}

test("a Latin date in an Arabic article's table reads in its own order (2)", async ({ page, request }) => {
  await page.goto(await articlePath(request, "one-story-seven-languages", "ar", "ar", "مقالات"));
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const [day, month, year] = await leftEdges(page, "5 mars 2026", ["5", "mars", "2026"]);
  expect(day).toBeLessThan(month!);
  expect(month).toBeLessThan(year!);
  const [english, date] = await leftEdges(page, "March 5, 2026", ["March", "2026"]);
  expect(english).toBeLessThan(date!);
  // The cell keeps the table's (right-to-left) alignment: its text ends at the cell's right side.
  const cell = page.locator("td", { hasText: "5 mars 2026" });
  const [cellBox, textBox] = [await cell.boundingBox(), await cell.locator("bdi").boundingBox()];
  expect(Math.abs(cellBox!.x + cellBox!.width - (textBox!.x + textBox!.width))).toBeLessThan(16);
});

const TARGETS = "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])";

/** Visible interactive elements smaller than 24 × 24 px, except links inside running text (WCAG 2.5.8's inline exception). */
async function smallTargets(page: Page) {
  return page.locator(TARGETS).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (
        box.width === 0 ||
        box.height === 0 ||
        style.visibility === "hidden" ||
        element.closest("[popover]:not(:popover-open), .visually-hidden")
      )
        return [];
      // Off screen until focused (the skip link).
      if (box.bottom < 0 || box.right < 0) return [];
      const inline =
        element.tagName === "A" &&
        element.closest("p, li, td") !== null &&
        element.closest("#article-body, .lead, .attribution, .search-result__snippet") !== null;
      if (inline || (box.width >= 24 && box.height >= 24)) return [];
      return [
        `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      ];
    }),
  );
}

test("every tap target on the public pages is at least 24 × 24 px on a phone, in English and Arabic (4)", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const pages = [
    "/en/welcome",
    "/en/articles",
    await articlePath(request, "one-story-seven-languages", "en", "en-US", "articles"),
    "/en/jobs",
    "/en/jobs?q=conduite",
    "/en/jobs?domain=A",
    "/en/jobs/a1101/conduite-d-engins-agricoles-et-forestiers",
    "/en/search?q=translation",
    "/en/tags",
    "/en/tags/rome",
    `/ar/${encodeURIComponent("مرحبا")}`,
    `/ar/${encodeURIComponent("مقالات")}`,
    await articlePath(request, "one-story-seven-languages", "ar", "ar", "مقالات"),
    `/ar/${encodeURIComponent("وظائف")}?q=conduite`,
    `/ar/${encodeURIComponent("وظائف")}/a1101/x`,
    `${SEARCH_AR}?q=${encodeURIComponent("الترجمة")}`,
  ];
  const found: string[] = [];
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    found.push(...(await smallTargets(page)).map((target) => `${decodeURI(path)}: ${target}`));
  }
  expect(found).toEqual([]);
});

test("the primary links named in issue 44 are at least 44 px tall on a phone (4)", async ({ page }) => {
  const height = async (name: string) => (await page.getByRole("link", { name, exact: true }).boundingBox())!.height;
  await page.goto("/en/jobs/a1101/conduite-d-engins-agricoles-et-forestiers");
  expect(await height("Back to the jobs directory")).toBeGreaterThanOrEqual(44);
  await page.goto("/en/jobs?q=conduite");
  expect(await height("Clear search")).toBeGreaterThanOrEqual(44);
  await page.goto("/en/tags/rome");
  expect(await height("All tags")).toBeGreaterThanOrEqual(44);
});

test("an article missing in this language says so in its heading and lists the others (5)", async ({
  page,
  request,
}) => {
  const french = await articlePath(request, "routiers-langues-de-la-route", "fr", "fr-FR", "articles");
  const response = await page.goto(french.replace(/^\/fr\//, "/en/"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not available in English");
  await expect(page).toHaveTitle(/^Not available in English · /);
  await expect(
    page.getByRole("region", { name: "Read it in another language" }).getByRole("link", { name: /Français/ }),
  ).toBeVisible();
  // An address naming nothing is still "Page not found".
  await page.goto("/en/articles/999999/x");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});

test("French job titles are said once per page, each title keeping lang=fr-FR (6)", async ({ page }) => {
  const notice = "The job titles on this page are not yet translated into English; they are shown in French.";
  await page.goto("/en/jobs/a1101/conduite-d-engins-agricoles-et-forestiers");
  await expect(page.getByText(notice)).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "fr-FR");
  await expect(page.getByText("Official label in French")).toHaveCount(0);
  await page.goto("/en/jobs?q=conduite");
  await expect(page.getByText(notice)).toHaveCount(1);
  const labels = page.locator(".job-list a span[lang]");
  expect(await labels.count()).toBeGreaterThan(1);
  for (const lang of await labels.evaluateAll((spans) => spans.map((span) => span.getAttribute("lang"))))
    expect(lang).toBe("fr-FR");
  await page.goto("/en/search?q=conduite");
  await expect(page.getByText(notice)).toHaveCount(1);
  // In French the titles are the page's own: nothing to say.
  await page.goto("/fr/m%C3%A9tiers?q=conduite");
  await expect(page.locator(".french-labels-notice")).toHaveCount(0);
});

test("Japanese search reads full-width letters as ordinary ones and says when results hold the words apart (3)", async ({
  page,
}) => {
  const searchJa = (query: string) => page.goto(`/ja/${encodeURIComponent("検索")}?q=${encodeURIComponent(query)}`);
  const status = page.locator("main").getByRole("status").first();
  await searchJa("ROME");
  const ascii = await status.textContent();
  expect(await page.locator(".search-result").count()).toBe(2);
  await searchJa("ＲＯＭＥ");
  await expect(status).toHaveText(ascii!);
  expect(await page.locator(".search-result").count()).toBe(2);
  await expect(page.locator(".search-result mark").first()).toBeVisible();
  await searchJa("存在しない言葉");
  expect(await page.locator(".search-result").count()).toBeGreaterThan(0);
  await expect(page.getByText("「存在しない言葉」をそのまま含む記事はありません。", { exact: false })).toBeVisible();
  // A phrase an article holds as written has no such notice.
  await searchJa("言葉");
  await expect(page.locator("main .notice")).toHaveCount(0);
});

test("phone screenshots of article and search pages in Arabic and Japanese", async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const shots = [
    ["article-ar", await articlePath(request, "one-story-seven-languages", "ar", "ar", "مقالات")],
    ["article-ja", await articlePath(request, "one-story-seven-languages", "ja", "ja-JP", "記事")],
    ["search-ar", `${SEARCH_AR}?q=${encodeURIComponent("اللغات")}`],
    ["search-ja", `/ja/${encodeURIComponent("検索")}?q=${encodeURIComponent("存在しない言葉")}`],
  ] as const;
  for (const [name, path] of shots) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(PHONE.width);
    // Screen by screen, as a phone shows the page.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let top = 0, screen = 1; top < height; top += PHONE.height, screen++) {
      const clip = { x: 0, y: top, width: PHONE.width, height: Math.min(PHONE.height, height - top) };
      await page.screenshot({ path: testInfo.outputPath(`${name}-phone-${screen}.png`), fullPage: true, clip });
    }
  }
});
