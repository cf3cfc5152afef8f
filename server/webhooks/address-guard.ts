/**
 * Webhook endpoints may not be the site's own network (SSRF): an address that is loopback, private,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unspecified, multicast or reserved is
 * refused, unless WEBHOOKS_ALLOW_PRIVATE_ADDRESSES says otherwise (the tests' local receivers). A name is
 * checked when the endpoint is registered and again at every delivery, on the very addresses the connection
 * then uses (`guardedLookup`), so a name that later resolves elsewhere (DNS rebinding) is refused too.
 */
import { lookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from "node:dns";
import { BlockList, isIP } from "node:net";

const REFUSED: readonly [string, number, "ipv4" | "ipv6", string][] = [
  ["0.0.0.0", 8, "ipv4", "an unspecified address"],
  ["10.0.0.0", 8, "ipv4", "a private address"],
  ["100.64.0.0", 10, "ipv4", "a shared (carrier-grade NAT) address"],
  ["127.0.0.0", 8, "ipv4", "a loopback address"],
  ["169.254.0.0", 16, "ipv4", "a link-local address"],
  ["172.16.0.0", 12, "ipv4", "a private address"],
  ["192.0.0.0", 24, "ipv4", "a reserved address"],
  ["192.168.0.0", 16, "ipv4", "a private address"],
  ["198.18.0.0", 15, "ipv4", "a reserved address"],
  ["224.0.0.0", 3, "ipv4", "a multicast or reserved address"],
  ["::", 128, "ipv6", "an unspecified address"],
  ["::1", 128, "ipv6", "a loopback address"],
  ["64:ff9b:1::", 48, "ipv6", "a reserved address"],
  ["fc00::", 7, "ipv6", "a private address"],
  ["fe80::", 10, "ipv6", "a link-local address"],
  ["ff00::", 8, "ipv6", "a multicast address"],
];

const lists = REFUSED.map(([network, prefix, family, reason]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, reason };
});

function mappedIpv4(address: string): string | undefined {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Why `address` (an IP address) may not receive webhooks, or null when it may. */
export function refusedAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  // An IPv4 address inside IPv6 (::ffff:10.0.0.1, or ::ffff:a00:1 as URLs write it) is judged as the IPv4 address it is.
  const mapped = family === 6 ? mappedIpv4(address) : undefined;
  const [checked, type] = mapped
    ? [mapped, "ipv4" as const]
    : [address, family === 4 ? ("ipv4" as const) : ("ipv6" as const)];
  return lists.find(({ list, family: listFamily }) => listFamily === type && list.check(checked, type))?.reason ?? null;
}

/** A host name's refusal: an IP literal judged as it is, a name by every address it resolves to. */
export async function refusedHost(hostname: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return refusal(bare);
  const addresses = await new Promise<LookupAddress[] | Error>((resolve) =>
    lookup(bare, { all: true }, (error, found) => resolve(error ?? found)),
  );
  if (addresses instanceof Error)
    return `${bare} does not resolve (${(addresses as NodeJS.ErrnoException).code ?? addresses.message})`;
  for (const { address } of addresses) {
    const problem = refusal(address);
    if (problem) return `${bare} resolves to ${problem}`;
  }
  return null;
}

function refusal(address: string): string | null {
  const reason = refusedAddress(address);
  return reason && `${address}, ${reason}`;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses, instead of connecting to, an address `refusedAddress` names. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = allowPrivate ? undefined : addresses.find(({ address }) => refusedAddress(address) !== null);
      if (refused) {
        const problem = Object.assign(new Error(`${hostname} resolves to ${refusal(refused.address)}`), {
          code: "EADDRREFUSED",
        });
        return callback(problem, []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return first
        ? callback(null, first.address, first.family)
        : callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
    });
  };
}
