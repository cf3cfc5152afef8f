/**
 * Each delivery is signed (docs/api.md "Webhooks"): `Webhook-Signature: t=<unix seconds>,v1=<hex>`, where the
 * hex is HMAC-SHA256 keyed by the endpoint's secret over `<t>.<body>`. The time is inside what is signed, so a
 * receiver that refuses old times refuses replays.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Webhook-Signature";

export function signature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

/** What a receiver checks (the reference the docs' ten lines follow): the MAC, and a time within `toleranceSeconds`. */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const time = Number(parts.get("t"));
  const given = Buffer.from(parts.get("v1") ?? "", "hex");
  if (!Number.isInteger(time) || Math.abs(nowSeconds - time) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${time}.${body}`).digest("hex"), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
