/**
 * Sign-in in a real browser (docs/product.md §6): the popup with the development
 * provider (GitHub here) and with the local OpenID provider (Google here),
 * welcome / welcome back, sign-out, the admin gate, the blocked-popup
 * fallback, and the toast's hover behaviour (§8).
 */
import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { GOOGLE_STANDIN_URL } from "./ports.ts";
import type { GoogleUser } from "#tests/fixtures/idp/google.ts";
import { COOKIES, standInCookieValue } from "#tests/fixtures/idp/shared.ts";

const SHOTS = "/tmp/shots";
let counter = 0;
/** An email no other test (or earlier run on the same database) has used. */
const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

const header = (page: Page) => page.locator("header.site-header");
const toast = (page: Page, text: string | RegExp) => page.locator(".toast").filter({ hasText: text });

/** The header holds the providers in its "Sign in" menu; opens it and returns the provider's button. */
async function headerSignInButton(page: Page, name: string, menuName = "Sign in") {
  await header(page).getByRole("button", { name: menuName, exact: true }).click();
  return header(page).getByRole("button", { name });
}

/** Opens the header's account menu (the button named "Signed in as …"). */
async function openAccountMenu(page: Page) {
  await header(page)
    .getByRole("button", { name: /^Signed in as|^Connecté en tant que|^مسجّل الدخول باسم/ })
    .click();
}

/**
 * Signs in through the popup of the development provider behind "Sign in with GitHub",
 * from the header's menu or, given a `scope`, from the buttons shown there (the admin gate).
 */
async function devSignIn(
  page: Page,
  who: { email: string; name: string },
  scope?: Locator,
  buttonName = "Sign in with GitHub",
  menuName = "Sign in",
) {
  const popupOpened = page.waitForEvent("popup");
  await (
    scope ? scope.getByRole("button", { name: buttonName }) : await headerSignInButton(page, buttonName, menuName)
  ).click();
  const popup = await popupOpened;
  await expect(popup.getByLabel("Email")).toBeFocused();
  await popup.getByLabel("Email").fill(who.email);
  await popup.getByLabel("Name").fill(who.name);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Continue" }).click();
  await closed;
}

/**
 * Resolves once the popup has closed. Against the local provider the whole flow can finish
 * before a "close" listener is attached, so an already-closed popup counts too.
 */
async function popupClosed(popup: Page) {
  if (!popup.isClosed()) await popup.waitForEvent("close");
}

async function chooseGoogleUser(context: BrowserContext, user: GoogleUser) {
  await context.addCookies([{ name: COOKIES.googleUser, value: standInCookieValue(user), url: GOOGLE_STANDIN_URL }]);
}

async function signOut(page: Page) {
  await openAccountMenu(page);
  await header(page).getByRole("button", { name: "Sign out" }).click();
  await expect(toast(page, "You are signed out.")).toBeVisible();
  // The focus is not lost with the account button: it moves to the new "Sign in" button.
  await expect(header(page).getByRole("button", { name: "Sign in", exact: true })).toBeFocused();
}

test("development provider in a popup: welcome, sign-out, welcome back", async ({ page }) => {
  const who = { email: uniqueEmail("dev"), name: "Dev Person" };
  await page.goto("/en/welcome");
  await expect(await headerSignInButton(page, "Sign in with Google")).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Sign in with GitHub" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/auth-header-signed-out-en.png` });
  await page.keyboard.press("Escape");

  await devSignIn(page, who);
  await expect(toast(page, "Welcome, Dev Person!")).toBeVisible();
  await expect(header(page).getByText("Dev Person", { exact: true })).toBeVisible();
  // The focus follows the sign-in to the account button.
  await expect(header(page).getByRole("button", { name: "Signed in as Dev Person" })).toBeFocused();
  await openAccountMenu(page);
  await expect(header(page).getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Sign in with GitHub" })).toHaveCount(0);
  await expect(header(page).getByRole("link", { name: "Admin" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/en\/welcome$/);
  await header(page).screenshot({ path: `${SHOTS}/auth-header-signed-in-en.png` });
  await page.screenshot({ path: `${SHOTS}/auth-welcome-toast.png` });

  await signOut(page);
  await expect(header(page).getByText("Dev Person", { exact: true })).toHaveCount(0);

  await devSignIn(page, who);
  await expect(toast(page, "Welcome back, Dev Person!")).toBeVisible();
});

test("Google through the local OpenID provider: name and photo in the header", async ({ page, context }) => {
  const grace: GoogleUser = {
    sub: `e2e-${Date.now()}`,
    email: uniqueEmail("grace"),
    emailVerified: true,
    name: "Grace Hopper",
    picture: "https://example.com/grace.png",
  };
  await chooseGoogleUser(context, grace);
  await page.goto("/en/articles");
  const popupOpened = page.waitForEvent("popup");
  await (await headerSignInButton(page, "Sign in with Google")).click();
  const popup = await popupOpened;
  await popupClosed(popup);
  await expect(toast(page, "Welcome, Grace Hopper!")).toBeVisible();
  await expect(header(page).getByText("Grace Hopper", { exact: true })).toBeVisible();
  // The photo is decorative: the name is right next to it.
  await expect(header(page).locator('img[src="https://example.com/grace.png"]')).toHaveAttribute("alt", "");
  await expect(page).toHaveURL(/\/en\/articles$/);

  await signOut(page);
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  const again = page.waitForEvent("popup");
  await (await headerSignInButton(page, "Sign in with Google")).click();
  await popupClosed(await again);
  await expect(toast(page, "Welcome back, Grace Hopper!")).toBeVisible();
});

test("a refused Google sign-in shows the provider's message and the method", async ({ page, context }) => {
  await context.addCookies([{ name: COOKIES.googleOutcome, value: "deny", url: GOOGLE_STANDIN_URL }]);
  await page.goto("/en/welcome");
  const popupOpened = page.waitForEvent("popup");
  await (await headerSignInButton(page, "Sign in with Google")).click();
  await popupClosed(await popupOpened);
  const error = page.getByRole("alert").locator(".toast");
  await expect(error).toHaveText(/Sign-in failed: .*denied.* \(google\)/);
  await expect(header(page).getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});

test("the admin gate: 401 with sign-in buttons, 403 for others, the admin shell and the Admin link for admins", async ({
  page,
}) => {
  const anonymous = await page.goto("/admin");
  expect(anonymous?.status()).toBe(401);
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1, name: "Sign in required" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Sign in with GitHub" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/auth-admin-401.png`, fullPage: true });

  // Signing in right there as a non-admin turns the page into "No access".
  await devSignIn(page, { email: uniqueEmail("reader"), name: "Ravi Visitor" }, main);
  await expect(main.getByRole("heading", { level: 1, name: "No access" })).toBeVisible();
  const forbidden = await page.goto("/admin/users");
  expect(forbidden?.status()).toBe(403);
  await expect(main.getByRole("heading", { level: 1, name: "No access" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Admin" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/auth-admin-403.png`, fullPage: true });

  await signOut(page);
  await page.goto("/en/welcome");
  await devSignIn(page, { email: "admin@example.com", name: "Demo Admin" });
  await expect(toast(page, "Welcome back, Demo Admin!")).toBeVisible();
  await openAccountMenu(page);
  await header(page).getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  for (const name of ["Languages", "Translations", "Articles", "Users", "Analytics", "Audit log", "ROME jobs"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "ROME jobs" })).toHaveAttribute("href", "/admin/romes");
  const allowed = await page.goto("/admin");
  expect(allowed?.status()).toBe(200);
  await page.screenshot({ path: `${SHOTS}/auth-admin-200.png` });
});

test("a blocked popup falls back to a full-page sign-in that returns to the same page", async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto("/fr/articles");
  await (await headerSignInButton(page, "Se connecter avec GitHub", "Se connecter")).click();
  await expect(page).toHaveURL(/\/auth\/github\/dev-login$/);
  await page.getByLabel("Email").fill(uniqueEmail("blocked"));
  await page.getByLabel("Name").fill("Bea Blocked");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/fr\/articles$/);
  await expect(toast(page, "Bienvenue, Bea Blocked !")).toBeVisible();
  await openAccountMenu(page);
  await expect(header(page).getByRole("button", { name: "Se déconnecter" })).toBeVisible();
});

test("a hovered toast stays past 5 s and leaves about 1 s after the mouse does", async ({ page }) => {
  await page.goto("/en/welcome");
  await devSignIn(page, { email: uniqueEmail("hover"), name: "Hover Craft" });
  const welcome = toast(page, "Welcome, Hover Craft!");
  await expect(welcome).toBeVisible();
  await welcome.hover();
  await page.waitForTimeout(6000);
  await expect(welcome).toBeVisible();
  const left = Date.now();
  await page.mouse.move(5, 300);
  await welcome.waitFor({ state: "detached", timeout: 5000 });
  // The extended time-out (1000 ms) then the 300 ms ease: never sooner, and late only on a busy machine.
  const gone = Date.now() - left;
  expect(gone).toBeGreaterThanOrEqual(1000);
  expect(gone).toBeLessThan(3000);
});

test("the header in Arabic, signed out and signed in", async ({ page }) => {
  await page.goto(`/ar/${encodeURIComponent("مرحبا")}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(await headerSignInButton(page, "تسجيل الدخول باستخدام Google", "تسجيل الدخول")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/auth-header-signed-out-ar.png` });
  await page.keyboard.press("Escape");
  await devSignIn(
    page,
    { email: uniqueEmail("amal"), name: "أمل" },
    undefined,
    "تسجيل الدخول باستخدام GitHub",
    "تسجيل الدخول",
  );
  await expect(toast(page, "أهلًا بك يا أمل!")).toBeVisible();
  await openAccountMenu(page);
  await expect(header(page).getByRole("button", { name: "تسجيل الخروج" })).toBeVisible();
  await header(page).screenshot({ path: `${SHOTS}/auth-header-signed-in-ar.png` });
  await page.screenshot({ path: `${SHOTS}/auth-toast-ar.png` });
});

test("a signed-in reader gets the pages visitors share, with their own header, working as pages rendered for them", async ({
  page,
  request,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const path = `/ar/${encodeURIComponent("مرحبا")}`;
  // A visitor's request: the page is kept for visitors.
  expect((await request.get(path)).headers()["cache-control"]).toBe("public, no-cache");
  await page.goto(path);
  // After the sign-in the page fetches itself again for its new account area (decision 0171): her first page in Arabic.
  const herFirstPage = page.waitForResponse(
    (response) =>
      response.request().resourceType() === "fetch" &&
      decodeURIComponent(new URL(response.url()).pathname) === decodeURIComponent(path),
  );
  await devSignIn(
    page,
    { email: uniqueEmail("shared"), name: "نور القارئة" },
    undefined,
    "تسجيل الدخول باستخدام GitHub",
    "تسجيل الدخول",
  );
  await expect(toast(page, "أهلًا بك يا نور القارئة!")).toBeVisible();
  // That first page is rendered for her (its scripts allowed by nonce); the next one is the visitors' page with her header (by hash, decision 0134).
  expect((await herFirstPage).headers()["content-security-policy"]).toContain("'nonce-");
  const shared = await page.reload();
  expect(shared?.headers()["content-security-policy"]).toContain("'sha256-");
  expect(shared?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(header(page).getByText("نور القارئة", { exact: true })).toBeVisible();
  await header(page).screenshot({ path: `${SHOTS}/auth-header-shared-page-ar.png` });
  // Another page (a full page load: public pages are not hydrated, decision 0171) keeps her header, and signing out works.
  await header(page).getByRole("navigation").getByRole("link").nth(1).click();
  await expect(page).not.toHaveURL(new RegExp(`${path}$`));
  await expect(header(page).getByText("نور القارئة", { exact: true })).toBeVisible();
  await openAccountMenu(page);
  await header(page).getByRole("button", { name: "تسجيل الخروج" }).click();
  await expect(header(page).getByRole("button", { name: "تسجيل الدخول", exact: true })).toBeFocused();
  await expect(header(page).getByText("نور القارئة", { exact: true })).toHaveCount(0);
  expect(problems).toEqual([]);
});
