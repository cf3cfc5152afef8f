/**
 * Issue 10: an admin edits the English source, the French translation shows Outdated in the
 * list, the side-by-side view shows the change, the French public page tells visitors (from the
 * page cache too), and marking it up to date takes the notice away; the revisions it names are
 * History's numbers, and a source save never stops a French save in progress. Plus axe, keyboard,
 * Arabic and screenshots of the new screens.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin-session.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});
// Several pages, axe runs and screenshots per test on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Admin API calls from the signed-in page, with the XSRF cookie echoed as the app does; a version is created with If-None-Match: *. */
async function adminApi(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ article: { id: number } }> {
  return page.evaluate(
    async ({ method, path, body }): Promise<{ article: { id: number } }> => {
      const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "");
      const response = await fetch(`/api/admin/articles${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          "x-xsrf-token": token,
          ...(method === "PUT" && path.includes("/versions/") && { "if-none-match": "*" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { article: { id: number } };
    },
    { method, path, body },
  );
}

async function articleWithTranslations(page: Page, key: string): Promise<number> {
  await page.goto("/admin");
  const { article } = await adminApi(page, "POST", "", { key, author: "Status Tester", tags: [] });
  const version = (title: string, body: string) => ({
    title,
    summary: `${title}.`,
    body,
    coverAlt: "",
    status: "published",
  });
  await adminApi(
    page,
    "PUT",
    `/${article.id}/versions/en-US`,
    version(`The night ferry ${key}`, "The ferry leaves at nine.\n\nTickets are sold on board."),
  );
  await adminApi(
    page,
    "PUT",
    `/${article.id}/versions/fr-FR`,
    version(`Le ferry de nuit ${key}`, "Le ferry part à neuf heures.\n\nLes billets sont vendus à bord."),
  );
  await adminApi(
    page,
    "PUT",
    `/${article.id}/versions/ar`,
    version(`عبّارة الليل ${key}`, "تغادر العبّارة في التاسعة.\n\nتُباع التذاكر على متنها."),
  );
  return article.id;
}

test("an edited source makes the French translation Outdated, shows the change beside it, tells visitors, until marked up to date", async ({
  page,
  browser,
}) => {
  // A retry must not reuse the first attempt's article key (keys are unique).
  const key = `ferry${test.info().retry || ""}`;
  const id = await articleWithTranslations(page, key);
  const visitor = await (await browser.newContext()).newPage();
  const frenchPath = `/fr/articles/${id}/le-ferry-de-nuit-${key}`;
  // Cached for anonymous visitors before the change.
  await visitor.goto(frenchPath);
  await expect(visitor.getByRole("note")).toHaveCount(0);

  // The admin edits the English source in the editor.
  await page.goto(`/admin/articles/${id}?language=en-US`);
  // The publication panel loads after hydration: typing before it could land in a textarea React is still taking over.
  await expect(page.getByText("State:")).toBeVisible();
  await page.getByLabel("Body (Markdown)").fill("The ferry leaves at ten.\n\nTickets are sold on board.");
  // Saved as pending changes first (History #2), then published (#3): the revision translators see is #3.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("English changes saved as pending; the site still shows the live text.")).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("English version saved and published.")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "History of the English version" }).getByRole("listitem").first(),
  ).toContainText("#3");

  // The list, filtered to outdated French articles, shows it with the status in words.
  await page.goto("/admin/articles");
  const filters = page.getByRole("form", { name: "Filter articles" });
  await filters.getByLabel("Language", { exact: true }).selectOption("fr-FR");
  await filters.getByLabel("Status").selectOption("outdated");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/language=fr-FR&status=outdated/);
  const row = page.getByRole("row", { name: new RegExp(`Le ferry de nuit ${key}`) });
  await expect(row.getByRole("link", { name: "fr-FR Outdated" })).toBeVisible();
  await expect(row.getByRole("link", { name: "en-US Source" })).toBeVisible();
  await expect(row.getByRole("link", { name: "de-DE Missing" })).toBeVisible();

  // Side by side: the source beside the French form, with what changed.
  await row.getByRole("link", { name: "fr-FR Outdated" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/articles/${id}\\?language=fr-FR$`));
  const source = page.getByRole("region", { name: /Source: English/ });
  await expect(source.getByText("Outdated", { exact: true })).toBeVisible();
  // An outdated translation opens on its segments (decision 0210), the source's text shown block by block there;
  // the whole text is one switch away (after hydration, when the publication panel has loaded).
  await expect(page.getByLabel("Translation of segment 1")).toHaveValue("Le ferry part à neuf heures.");
  await expect(page.getByText("State:")).toBeVisible();
  await page.getByRole("button", { name: "Whole text" }).click();
  // One numbering: the source's revision and the one the translation was made from are History's numbers.
  await expect(source).toContainText("Revision 3,");
  await expect(source).toContainText("(made from revision 1)");
  await expect(source.locator("ins")).toContainText("ten");
  await expect(source.locator("del")).toContainText("nine");
  await expect(source.locator(".prose")).toContainText("The ferry leaves at ten.");
  await source.getByRole("button", { name: "Markdown" }).click();
  await expect(source.locator("pre")).toContainText("Tickets are sold on board.");
  await expect(page.getByLabel("Body (Markdown)")).toHaveValue(/Le ferry part à neuf heures/);

  // The French public page (served to an anonymous visitor, from the cache before) says so, linking the original.
  await visitor.goto(frenchPath);
  const note = visitor.getByRole("note");
  await expect(note).toContainText("Cette traduction n’est peut-être plus à jour");
  const original = note.getByRole("link", { name: "English" });
  await expect(original).toHaveAttribute("hreflang", "en-US");
  await expect(original).toHaveAttribute("lang", "en-US");
  await expect(original).toHaveAttribute("href", `/en/articles/${id}/the-night-ferry-${key}`);

  // Marking it up to date (by keyboard) takes the notice away.
  await source.getByRole("button", { name: "Mark up to date" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Français marked up to date with the source.")).toBeVisible();
  await expect(source.getByText("Up to date", { exact: true })).toBeVisible();
  await expect(source.locator("ins")).toHaveCount(0);
  await visitor.goto(frenchPath);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Le ferry de nuit ${key}`);
  await expect(visitor.getByRole("note")).toHaveCount(0);
  await visitor.context().close();
});

test("a save of the English source while the French version is open leaves the French save free: no conflict, still Outdated", async ({
  page,
  context,
}) => {
  const key = `tide${test.info().retry || ""}`;
  const id = await articleWithTranslations(page, key);
  await page.goto(`/admin/articles/${id}?language=fr-FR`);
  await expect(page.getByText("State:")).toBeVisible();
  await page
    .getByLabel("Body (Markdown)")
    .fill("Le ferry part à neuf heures et quart.\n\nLes billets sont vendus à bord.");

  // Meanwhile, in another tab, the English source gets a new text.
  const other = await context.newPage();
  await other.goto(`/admin/articles/${id}?language=en-US`);
  await expect(other.getByText("State:")).toBeVisible();
  await other
    .getByLabel("Body (Markdown)")
    .fill("The ferry leaves at a quarter past nine.\n\nTickets are sold on board.");
  await other.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(other.getByText("English version saved and published.")).toBeVisible();
  await other.close();

  // Nobody touched the French version: its save goes through, made from the source revision it showed.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Français version saved and published.")).toBeVisible();
  await expect(page.getByRole("region", { name: /while you were editing/ })).toHaveCount(0);
  const source = page.getByRole("region", { name: /Source: English/ });
  await expect(source.getByText("Outdated", { exact: true })).toBeVisible();
  await expect(source).toContainText("(made from revision 1)");
});

test("a new translation starts from a copy of the source; Add translation lists shown languages first", async ({
  page,
}) => {
  const id = await articleWithTranslations(page, "copy");
  await page.goto(`/admin/articles/${id}`);
  // After hydration (the publication panel loads then): before it "Add translation" submits as a plain form, and
  // "Start from a copy of the source" does nothing until React takes over the new document.
  await expect(page.getByText("State:")).toBeVisible();
  const add = page.getByLabel("Add translation");
  // The first shown language without a version is preselected, never a hidden one.
  await expect(add).toHaveValue("es-ES");
  await expect(add.locator("optgroup").first()).toHaveAttribute("label", "Shown on the site");
  await add.selectOption("de-DE");
  await page.getByRole("button", { name: "Add translation" }).click();
  await page.getByRole("button", { name: "Start from a copy of the source" }).click();
  await expect(page.getByLabel("Title")).toBeFocused();
  await expect(page.getByLabel("Title")).toHaveValue("The night ferry copy");
  await expect(page.getByLabel("Body (Markdown)")).toHaveValue(/The ferry leaves at nine/);
});

test("the missing list opens the new translation in that language, not the source", async ({ page }) => {
  const key = `missing${test.info().retry || ""}`;
  const id = await articleWithTranslations(page, key);
  await page.goto("/admin/translation-status");
  await page
    .getByRole("listitem", { name: /Español/ })
    .getByRole("link", { name: /^\d+ missing$/ })
    .click();
  await expect(page).toHaveURL(/language=es-ES&status=missing/);
  // The row names the article by its source title, and opens the Spanish version to write.
  await page.getByRole("link", { name: `The night ferry ${key}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/articles/${id}\\?language=es-ES$`));
  await expect(page.locator(".version-tabs__tab[aria-current=page]")).toContainText("Español");
  await expect(page.getByText("new translation", { exact: false })).toBeVisible();
  await expect(page.getByLabel("Title")).toBeEditable();
  await expect(page.getByLabel("Title")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Start from a copy of the source" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("pending changes beside a live translation show in words in the list, filter it, and open that version", async ({
  page,
}) => {
  const key = `pending${test.info().retry || ""}`;
  const id = await articleWithTranslations(page, key);
  // A draft saved over the live French text, against the version's ETag, as a translator saves one.
  await page.evaluate(
    async ({ id, key }) => {
      const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "");
      const path = `/api/admin/articles/${id}/versions/fr-FR`;
      // The compressed answer's ETag comes weak (W/"…"); If-Match compares the tag itself.
      const etag = (await fetch(path)).headers.get("etag")!.replace(/^W\//, "");
      const draft = {
        title: `Le ferry de nuit ${key}`,
        summary: "Brouillon.",
        body: "Le ferry part à dix heures.",
        coverAlt: "",
        status: "draft",
      };
      const response = await fetch(path, {
        method: "PUT",
        headers: { "content-type": "application/json", "x-xsrf-token": token, "if-match": etag },
        body: JSON.stringify(draft),
      });
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    },
    { id, key },
  );
  await page.goto("/admin/articles");
  await page.locator("#filter-language").selectOption("fr-FR");
  await page.locator("#filter-status").selectOption({ label: "Pending changes" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/language=fr-FR&status=pending/);
  const row = page.getByRole("row", { name: new RegExp(`Le ferry de nuit ${key}`) });
  const french = row.locator(".version-chip", { hasText: "fr-FR" });
  await expect(french).toContainText("Pending changes");
  await expect(french).toHaveAttribute("title", /^Français: .*, with changes waiting for review$/);
  await expect(row.locator(".version-chip", { hasText: "ar" })).not.toContainText("Pending changes");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("list-pending.png"), fullPage: true });
  await row.getByRole("link", { name: `Le ferry de nuit ${key}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/articles/${id}\\?language=fr-FR$`));
});

test("the new screens pass axe, in English and with an Arabic translation (RTL), on phone and desktop", async ({
  page,
}) => {
  const id = await articleWithTranslations(page, "screens");
  await page.goto(`/admin/articles/${id}?language=en-US`);
  // The publication panel loads after hydration: typing before it could land in a textarea React is still taking over.
  await expect(page.getByText("State:")).toBeVisible();
  await page.getByLabel("Body (Markdown)").fill("The ferry leaves at ten.\n\nTickets are sold on board.");
  // Saved as pending changes first (History #2), then published (#3): the revision translators see is #3.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("English changes saved as pending; the site still shows the live text.")).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("English version saved and published.")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "History of the English version" }).getByRole("listitem").first(),
  ).toContainText("#3");

  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto("/admin/articles?language=ar&status=outdated");
    await expect(page.getByRole("link", { name: "ar Outdated" }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`list-${size}.png`), fullPage: size === "desktop" });

    await page.goto("/admin/translation-status");
    await expect(page.getByRole("heading", { level: 1, name: "Translation status" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Translation status" })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`dashboard-${size}.png`), fullPage: true });

    await page.goto(`/admin/articles/${id}?language=ar`);
    const source = page.getByRole("region", { name: /Source: English/ });
    await expect(source.locator("ins")).toContainText("ten");
    await expect(page.getByLabel("Translation of segment 1")).toHaveAttribute("dir", "rtl");
    await expectNoAxeViolations(page);
    await source.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`side-by-side-${size}.png`), fullPage: size === "desktop" });

    await page.goto(`/ar/مقالات/${id}/${encodeURIComponent("عبارة-الليل-screens")}`);
    const note = page.getByRole("note");
    await expect(note).toContainText("قد لا تكون هذه الترجمة محدّثة");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`notice-ar-${size}.png`) });
  }

  // The dashboard links to the outdated Arabic articles.
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/translation-status");
  await page
    .getByRole("listitem", { name: /العربية/ })
    .getByRole("link", { name: /outdated/ })
    .click();
  await expect(page).toHaveURL(/language=ar&status=outdated/);
});
