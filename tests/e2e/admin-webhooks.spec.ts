/**
 * /admin/webhooks (decision 0196): an admin adds an endpoint (a receiver this spec starts), sees its secret once,
 * a change of a UI string reaches the receiver signed, the delivery shows in the log and is sent again on request;
 * the endpoint is paused and deleted. axe finds nothing on the screen with its secret and log open; Arabic too.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import { expect, test } from "@playwright/test";
import { verifySignature } from "#server/webhooks/signature.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { adminPut, signInAsAdmin } from "./support/admin-session.ts";
import { setVisitorLanguage } from "./support/visitor-language.ts";

test.describe.configure({ mode: "serial" });

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    received.push({ headers: request.headers, body });
    response.writeHead(200, { "content-type": "text/plain" }).end("thanks");
  });
});
let url = "";

test.beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test.beforeEach(async ({ context }) => {
  await signInAsAdmin(context);
});

test("add an endpoint, receive a signed event, read the log, redeliver, pause and delete", async ({ page }) => {
  await page.goto("/admin/webhooks");
  await page.getByLabel("URL").fill(url);
  await page.getByLabel("Description").fill("Partner index");
  await page.getByRole("checkbox", { name: /UI strings change/ }).check();
  await page.getByRole("button", { name: "Add endpoint" }).click();

  const secretPanel = page.getByRole("status").filter({ hasText: "Signing secret of" });
  await expect(secretPanel).toContainText(url);
  const secret = (await secretPanel.locator("code").textContent())!;
  expect(secret).toMatch(/^whsec_/);
  const row = page.getByRole("row", { name: new RegExp(url) });
  await expect(row).toContainText("Partner index");
  await expect(row).toContainText("Active");
  await expectNoAxeViolations(page);

  // A UI string changes (and changes back): each change is an event.
  const path = "/api/admin/translations/admin.webhooks.none/fr-FR";
  const before = ((await (await page.request.get(path)).json()) as { cell: { label: string } }).cell.label;
  await adminPut(page, path, { label: `${before} !` });
  await adminPut(page, path, { label: before });
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
  for (const delivery of received) {
    expect(delivery.headers["webhook-event"]).toBe("strings.changed");
    expect(
      verifySignature(
        secret,
        delivery.body,
        String(delivery.headers["webhook-signature"]),
        Math.floor(Date.now() / 1000),
      ),
    ).toBe(true);
  }

  await row.getByRole("button", { name: `Deliveries to ${url}` }).click();
  const log = page.getByRole("table", { name: `Latest deliveries to ${url}` });
  await expect(log.getByRole("row", { name: /Delivered/ })).toHaveCount(2);
  await expect(log).toContainText("thanks");
  await expectNoAxeViolations(page);
  await log
    .getByRole("button", { name: /Redeliver/ })
    .first()
    .click();
  await expect(page.getByText("The event will be sent again.")).toBeVisible();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(3);
  // The same event again (its Webhook-Id), not a new one.
  expect([received[0]!.headers["webhook-id"], received[1]!.headers["webhook-id"]]).toContain(
    received[2]!.headers["webhook-id"],
  );

  await row.getByRole("button", { name: `Pause ${url}` }).click();
  await expect(row).toContainText("Paused");
  await row.getByRole("button", { name: `Delete ${url}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Delete the endpoint ${url}`);
  await dialog.getByRole("button", { name: `Delete ${url}` }).click();
  await expect(page.getByRole("row", { name: new RegExp(url) })).toHaveCount(0);
  await expect(page.getByText("No endpoint yet.")).toBeVisible();
});

test("in Arabic, right to left", async ({ context, page }) => {
  await setVisitorLanguage(context, "ar");
  await page.goto("/admin/webhooks");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("خطافات الويب");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.screenshot({ path: "/tmp/shots/admin-webhooks-ar.png", fullPage: true });
  await expectNoAxeViolations(page);
});
