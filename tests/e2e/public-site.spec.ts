import { expect, test } from "@playwright/test";

test.describe("public site", () => {
  test("the root redirects to the favorite language's welcome page", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/en\/welcome$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
