/** /admin/api: the API reference, rendered from /api/openapi.json for signed-in admins only. */
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./support/admin-session.ts";

test("an admin reads the API reference, by keyboard, on a desktop and a phone", async ({ context, page }) => {
  await signInAsAdmin(context);
  await page.goto("/admin/api");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Articles" })).toBeVisible();
  const createArticle = page.getByRole("heading", { level: 3, name: "POST /api/admin/articles", exact: true });
  await expect(createArticle).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "GET /init/file/{name}" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "API", exact: true }),
  ).toHaveAttribute("aria-current", "page");

  // What the operation takes opens from the keyboard, then its request body's schema.
  const operation = page.locator("section.api-operation", { has: createArticle });
  await operation.getByText("Parameters, request and responses").focus();
  await page.keyboard.press("Enter");
  const bodySummary = operation.getByText("Request body (application/json)");
  await bodySummary.focus();
  await page.keyboard.press("Enter");
  await expect(operation.locator(".api-schema pre").first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("api-reference.png") });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(createArticle).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.screenshot({ path: test.info().outputPath("api-reference-phone.png") });
});

test("visitors who are not admins get the admin gate, not the reference", async ({ page }) => {
  const response = await page.goto("/admin/api");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toHaveCount(0);
});
