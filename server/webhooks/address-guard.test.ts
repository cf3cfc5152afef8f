import { describe, expect, it } from "vitest";
import { refusedAddress, refusedHost } from "./address-guard.ts";

describe("refusedAddress", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.255.0.9", "a loopback address"],
    ["10.0.0.1", "a private address"],
    ["172.16.5.4", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.168.1.1", "a private address"],
    ["169.254.169.254", "a link-local address"],
    ["100.64.0.1", "a shared (carrier-grade NAT) address"],
    ["0.0.0.0", "an unspecified address"],
    ["224.0.0.1", "a multicast or reserved address"],
    ["255.255.255.255", "a multicast or reserved address"],
    ["::1", "a loopback address"],
    ["::", "an unspecified address"],
    ["fd12:3456::1", "a private address"],
    ["fe80::1", "a link-local address"],
    ["ff02::1", "a multicast address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:c0a8:101", "a private address"],
    ["::ffff:a9fe:a9fe", "a link-local address"],
  ])("refuses %s: %s", (address, reason) => {
    expect(refusedAddress(address)).toBe(reason);
  });

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:808:808"])(
    "allows the public address %s",
    (address) => {
      expect(refusedAddress(address)).toBeNull();
    },
  );

  it("names what is not an address", () => {
    expect(refusedAddress("example.com")).toBe("not an IP address");
  });
});

describe("refusedHost", () => {
  it("judges IP literals as they are, bracketed IPv6 too, and names resolved by every address", async () => {
    expect(await refusedHost("127.0.0.1", false)).toBe("127.0.0.1, a loopback address");
    expect(await refusedHost("[::1]", false)).toBe("::1, a loopback address");
    expect(await refusedHost("localhost", false)).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback address$/,
    );
    expect(await refusedHost("no-such-host.invalid", false)).toMatch(/^no-such-host\.invalid does not resolve/);
    expect(await refusedHost("8.8.8.8", false)).toBeNull();
  });

  it("allows everything when the setting says so", async () => {
    expect(await refusedHost("127.0.0.1", true)).toBeNull();
  });
});
