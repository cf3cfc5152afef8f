import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin-session.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

const OFFICIAL_XML = "server/seed/rome/unix_referentiel_code_rome_v346_utf8.xml";
const MALFORMED_XML = "server/admin/romes/fixtures/malformed.xml";

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

const codeCells = (page: Page) => page.locator(".romes-table tbody th");
const importRegion = (page: Page) => page.getByRole("region", { name: "Import", exact: true });

test.describe("admin ROME jobs", () => {
  test("search, domaine filter and pagination are driven by the address", async ({ page }) => {
    await page.goto("/admin/romes");
    await expect(page.getByRole("heading", { level: 1, name: "ROME jobs" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "codes" })).toHaveText("1–50 of 532 codes");
    await expect(codeCells(page)).toHaveCount(50);

    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/admin\/romes\?page=2$/);
    // Pagination moves the focus to the screen's heading, not back to the top of the document.
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page.getByText("Page 2 of 11", { exact: true })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "codes" })).toHaveText("51–100 of 532 codes");
    await expect(codeCells(page)).toHaveCount(50);

    // Accent-insensitive: "elagage" finds "Bûcheronnage et élagage".
    await page.getByLabel("Search by code or words").fill("elagage");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\?q=elagage$/);
    await expect(codeCells(page)).toHaveText(["A1201"]);
    await expect(page.getByRole("cell", { name: "Bûcheronnage et élagage" })).toBeVisible();

    await page.getByLabel("Search by code or words").fill("");
    await page.getByLabel("Domaine").selectOption("K");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\?domain=K$/);
    // The address changes before the new rows arrive: wait for them before reading them all (once read A1201 alone).
    await expect(codeCells(page).first()).toHaveText(/^K/);
    const kCodes = await codeCells(page).allTextContents();
    expect(kCodes.length).toBeGreaterThan(50 - 1);
    expect(kCodes.every((code) => code.startsWith("K"))).toBe(true);
    await expect(page.getByRole("link", { name: "Next page" })).toBeVisible();

    // A bookmarked view opens as it was.
    await page.goto("/admin/romes?domain=K&page=2");
    await expect(page.getByLabel("Domaine")).toHaveValue("K");
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    expect((await codeCells(page).allTextContents()).every((code) => code.startsWith("K"))).toBe(true);
  });

  test("a label edited in English shows on the public job page", async ({ page }) => {
    await page.goto("/admin/romes?q=A1202");
    await page.getByRole("link", { name: "Edit labels of A1202" }).click();
    await expect(page).toHaveURL(/edit=A1202/);
    const editor = page.getByRole("region", { name: "Labels of A1202" });
    await expect(editor.getByLabel(/Français/)).toHaveValue("Entretien des espaces naturels");
    const english = editor.getByLabel(/English/);
    await expect(english).toHaveAttribute("lang", "en-US");
    await expect(editor.getByLabel(/العربية/)).toHaveAttribute("dir", "rtl");
    await english.fill("Care of natural areas");
    await editor.getByRole("button", { name: "Save labels" }).click();
    await expect(editor.getByText("Saved English for A1202.")).toBeVisible();
    await expect(page.locator(".romes-table tbody tr").filter({ hasText: "A1202" })).toContainText(
      "Care of natural areas",
    );

    await page.goto("/en/jobs?q=A1202");
    await page.getByRole("link", { name: /Care of natural areas/ }).click();
    await expect(page).toHaveURL(/\/en\/jobs\/a1202\/care-of-natural-areas$/i);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Care of natural areas");
    // The directory's search finds the job by its English label too.
    await page.goto("/en/jobs?q=care+of+natural");
    await expect(page.getByRole("link", { name: /Care of natural areas/ })).toBeVisible();
  });

  test("a tag named in German on the tags screen names its German page (decision 0221)", async ({ page }) => {
    await page.goto("/admin/tags?lang=de-DE&q=rome");
    await expect(page.getByRole("heading", { level: 1, name: "Tag names" })).toBeVisible();
    const name = page.getByLabel("Name of rome in Deutsch");
    await expect(name).toHaveAttribute("lang", "de-DE");
    await name.fill("Berufsverzeichnis");
    await page.getByRole("row", { name: /rome/ }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Name of rome saved: Berufsverzeichnis.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/de/${encodeURIComponent("schlagwörter")}/rome`);
    await expect(page).toHaveURL(/\/berufsverzeichnis$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Berufsverzeichnis");
  });

  test("uploading the official XML: progress to 100% and 532 unchanged", async ({ page }) => {
    await page.goto("/admin/romes");
    await page.getByLabel("ROME file").setInputFiles(OFFICIAL_XML);
    await page.getByRole("button", { name: "Import" }).click();
    const counts = page.locator(".romes-summary__counts");
    await expect(
      counts
        .locator("div")
        .filter({ has: page.locator("dt", { hasText: "Unchanged" }) })
        .locator("dd"),
    ).toHaveText("532");
    await expect(
      counts
        .locator("div")
        .filter({ has: page.locator("dt", { hasText: "Added" }) })
        .locator("dd"),
    ).toHaveText("0");
    await expect(
      counts
        .locator("div")
        .filter({ has: page.locator("dt", { hasText: "Updated" }) })
        .locator("dd"),
    ).toHaveText("0");
    await expect(
      counts
        .locator("div")
        .filter({ has: page.locator("dt", { hasText: "Rejected" }) })
        .locator("dd"),
    ).toHaveText("0");
    const progress = page.getByLabel("Upload progress");
    await expect(progress).toHaveAttribute("value", "100");
    await expect(page.locator(".romes-progress__value")).toHaveText("100%");
    await expect(importRegion(page).getByRole("alert")).toHaveCount(0);
  });

  test("uploading a malformed file shows the parser's message as an alert", async ({ page }) => {
    await page.goto("/admin/romes");
    await page.getByLabel("ROME file").setInputFiles(MALFORMED_XML);
    await page.getByRole("button", { name: "Import" }).click();
    await expect(importRegion(page).getByRole("alert")).toHaveText(
      /^malformed\.xml was not imported: Malformed XML at line 10: /,
    );
    await expect(page.locator(".romes-summary")).toHaveCount(0);
    // No "100%" bar beside the refusal.
    await expect(page.getByLabel("Upload progress")).toHaveCount(0);
  });
});
