import { expect, test, type Locator, type Request } from "@playwright/test";
import { recordAudit } from "#server/audit/record.ts";
import { openDatabase } from "#server/db/connect.ts";
import { adminPut, e2eDatabasePath, signInAsAdmin, withE2eDatabase } from "./support/admin-session.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { setVisitorLanguage } from "./support/visitor-language.ts";

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

const AREAS = [
  ["Languages", "/admin/languages"],
  ["Translations", "/admin/translations"],
  ["Translation status", "/admin/translation-status"],
  ["Articles", "/admin/articles"],
  ["Users", "/admin/users"],
  ["Analytics", "/admin/analytics"],
  ["Audit log", "/admin/audit"],
  ["ROME jobs", "/admin/romes"],
] as const;

/** True once Chart.js has drawn something: some pixel of the canvas is not transparent. */
function hasDrawing(canvas: Locator) {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext("2d");
    if (!context || element.width === 0) return false;
    const pixels = context.getImageData(0, 0, element.width, element.height).data;
    for (let index = 3; index < pixels.length; index += 4) if (pixels[index] !== 0) return true;
    return false;
  });
}

test("the dashboard links to every admin area, each with a live figure", async ({ page }) => {
  await page.goto("/admin");
  const dashboard = page.getByRole("region", { name: "Dashboard" });
  await expect(dashboard.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  for (const [name, href] of AREAS) {
    await expect(dashboard.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  const cards = dashboard.getByRole("listitem");
  await expect(cards).toHaveCount(AREAS.length);
  await expect(cards.filter({ hasText: "Languages" })).toContainText(/\d+ of \d+ enabled/);
  await expect(cards.filter({ hasText: "ROME jobs" })).toContainText("532 ROME codes");
  await expect(cards.filter({ hasText: "Translation status" })).toContainText(/\d+ outdated · \d+ missing/);
  await expect(cards.filter({ has: page.getByRole("heading", { name: "Articles", exact: true }) })).toContainText(
    "Write, preview and publish articles in each language.",
  );
  await dashboard.getByRole("link", { name: "Audit log", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
});

function storedEvents(name: string): Promise<number> {
  return withE2eDatabase(async (db) => {
    const row = await db
      .selectFrom("analytics_events")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("name", "=", name)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  });
}

test("analytics charts the events of the public site, with the numbers in data tables", async ({ page, context }) => {
  const event = (name: string) => (request: Request) =>
    request.url().endsWith("/api/analytics/events") && request.postData()?.includes(`"${name}`) === true;
  // The page view is sent once the page is hydrated, so the language link's click handler is live.
  const pageView = page.waitForResponse((response) => event("page_view")(response.request()));
  await page.goto("/en/welcome");
  expect((await pageView).status()).toBe(201);
  await page.getByRole("button", { name: "Language", exact: true }).click();
  const french = page.locator("#language-menu").getByRole("link", { name: "Français", exact: true });
  const frenchSwitch = `lang_${await french.getAttribute("data-language-id")}`;
  const switchesBefore = await storedEvents(frenchSwitch);
  const sent = page.waitForRequest(event(frenchSwitch));
  await french.click();
  await sent;
  // The event is a keepalive request that outlives its page: the browser may report no response for it once the
  // French page has replaced the English one, so the database says whether it was recorded.
  await expect.poll(() => storedEvents(frenchSwitch)).toBe(switchesBefore + 1);

  // The switch made French the visitor's language, which the admin follows (decision 0076): back to English for the checks below.
  await setVisitorLanguage(context, "en");
  await page.goto("/admin/analytics");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");
  const charts = page.locator("canvas[role=img]");
  await expect(charts).toHaveCount(2);
  await expect(charts.nth(0)).toHaveAttribute("aria-label", /page views, [\d,]+ sign-ins/);
  await expect(charts.nth(1)).toHaveAttribute("aria-label", /Français [1-9]/);
  for (const chart of await charts.all()) await expect.poll(() => hasDrawing(chart)).toBe(true);

  const traffic = page.getByRole("region", { name: "Sign-ins and page views" });
  await traffic.getByText("Data table", { exact: true }).click();
  const trafficTable = traffic.getByRole("table");
  await expect(trafficTable).toBeVisible();
  await expect(trafficTable.getByRole("columnheader")).toHaveText(["Date", "Page views", "Sign-ins", "Sign-outs"]);
  const totalPageViews = Number((await trafficTable.locator("tfoot td").first().textContent())?.replace(/,/g, ""));
  expect(totalPageViews).toBeGreaterThan(0);

  const switches = page.getByRole("region", { name: "Language switches by language" });
  await switches.getByText("Data table", { exact: true }).click();
  await expect(switches.getByRole("columnheader", { name: "Français" })).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await expect(switches.getByRole("row", { name: new RegExp(`^${today}`) })).toBeVisible();

  // The range form: a bad range is explained next to the field and announced.
  const range = page.getByRole("form", { name: "Date range" });
  await range.getByLabel("From", { exact: true }).fill("2024-03-02");
  await range.getByLabel("To", { exact: true }).fill("2024-03-01");
  await range.getByRole("button", { name: "Apply" }).click();
  await expect(range.getByRole("alert")).toContainText('must be on or before "to"');
  await expect(range.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(charts).toHaveCount(0);
  await range.getByLabel("From", { exact: true }).fill("2024-02-01");
  await range.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/from=2024-02-01&to=2024-03-01/);
  await expect(range.getByRole("alert")).toHaveText("");
  await expect(charts).toHaveCount(2);
  await expect(charts.nth(1)).toHaveAttribute("aria-label", /no language switches/);
});

test("the audit log lists an admin change, filters by entity and shows before and after", async ({ page }) => {
  // Something else in the log, so the entity filter has something to leave out.
  const handle = openDatabase({ kind: "sqlite", path: e2eDatabasePath() });
  await recordAudit(handle.db, {
    uid: "demo-admin",
    action: "update",
    entity: "e2e_other",
    entityId: "other-1",
    before: { n: 1 },
    after: { n: 2 },
  });
  await handle.close();

  await page.goto("/admin/audit");
  const original = "Polyglot Press ist die Demo einer mehrsprachigen Publikationsplattform.";
  const edited = `Polyglot Press ist eine Demo (${Date.now()}).`;
  await adminPut(page, "/api/admin/translations/FOOTER%3AABOUT/de-DE", { label: edited });
  try {
    await page.reload();
    const entries = page.locator("tbody.audit-entry");
    const change = entries.filter({ hasText: "FOOTER:ABOUT/de-DE" }).first();
    await expect(change).toContainText("admin@example.com");
    await expect(change).toContainText("UI string");
    await expect(entries.filter({ hasText: "e2e_other" })).toHaveCount(1);

    await page.getByLabel("Entity").selectOption({ label: "UI string" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/entity=translation/);
    await expect(entries.filter({ hasText: "e2e_other" })).toHaveCount(0);
    const entityCells = await entries.locator("tr:first-child td:nth-child(4)").allTextContents();
    expect(entityCells.length).toBeGreaterThan(0);
    expect(new Set(entityCells)).toEqual(new Set(["UI string"]));

    const filtered = entries.filter({ hasText: "FOOTER:ABOUT/de-DE" }).first();
    await expect(filtered.locator("summary")).toContainText(/Changed: .*label/);
    await filtered.locator("summary").click();
    await expect(filtered.locator("del")).toContainText(original);
    await expect(filtered.locator("ins")).toContainText(edited);
    await expect(filtered.getByRole("heading", { name: "Before" })).toBeVisible();
    await expect(filtered.getByRole("heading", { name: "After" })).toBeVisible();
  } finally {
    await adminPut(page, "/api/admin/translations/FOOTER%3AABOUT/de-DE", { label: original });
  }
});

test("the audit log in Arabic: actions and entities in Arabic, each time reads date, time, UTC", async ({
  page,
  context,
}) => {
  // axe over a full log page: more than the default 30 s on a busy machine.
  test.slow();
  const handle = openDatabase({ kind: "sqlite", path: e2eDatabasePath() });
  await recordAudit(handle.db, {
    uid: "demo-admin",
    action: "update",
    entity: "translation",
    entityId: "NAV:HOME/ar",
    before: { label: "الرئيسية" },
    after: { label: "الصفحة الرئيسية" },
  });
  await handle.close();
  await setVisitorLanguage(context, "ar");
  await page.goto("/admin/audit?entity=translation");
  await expect(page.locator(".admin")).toHaveAttribute("dir", "rtl");
  const entry = page.locator("tbody.audit-entry").filter({ hasText: "NAV:HOME/ar" }).first();
  await expect(entry.locator("tr:first-child td").nth(2)).toHaveText("تعديل");
  await expect(entry.locator("tr:first-child td").nth(3)).toHaveText("نص الواجهة");
  await expect(page.getByLabel("الكيان", { exact: true }).locator("option:checked")).toHaveText("نص الواجهة");
  // Left to right inside the right-to-left row: the date first, "UTC" last, as written.
  const positions = await entry.locator("time").evaluate((time) => {
    const text = time.firstChild!;
    const length = text.textContent!.length;
    const left = (start: number, end: number) => {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      return range.getBoundingClientRect().left;
    };
    return { date: left(0, 10), utc: left(length - 3, length) };
  });
  expect(positions.date).toBeLessThan(positions.utc);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("audit-ar.png"), fullPage: true });
});
