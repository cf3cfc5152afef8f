/**
 * The Content-Security-Policy without 'unsafe-inline' (issue 8 item 7, issue
 * 15 item 5) in a real browser: no page — public in en, ar and ja, admin, the
 * sign-in form and its result — reports a CSP violation, and the sign-in
 * pages' own stylesheet still applies.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin-session.ts";

/** Collects CSP violations the page reports, as console errors and as securitypolicyviolation events. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(
        `Content Security Policy violation on ${location.pathname}: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  return violations;
}

// Seven and eight page visits per test, each waiting for the network to settle, on a shared 2-core machine.
test.describe.configure({ timeout: 90_000 });

const PUBLIC_PAGES = [
  "/en/welcome",
  "/en/articles",
  "/en/jobs",
  "/ar/welcome",
  "/ar/articles",
  "/ja/welcome",
  "/xx/not-found",
];
const ADMIN_PAGES = [
  "/admin",
  "/admin/languages",
  "/admin/translations",
  "/admin/articles",
  "/admin/users",
  "/admin/analytics",
  "/admin/audit",
  "/admin/romes",
];

test("public pages in en, ar and ja render without CSP violations", async ({ page }) => {
  const violations = await watchCsp(page);
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Interact a little: the language menu and its styles come from script.
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});

test("admin screens render without CSP violations", async ({ page, context }) => {
  await signInAsAdmin(context);
  const violations = await watchCsp(page);
  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  await page.screenshot({ path: "test-results/security-admin-romes.png" });
  expect(violations).toEqual([]);
});

test("the development sign-in form keeps its stylesheet and signs in without CSP violations", async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto("/auth/github/start?returnTo=%2Fen%2Fwelcome");
  await expect(page.getByLabel("Email")).toBeVisible();
  // The page's <style> is allowed by its hash: the button has its colours, the body its background.
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(251, 250, 247)");
  await expect(page.getByRole("button", { name: "Continue" })).toHaveCSS("background-color", "rgb(31, 58, 95)");
  await page.screenshot({ path: "test-results/security-dev-login.png" });
  await page.getByLabel("Email").fill("csp-visitor@example.com");
  await page.getByLabel("Name").fill("Cleo");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/en\/welcome$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});
