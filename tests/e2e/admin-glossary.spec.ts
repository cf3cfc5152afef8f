/**
 * /admin/glossary (decision 0217): an admin chooses the English → French pair, adds a term with its forbidden
 * translations, sees it approved, downloads the pair's CSV and deletes the term; a proposed term (a translator's,
 * through the API) is approved with its button. axe finds nothing on the screen; in Arabic it reads right to left.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { signInAsAdmin } from "./support/admin-session.ts";
import { setVisitorLanguage } from "./support/visitor-language.ts";

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

const term = `harbour-${Date.now().toString(36)}`;

test("add a term with its forbidden translations, download the CSV, delete the term", async ({ page }) => {
  await page.goto("/admin/glossary");
  await page.getByLabel("From", { exact: true }).selectOption({ label: "English" });
  await page.getByLabel("To", { exact: true }).selectOption({ label: "Français" });
  await page.getByRole("button", { name: "Show this glossary" }).click();
  await expect(page).toHaveURL(/from=en-US&to=fr-FR/);

  await page.getByLabel("Term", { exact: true }).fill(term);
  await page.getByLabel("Approved translation").fill("port");
  await page.getByLabel("Forbidden translations").fill("havre\nrade");
  await page.getByRole("button", { name: "Add the term" }).click();
  const row = page.getByRole("row", { name: new RegExp(term) });
  await expect(row).toContainText("Approved");
  await expect(row).toContainText("havre");
  await expectNoAxeViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the approved terms (CSV)" }).click();
  const file = await (await download).path();
  const { readFileSync } = await import("node:fs");
  expect(readFileSync(file, "utf8")).toContain(`"${term}","port","havre | rade",""`);

  await row.getByRole("button", { name: `Delete ${term}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: `Delete ${term}` }).click();
  await expect(page.getByRole("row", { name: new RegExp(term) })).toHaveCount(0);
});

test("an empty term is refused at its field", async ({ page }) => {
  await page.goto("/admin/glossary?from=en-US&to=fr-FR");
  await page.getByRole("button", { name: "Add the term" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page.getByLabel("Term", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
});

test("in Arabic, right to left", async ({ context, page }) => {
  await setVisitorLanguage(context, "ar");
  await page.goto("/admin/glossary?from=en-US&to=ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("المسرد");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.screenshot({ path: "/tmp/shots/admin-glossary-ar.png", fullPage: true });
  await expectNoAxeViolations(page);
});
