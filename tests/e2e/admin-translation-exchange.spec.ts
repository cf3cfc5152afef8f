import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin-session.ts";

// Changes the shared e2e site's French texts; puts back what the public pages show.
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

const panel = (page: Page) => page.getByRole("region", { name: "Exchange files (XLIFF, PO)" });

async function downloadFrench(page: Page): Promise<string> {
  await page.goto("/admin/translations");
  const exchange = panel(page);
  const link = exchange.getByRole("link", { name: "Download" });
  // A choice made while React is still taking the page over can be undone by it: chosen again until the link follows it.
  await expect(async () => {
    await exchange.getByLabel("Language").selectOption("fr-FR");
    await exchange.getByLabel("Format").selectOption("xliff");
    await expect(link).toHaveAttribute("href", /lang=fr-FR&format=xliff/, { timeout: 1_000 });
  }).toPass();
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("ui-strings.fr-FR.xlf");
  return readFileSync(await download.path(), "utf8");
}

const upload = (page: Page, name: string, text: string) =>
  panel(page)
    .getByLabel("Translated file")
    .setInputFiles({ name, mimeType: "application/xliff+xml", buffer: Buffer.from(text) });

test("downloads French as XLIFF, previews an edited file and applies it", async ({ page }, testInfo) => {
  test.slow(); // two imports and a public page, on a shared machine
  const original = await downloadFrench(page);
  expect(original).toContain('trgLang="fr-FR"');
  const exchange = panel(page);
  const edited = original.replace("<target>Accueil</target>", "<target>Page d’accueil</target>");
  await upload(page, "fr.xlf", edited);
  await exchange.getByRole("button", { name: "Preview changes" }).click();
  await expect(exchange.getByRole("status")).toContainText("fr-FR (XLIFF) — 1 change");
  const changes = exchange.getByRole("table", { name: "What the file changes" });
  await expect(changes.getByRole("row", { name: /NAV:HOME/ })).toContainText("Accueil");
  await expect(changes.getByRole("row", { name: /NAV:HOME/ })).toContainText("Page d’accueil");
  await page.screenshot({ path: testInfo.outputPath("exchange-preview.png"), fullPage: true });

  await exchange.getByRole("button", { name: "Apply 1 change" }).click();
  await expect(page.getByText("Imported 1 change into fr-FR.")).toBeVisible();
  const publicPage = await page.context().newPage();
  await publicPage.goto("/fr/bienvenue");
  await expect(
    publicPage.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Page d’accueil" }),
  ).toBeVisible();

  await upload(page, "original.xlf", original);
  await exchange.getByRole("button", { name: "Preview changes" }).click();
  await exchange.getByRole("button", { name: "Apply 1 change" }).click();
  // The first import's toast may still be showing.
  await expect(page.getByText("Imported 1 change into fr-FR.").last()).toBeVisible();
  await publicPage.reload();
  await expect(
    publicPage.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Accueil" }),
  ).toBeVisible();
});

test("refuses a file with an invalid translation, naming its key, and offers nothing to apply", async ({ page }) => {
  const original = await downloadFrench(page);
  const exchange = panel(page);
  const invalid = original.replace(
    "<target>{count, plural, one {# métier} many {# de métiers} other {# métiers}}</target>",
    "<target>{count, plural, one {# métier}</target>",
  );
  await upload(page, "broken.xlf", invalid);
  await exchange.getByRole("button", { name: "Preview changes" }).click();
  await expect(exchange.getByRole("alert")).toHaveText(
    "The file was refused: 1 translation is not valid; nothing was imported.",
  );
  await expect(exchange.getByRole("listitem")).toContainText([
    "HOME:JOB_COUNT: Syntax error at line 1, column 31 (the end of the text)",
  ]);
  await expect(exchange.getByRole("button", { name: /Apply/ })).toHaveCount(0);
});
