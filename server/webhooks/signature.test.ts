import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signature, verifySignature } from "./signature.ts";

describe("webhook signatures", () => {
  const secret = "whsec_test";
  const body = '{"id":"e1","event":"media.uploaded"}';

  it("is an HMAC-SHA256 over the time and the body, as the docs say to check it", () => {
    const header = signature(secret, body, 1_800_000_000);
    expect(header).toBe(`t=1800000000,v1=${createHmac("sha256", secret).update(`1800000000.${body}`).digest("hex")}`);
    expect(verifySignature(secret, body, header, 1_800_000_100)).toBe(true);
  });

  it("fails for another secret, another body, a changed time, an old time or a malformed header", () => {
    const header = signature(secret, body, 1_800_000_000);
    expect(verifySignature("whsec_other", body, header, 1_800_000_000)).toBe(false);
    expect(verifySignature(secret, `${body} `, header, 1_800_000_000)).toBe(false);
    expect(verifySignature(secret, body, header.replace("t=1800000000", "t=1800000001"), 1_800_000_000)).toBe(false);
    expect(verifySignature(secret, body, header, 1_800_000_000 + 301)).toBe(false);
    for (const malformed of ["", "t=x,v1=zz", "v1=00", "t=1800000000"])
      expect(verifySignature(secret, body, malformed, 1_800_000_000)).toBe(false);
  });
});
