import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin-session.ts";

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

/** Creates an article through the "New article" screen and returns its id; the editor is then open on its English version. */
async function createArticle(page: Page, author: string): Promise<number> {
  await page.goto("/admin/articles");
  await page.getByRole("link", { name: "New article" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New article" })).toBeVisible();
  await page.getByLabel("Author").fill(author);
  await page.getByLabel("Tags").fill("m1805, browser-tests");
  await expect(page.getByText("Linked job pages: M1805")).toBeVisible();
  await page.getByRole("button", { name: "Create article" }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+\?language=en-US$/);
  // The focus follows to the new article's heading, which is no generated key.
  await expect(page.getByRole("heading", { level: 1, name: "Untitled article" })).toBeFocused();
  return Number(/\/admin\/articles\/(\d+)/.exec(page.url())![1]);
}

test("write an article with a live preview, publish it, translate it, and read both on the site", async ({ page }) => {
  // Two versions written and published, two public pages: more than 30 s on a busy machine.
  test.slow();
  const id = await createArticle(page, "Browser Author");
  const versionForm = page.getByRole("form", { name: /English/ });
  await expect(versionForm.getByRole("heading", { name: /English \(en-US\) — new translation/ })).toBeVisible();

  await page.getByLabel("Title").fill("A story written in the browser");
  // The slug follows the title until edited by hand.
  await expect(page.getByLabel("Address (slug)")).toHaveValue("a-story-written-in-the-browser");
  await page.getByLabel("Summary").fill("Typed, previewed and published by a browser test.");

  const body = page.getByLabel("Body (Markdown)");
  const preview = page.getByRole("region", { name: "Preview" });
  await body.fill("## First words");
  await expect(preview.getByRole("heading", { level: 2, name: "First words" })).toBeVisible();
  await body.pressSequentially("\n\nSome **bold** text and <script>alert(1)</script>");
  await expect(preview.locator("strong")).toHaveText("bold");
  await expect(preview).toContainText("<script>alert(1)</script>");
  await expect(preview.locator("script")).toHaveCount(0);
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  // Leaving with unsaved changes asks first; Cancel stays.
  await page.getByRole("link", { name: "All articles" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving the English version?" });
  await expect(leave.getByRole("button", { name: "Cancel" })).toBeFocused();
  await leave.getByRole("button", { name: "Cancel" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin/articles/${id}\\?language=en-US$`));

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("English version saved and published.")).toBeVisible();
  await expect(page.getByRole("link", { name: "English published" })).toHaveAttribute("aria-current", "page");
  const viewOnSite = page.getByRole("link", { name: /View on the site/ });
  await expect(viewOnSite).toHaveAttribute("href", `/en/articles/${id}/a-story-written-in-the-browser`);

  await page.goto(`/en/articles/${id}/a-story-written-in-the-browser`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A story written in the browser");
  await expect(page.locator(".prose strong")).toHaveText("bold");

  // A French translation, through "Add translation".
  await page.goto(`/admin/articles/${id}`);
  // The publication panel loads after hydration. Before it, "Add translation" submits as a plain form: a new
  // document, whose title field can take the typing before React does and lose it (the slug never follows).
  await expect(page.getByText("State:")).toBeVisible();
  await page.getByLabel("Add translation").selectOption("fr-FR");
  await page.getByRole("button", { name: "Add translation" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/articles/${id}\\?language=fr-FR$`));
  // The address changes before React shows the French form: typing then would go to the English one.
  const frenchForm = page.getByRole("form", { name: /Français/ });
  await expect(frenchForm.getByRole("heading", { name: /Français \(fr-FR\) — new translation/ })).toBeVisible();
  await frenchForm.getByLabel("Title").fill("Une histoire écrite dans le navigateur");
  await expect(frenchForm.getByLabel("Address (slug)")).toHaveValue("une-histoire-ecrite-dans-le-navigateur");
  await frenchForm.getByLabel("Body (Markdown)").fill("Du **texte** en français.");
  await expect(page.getByRole("region", { name: "Preview" }).locator("strong")).toHaveText("texte");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Français version saved and published.")).toBeVisible();

  // On the public English page, the language picker leads to the French version.
  await page.goto(`/en/articles/${id}/a-story-written-in-the-browser`);
  await page.getByRole("button", { name: "Language" }).click();
  await page.locator("#language-menu").getByRole("link", { name: "Français" }).click();
  await expect(page).toHaveURL(new RegExp(`/fr/articles/${id}/une-histoire-ecrite-dans-le-navigateur$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Une histoire écrite dans le navigateur");
});

test("a draft stays off the site, and errors show next to their fields and in an alert", async ({ page }) => {
  await page.goto("/admin/articles/new");
  await page.getByRole("button", { name: "Create article" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Author: is required" })).toBeVisible();
  await expect(page.getByLabel("Author")).toHaveAttribute("aria-invalid", "true");

  const id = await createArticle(page, "Draft Author");
  await page.getByLabel("Title").fill("x".repeat(10));
  await page.getByLabel("Address (slug)").fill("Not a slug");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Address (slug): must be lowercase" })).toBeVisible();
  await expect(page.getByLabel("Address (slug)")).toHaveAttribute("aria-invalid", "true");

  // The server's answer lands on the field too: this slug belongs to a seeded English article.
  await page.getByLabel("Address (slug)").fill("one-story-seven-languages-how-a-multilingual-magazine-is-made");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "already uses the slug" })).toBeVisible();
  await expect(page.getByLabel("Address (slug)")).toHaveAttribute("aria-invalid", "true");

  // Emptied, the slug follows the title again.
  await page.getByLabel("Address (slug)").fill("");
  await page.getByLabel("Title").fill("Only a draft for now");
  await expect(page.getByLabel("Address (slug)")).toHaveValue("only-a-draft-for-now");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("English draft saved; it is not on the site.")).toBeVisible();
  await expect(page.getByLabel("Address (slug)")).toHaveValue("only-a-draft-for-now");
  await expect(page.getByRole("link", { name: /View on the site/ })).toHaveCount(0);
  expect((await page.request.get(`/en/articles/${id}/only-a-draft-for-now`)).status()).toBe(404);

  // The list filters by language and status.
  await page.goto("/admin/articles");
  const filters = page.getByRole("form", { name: "Filter articles" });
  await filters.getByLabel("Language").selectOption("en-US");
  await filters.getByLabel("Status").selectOption("draft");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/language=en-US&status=draft/);
  await expect(page.getByRole("link", { name: "Only a draft for now" })).toBeVisible();
  await expect(page.getByRole("link", { name: "One story in seven languages" })).toHaveCount(0);
});

test("an Arabic version is edited and previewed right to left", async ({ page }) => {
  await page.goto("/admin/articles?language=ar");
  await page.getByRole("row").nth(1).getByRole("link").first().click();
  await expect(page).toHaveURL(/language=ar/);
  await expect(page.getByLabel("Title")).toHaveAttribute("dir", "rtl");
  await expect(page.getByLabel("Body (Markdown)")).toHaveAttribute("dir", "rtl");
  // The preview page is itself the scrollable region (it takes the focus, decision 0152), in the version's language.
  const previewPage = page.getByRole("region", { name: "Preview" });
  await expect(previewPage).toHaveAttribute("lang", "ar");
  await expect(previewPage).toHaveAttribute("dir", "rtl");
  await expect(previewPage.locator(".prose")).not.toBeEmpty();
});

test("keeps what was typed into the editor before its JavaScript took the page over", async ({ page }) => {
  const id = await createArticle(page, "Slow Network Author");
  // The page's scripts held back: the editor is server-rendered HTML until they are let through.
  let letScriptsThrough = () => {};
  const held = new Promise<void>((resolve) => (letScriptsThrough = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/admin/articles/${id}?language=en-US`, { waitUntil: "domcontentloaded" });
  await page.getByLabel("Title").fill("Typed while the scripts loaded");
  await page.getByLabel("Body (Markdown)").fill("Written **early**.");
  await page.getByLabel("Author").fill("Early Author");
  letScriptsThrough();
  // Hydrated: the live preview renders the Markdown typed before.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.locator("strong")).toHaveText("early");
  await expect(page.getByLabel("Title")).toHaveValue("Typed while the scripts loaded");
  await expect(page.getByLabel("Address (slug)")).toHaveValue("typed-while-the-scripts-loaded");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await expect(page.getByLabel("Author")).toHaveValue("Early Author");
});
