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
        is_admin: 0,
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

test("grant and revoke admin rights through a confirmation dialog", async ({ page }) => {
  await page.goto("/admin/users");
  await page.getByLabel("Search by email or name").fill("rita");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=rita$/);
  const row = page.getByRole("row", { name: /Rita Reader/ });
  await expect(row).toContainText("rita.reader@example.com");
  await expect(row).toContainText("1 Feb 2026, 08:30 UTC");
  await expect(page.getByRole("row")).toHaveCount(2);

  // Cancel first: Escape closes the dialog, nothing changes, focus returns to the button.
  const grant = row.getByRole("button", { name: "Grant admin for Rita Reader" });
  await grant.click();
  const grantDialog = page.getByRole("dialog", { name: "Grant admin rights to Rita Reader?" });
  await expect(grantDialog).toBeVisible();
  await expect(grantDialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(grantDialog).toBeHidden();
  await expect(grant).toBeFocused();
  await expect(row).not.toContainText("Admin");

  await grant.click();
  await grantDialog.getByRole("button", { name: "Grant admin rights" }).click();
  await expect(page.getByText("Rita Reader is now an administrator.")).toBeVisible();
  await expect(grantDialog).toBeHidden();
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();

  const revoke = row.getByRole("button", { name: "Revoke admin for Rita Reader" });
  await expect(revoke).toBeFocused();
  await revoke.click();
  const revokeDialog = page.getByRole("dialog", { name: "Revoke admin rights from Rita Reader?" });
  await expect(revokeDialog).toContainText("can no longer use the admin area");
  await revokeDialog.getByRole("button", { name: "Revoke admin rights" }).click();
  await expect(page.getByText("Rita Reader is no longer an administrator.")).toBeVisible();
  await expect(row.getByRole("button", { name: "Grant admin for Rita Reader" })).toBeVisible();
});

test("the last admin cannot revoke their own rights", async ({ page }) => {
  await page.goto("/admin/users?q=admin%40example.com");
  const row = page.getByRole("row", { name: /admin@example\.com/ });
  await expect(row).toContainText("(you)");
  await row.getByRole("button", { name: /Revoke admin/ }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke your own admin rights?" });
  await dialog.getByRole("button", { name: "Revoke admin rights" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "is the last administrator" })).toBeVisible();
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users/);
});
