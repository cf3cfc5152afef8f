import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./support/admin-session.ts";

// Changes the shared e2e site's French texts; puts back what the public pages show.
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

const panel = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "Exchange files (XLIFF, PO)" });

test("downloads French as XLIFF, previews an edited file, applies it, and refuses an invalid one", async ({ page }, testInfo) => {
  await page.goto("/admin/translations");
  const exchange = panel(page);
  await exchange.getByLabel("Language").selectOption("fr-FR");
  await exchange.getByLabel("Format").selectOption("xliff");
  const downloading = page.waitForEvent("download");
  await exchange.getByRole("link", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("ui-strings.fr-FR.xlf");
  const original = readFileSync(await download.path(), "utf8");
  expect(original).toContain('trgLang="fr-FR"');

  const upload = (name: string, text: string) => exchange.getByLabel("Translated file").setInputFiles({ name, mimeType: "application/xliff+xml", buffer: Buffer.from(text) });
  const edited = original.replace("<target>Accueil</target>", "<target>Page d’accueil</target>");
  await upload("fr.xlf", edited);
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
  await expect(publicPage.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Page d’accueil" })).toBeVisible();

  const invalid = original.replace("<target>{count, plural, one {# métier} many {# de métiers} other {# métiers}}</target>", "<target>{count, plural, one {# métier}</target>");
  await upload("broken.xlf", invalid);
  await exchange.getByRole("button", { name: "Preview changes" }).click();
  await expect(exchange.getByRole("alert")).toHaveText("1 translation is not valid; nothing was imported.");
  await expect(exchange.getByRole("listitem")).toContainText(["HOME:JOB_COUNT: Syntax error at line 1, column 31 (the end of the text)"]);
  await expect(exchange.getByRole("button", { name: /Apply/ })).toHaveCount(0);

  await upload("original.xlf", original);
  await exchange.getByRole("button", { name: "Preview changes" }).click();
  await exchange.getByRole("button", { name: "Apply 1 change" }).click();
  await expect(page.getByText("Imported 1 change into fr-FR.")).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Accueil" })).toBeVisible();
});
