import { expect, test } from "@playwright/test";
import { openDatabase } from "#server/db/connect.ts";
import { e2eDatabasePath, signInAsAdmin } from "./support/admin-session.ts";

// Both tests change who is an admin; one after the other keeps "the last admin" well defined.
test.describe.configure({ mode: "serial" });

const READER = { uid: "e2e-reader", email: "rita.reader@example.com", name: "Rita Reader" };

test.beforeAll(async () => {
  const handle = openDatabase({ kind: "sqlite", path: e2eDatabasePath() });
  try {
    await handle.db
      .insertInto("users")
      .values({
        uid: READER.uid,
        email: READER.email,
        display_name: READER.name,
        photo_url: null,
        email_verified: 1,
        role: "user",
        created_at: "2026-01-15T10:00:00.000Z",
        last_sign_in_at: "2026-02-01T08:30:00.000Z",
      })
      .onConflict((conflict) => conflict.column("uid").doNothing())
      .execute();
  } finally {
    await handle.close();
  }
});

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

test("change a role through a confirmation dialog", async ({ page }) => {
  await page.goto("/admin/users");
  await page.getByLabel("Search by email or name").fill("rita");
  await page.getByRole("search", { name: "Users" }).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=rita$/);
  const row = page.getByRole("row", { name: /Rita Reader/ });
  await expect(row).toContainText("rita.reader@example.com");
  await expect(row).toContainText("Feb 1, 2026, 8:30 AM UTC");
  await expect(page.getByRole("row")).toHaveCount(2);

  // Cancel first: Escape closes the dialog, nothing changes, focus returns to the button.
  const change = row.getByRole("button", { name: "Change role for Rita Reader" });
  await change.click();
  const dialog = page.getByRole("dialog", { name: "Change the role of Rita Reader?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(change).toBeFocused();
  await expect(row).not.toContainText("Admin");

  await change.click();
  await dialog.getByRole("radio", { name: "Admin" }).check();
  await dialog.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByText("Rita Reader: Admin.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();

  // A translator needs a language before the role can be saved.
  await expect(change).toBeFocused();
  await change.click();
  await dialog.getByRole("radio", { name: "Translator" }).check();
  await dialog.getByRole("button", { name: "Save role" }).click();
  await expect(dialog.getByText("Choose at least one language.")).toBeVisible();
  await dialog.getByRole("radio", { name: "User" }).check();
  await dialog.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByText("Rita Reader: User.")).toBeVisible();
  await expect(row.getByText("User", { exact: true })).toBeVisible();
});

test("the last admin cannot give up their own role", async ({ page }) => {
  await page.goto("/admin/users?q=admin%40example.com");
  const row = page.getByRole("row", { name: /admin@example\.com/ });
  await expect(row).toContainText("(you)");
  await row.getByRole("button", { name: /Change role/ }).click();
  const dialog = page.getByRole("dialog", { name: "Change your own role?" });
  await dialog.getByRole("radio", { name: "Editor" }).check();
  await expect(dialog).toContainText("You will lose the admin role at once");
  await dialog.getByRole("button", { name: "Save role" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "The site must keep at least one administrator" }),
  ).toBeVisible();
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users/);
});
