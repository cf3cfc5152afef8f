import { describe, expect, it } from "vitest";
import { hostName, isLoopbackHost } from "./host-names.ts";

describe("hostName", () => {
  it.each([
    ["press.example", "press.example"],
    ["Press.Example:8080", "press.example"],
    ["press.example.", "press.example"],
    ["127.0.0.1:3000", "127.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["[::1]:3000", "[::1]"],
    ["[0:0:0:0:0:0:0:1]", "[::1]"],
    ["my_app:3000", "my_app"],
  ])("reads %s as %s", (value, name) => {
    expect(hostName(value)).toBe(name);
  });

  it.each([
    "",
    "evil.example@press.example",
    "press.example/path",
    "press.example?x",
    "loc%61lhost",
    "press example",
    "press.example:99999",
    "[::1",
    "press.example:3000:1",
  ])("refuses %j", (value) => {
    expect(hostName(value)).toBeNull();
  });
});

describe("isLoopbackHost", () => {
  it.each(["localhost", "LOCALHOST", "localhost.", "127.0.0.1", "127.1.2.3", "127.255.255.255", "[::1]"])(
    "treats %s as loopback",
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );
  it.each([
    "press.example",
    "128.0.0.1",
    "10.0.0.1",
    "0.0.0.0",
    "127.0.0.256",
    "127.0.0.1.example",
    "localhost.example",
    "[::2]",
    "[::ffff:8.8.8.8]",
  ])("treats %s as public", (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
  it("agrees with the URL parser's spelling of shorthand addresses", () => {
    expect(isLoopbackHost(new URL("http://127.1:3000").hostname)).toBe(true);
    expect(isLoopbackHost(new URL("http://[0:0:0:0:0:0:0:1]/").hostname)).toBe(true);
  });
});
