/**
 * /admin/api-keys (decision 0200): an admin creates a key for one language and one origin, sees its token once (a
 * reload shows only its start), reads the content API with it, sees when it was last used, and revokes it; the API
 * then refuses the token. axe finds nothing on the screen with the token shown; Arabic too.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { signInAsAdmin } from "./support/admin-session.ts";
import { setVisitorLanguage } from "./support/visitor-language.ts";

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

test("create a key (token shown once), use it, revoke it", async ({ page, playwright, baseURL }) => {
  const name = `Partner app ${Date.now()}`;
  await page.goto("/admin/api-keys");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Allowed origins").fill("https://partner.example");
  await page.getByRole("checkbox", { name: /Français/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();

  const tokenPanel = page.getByRole("status").filter({ hasText: `Token of ${name}` });
  await expect(tokenPanel).toBeVisible();
  const token = (await tokenPanel.locator("code").textContent())!;
  expect(token).toMatch(/^ppk_[A-Za-z0-9_-]{43}$/);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("fr-FR");
  await expect(row).toContainText("https://partner.example");
  await expect(row).toContainText("Never");
  await expectNoAxeViolations(page);

  // Another context, without the admin's cookies: the API as a partner's server reads it.
  const partner = await playwright.request.newContext({ baseURL });
  const read = () =>
    partner.get("/api/content/v1/fr-FR/articles?limit=2", { headers: { authorization: `Bearer ${token}` } });
  expect((await read()).status()).toBe(200);

  // Shown once: after a reload only the token's start is on the screen, and the use is recorded.
  await page.reload();
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(row).toContainText(token.slice(0, 10));
  await expect(row).not.toContainText("Never");

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Revoke the key ${name}?`);
  await dialog.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: `Revoke ${name}` })).toHaveCount(0);
  expect((await read()).status()).toBe(401);
  await partner.dispose();
});

test("in Arabic, right to left", async ({ context, page }) => {
  await setVisitorLanguage(context, "ar");
  await page.goto("/admin/api-keys");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("مفاتيح API");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expectNoAxeViolations(page);
});
