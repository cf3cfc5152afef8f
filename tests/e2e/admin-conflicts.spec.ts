/**
 * No save from a stale copy (issue 40 item 2, decision 0151), in the browser: someone else saves while
 * this person edits, the save is refused, and the conflict notice shows what they saved, keeps this
 * person's text and takes the focus; "Save mine anyway" saves over theirs. And issue 40 item 5: the alt
 * texts of all languages of an image save with one action, and unsaved ones warn before leaving.
 */
import { expect, test, type Page } from "@playwright/test";
import { encoded } from "#tests/fixtures/images.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { signInAsAdmin, withE2eDatabase } from "./support/admin-session.ts";

test.describe.configure({ mode: "serial" });
// axe and an image upload on a machine shared with other runs.
test.setTimeout(120_000);

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

const grid = (page: Page) => page.getByRole("region", { name: "Translations: keys by language" });
const cellButton = (page: Page, code: string, key: string) =>
  grid(page).getByRole("button", { name: new RegExp(`edit the ${code} translation of ${key}$`) });

/** Another person's save, straight into the database while the page shows the old text. */
async function savedByAnother(key: string, code: string, label: string) {
  await withE2eDatabase((db) =>
    db.updateTable("translations").set({ label }).where("code", "=", code).where("code_component", "=", key).execute(),
  );
}

test("a UI string saved by someone else meanwhile: the notice shows theirs, keeps mine, and Save mine anyway saves it", async ({
  page,
}) => {
  const key = "FOOTER:ABOUT";
  const original = await withE2eDatabase((db) =>
    db
      .selectFrom("translations")
      .select("label")
      .where("code", "=", "de-DE")
      .where("code_component", "=", key)
      .executeTakeFirstOrThrow(),
  );
  try {
    await page.goto("/admin/translations");
    await page.getByLabel("Find a key or text").fill(key);
    await cellButton(page, "de-DE", key).click();
    const editor = page.getByLabel(`de-DE translation of ${key}`, { exact: true });
    await editor.fill("Über uns (meins)");
    await savedByAnother(key, "de-DE", "Über uns (Ada)");
    await grid(page).getByRole("button", { name: "Save" }).click();

    const notice = page.getByRole("region", { name: "Someone else saved this meanwhile" });
    await expect(notice).toBeVisible();
    await expect(notice).toBeFocused();
    await expect(notice).toContainText("Über uns (Ada)");
    await expect(editor).toHaveValue("Über uns (meins)");
    await expectNoAxeViolations(page);

    await notice.getByRole("button", { name: "Save mine anyway" }).click();
    await expect(cellButton(page, "de-DE", key)).toContainText("Über uns (meins)");
    await expect(page.locator("body")).not.toBeFocused();
  } finally {
    await savedByAnother(key, "de-DE", original.label);
  }
});

test("Take theirs puts the other person's text in the field, and the next save is made from it", async ({ page }) => {
  const key = "FOOTER:ABOUT";
  const original = await withE2eDatabase((db) =>
    db
      .selectFrom("translations")
      .select("label")
      .where("code", "=", "fr-FR")
      .where("code_component", "=", key)
      .executeTakeFirstOrThrow(),
  );
  try {
    await page.goto("/admin/translations");
    await page.getByLabel("Find a key or text").fill(key);
    await cellButton(page, "fr-FR", key).click();
    const editor = page.getByLabel(`fr-FR translation of ${key}`, { exact: true });
    await editor.fill("À propos (moi)");
    await savedByAnother(key, "fr-FR", "À propos (Ada)");
    await page.keyboard.press("Control+Enter");
    const notice = page.getByRole("region", { name: "Someone else saved this meanwhile" });
    await expect(notice).toBeFocused();
    await notice.getByRole("button", { name: "Take theirs" }).click();
    await expect(notice).toHaveCount(0);
    await expect(editor).toHaveValue("À propos (Ada)");
    await expect(editor).toBeFocused();
    await editor.fill("À propos (Ada, relu)");
    await grid(page).getByRole("button", { name: "Save" }).click();
    await expect(cellButton(page, "fr-FR", key)).toContainText("À propos (Ada, relu)");
  } finally {
    await savedByAnother(key, "fr-FR", original.label);
  }
});

test("an image's alt texts in every language save with one action, and unsaved ones warn before leaving", async ({
  page,
}) => {
  const name = `conflict-${Date.now()}.png`;
  await page.goto("/admin/media");
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: "image/png", buffer: await encoded("png", 120, 80, 5) });
  // The library's own row, once the upload is stored (the upload zone lists the file from the start).
  const row = page
    .getByRole("region", { name: "Images", exact: true })
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await page.reload();
  await row.getByRole("button", { name: new RegExp(`Add alt text.*of ${name.replace(".", "\\.")}`) }).click();

  await row.getByLabel(/^English/).fill("Boats in the harbour");
  await row.getByLabel(/^Français/).fill("Bateaux au port");
  await row.getByRole("button", { name: `Save alt texts of ${name}` }).click();
  await expect(row.getByRole("list", { name: "Alt text per language" })).toContainText("Bateaux au port");
  const stored = await withE2eDatabase((db) =>
    db
      .selectFrom("media_alt")
      .innerJoin("media", "media.id", "media_alt.media_id")
      .select(["media_alt.code", "media_alt.alt"])
      .where("media.file_name", "=", name)
      .orderBy("media_alt.code")
      .execute(),
  );
  expect(stored).toEqual([
    { code: "en-US", alt: "Boats in the harbour" },
    { code: "fr-FR", alt: "Bateaux au port" },
  ]);

  // Typed and not saved: leaving within the app asks first.
  await row.getByLabel(/^Deutsch/).fill("Boote im Hafen");
  await page.getByRole("navigation").getByRole("link", { name: "Languages" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving the alt texts?" });
  await expect(leave).toBeVisible();
  await expect(leave).toContainText(name);
  await expectNoAxeViolations(page);
  await leave.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/media/);
  await expect(row.getByLabel(/^Deutsch/)).toHaveValue("Boote im Hafen");

  // And leaving the page in the browser too.
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe("beforeunload");
});
