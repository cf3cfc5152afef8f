/**
 * Which site a request names (docs/decisions/0149-hosts-origins-and-logged-secrets.md).
 * The site is PUBLIC_URL, reached under its own host name, the names
 * ALLOWED_HOSTS adds and, only when PUBLIC_URL is itself a loopback address,
 * every loopback name. A request whose Host (and, behind TRUST_PROXY,
 * X-Forwarded-Host) gives any other name is refused before any handler: a
 * DNS-rebinding page, an attacker's name resolving to this server, reaches
 * nothing. The port is not compared: the request reached this server's port
 * whatever it says, and proxies often leave it out. A write's Origin must be
 * PUBLIC_URL's scheme and port under one of those names: what a request says
 * about its own host decides nothing.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { Config } from "#server/base/config.ts";
import { hostName, isLoopbackHost } from "#server/base/host-names.ts";
import { rawPathAndQuery } from "./request-guard.ts";

/**
 * Answered whatever the Host: orchestrators probe with the address they dialled
 * (`Host: 10.1.2.3:3000`), and these read no session and change nothing.
 */
const PROBE_PATHS = ["/healthz", "/readyz"];
/** How a browser on this machine names it, as URL.hostname spells them. */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];
/** Of a refused Host, this much is repeated in the answer. */
const QUOTED_HOST_LENGTH = 100;

export interface HostRefusal {
  status: 400 | 421;
  code: "bad_host" | "unknown_host";
  message: string;
}

export interface SiteHosts {
  /** Origins of the site's pages: PUBLIC_URL's, and its scheme and port under each other name of the site. */
  origins: ReadonlySet<string>;
  /** Why a request (its raw target and headers) does not name this site, or null when it does. */
  refusal(target: string, headers: IncomingHttpHeaders): HostRefusal | null;
  /**
   * Where a request that reached our https site over plain http is sent (the same target on PUBLIC_URL),
   * or null: only behind TRUST_PROXY, whose last X-Forwarded-Proto says how the browser came.
   */
  httpsRedirect(target: string, headers: IncomingHttpHeaders): string | null;
}

type HostSettings = Pick<Config, "publicUrl" | "allowedHosts" | "trustProxy" | "metrics">;

export function siteHosts(config: HostSettings): SiteHosts {
  const publicUrl = new URL(config.publicUrl);
  const ownName = hostName(publicUrl.host) ?? publicUrl.hostname;
  const loopback = isLoopbackHost(ownName);
  const names = new Set([ownName, ...config.allowedHosts, ...(loopback ? LOOPBACK_NAMES : [])]);
  const port = publicUrl.port === "" ? "" : `:${publicUrl.port}`;
  const origins = new Set([...names].map((name) => `${publicUrl.protocol}//${name}${port}`));
  // /metrics on the site's port is guarded by its bearer token, and Prometheus scrapes an address too.
  const anyHostPaths = new Set([...PROBE_PATHS, ...(config.metrics.token ? ["/metrics"] : [])]);

  const problem = (header: string, value: string | undefined): HostRefusal | null => {
    const name = value === undefined ? null : hostName(value);
    if (name !== null && (names.has(name) || (loopback && isLoopbackHost(name)))) return null;
    const quoted = JSON.stringify((value ?? "").slice(0, QUOTED_HOST_LENGTH));
    if (name === null) {
      const what = value === undefined ? "is missing" : `${quoted} is not a host name`;
      return {
        status: 400,
        code: "bad_host",
        message: `The ${header} header ${what}: name this site, ${config.publicUrl}.`,
      };
    }
    return {
      status: 421,
      code: "unknown_host",
      message: `This server does not answer for the host ${quoted} (${header}): it serves ${config.publicUrl}. If the site is meant to be reached under that name too, its operator can add it to ALLOWED_HOSTS.`,
    };
  };

  return {
    origins,
    refusal(target, headers) {
      if (anyHostPaths.has(rawPathAndQuery(target).path)) return null;
      const hostProblem = problem("Host", headers.host);
      if (hostProblem || !config.trustProxy) return hostProblem;
      // Behind our proxy the name the browser used may be here instead; the last entry is the one our proxy wrote.
      const forwarded = headers["x-forwarded-host"];
      return forwarded === undefined ? null : problem("X-Forwarded-Host", String(forwarded).split(",").at(-1)!.trim());
    },
    httpsRedirect(target, headers) {
      if (!config.trustProxy || publicUrl.protocol !== "https:" || anyHostPaths.has(rawPathAndQuery(target).path))
        return null;
      const proto = headers["x-forwarded-proto"];
      const came = proto === undefined ? null : String(proto).split(",").at(-1)!.trim().toLowerCase();
      return came === "http" ? `${publicUrl.origin}${target}` : null;
    },
  };
}
