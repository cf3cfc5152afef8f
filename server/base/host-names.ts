/**
 * Host names as the URL parser spells them (lowercase, IPv6 in brackets,
 * shorthand addresses expanded): what a Host header, ALLOWED_HOSTS and
 * PUBLIC_URL are compared by. Imports nothing, so config.ts can use it.
 */

/** A Host value: a name or IPv4 address, or an IPv6 address in brackets, then perhaps a port; no user info, path or percent-encoding. */
const HOST_VALUE = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::\d{1,5})?$/i;

/** The host name of a Host value (`Press.Example.:8080` → `press.example`), or null when it is not a plain host. */
export function hostName(value: string): string | null {
  if (!HOST_VALUE.test(value) || !URL.canParse(`http://${value}`)) return null;
  return new URL(`http://${value}`).hostname.replace(/\.$/, "");
}

/** localhost, 127.0.0.0/8 and [::1], as URL.hostname spells them. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host === "[::1]") return true;
  const octets = host.split(".");
  return (
    octets.length === 4 &&
    octets[0] === "127" &&
    octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) <= 255)
  );
}
