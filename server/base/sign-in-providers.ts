/**
 * When the built-in development identity provider stands in for a provider
 * (docs/product.md §6): the provider has no credentials, and either DEV_LOGIN=on or
 * DEV_LOGIN=auto with a loopback PUBLIC_URL. Never on a public address by default.
 */
import type { Config } from "#server/base/config.ts";
import { isLoopbackHost } from "#server/base/host-names.ts";

export type ProviderName = "google" | "github";
export const PROVIDER_NAMES: readonly ProviderName[] = ["google", "github"];

export function usesDevLogin(config: Config, provider: ProviderName): boolean {
  if (config[provider].client) return false;
  if (config.devLogin === "on") return true;
  return config.devLogin === "auto" && isLoopbackHost(new URL(config.publicUrl).hostname);
}

/** Whether the provider's button can sign anybody in: real credentials or the development provider. */
export function signInAvailable(config: Config, provider: ProviderName): boolean {
  return config[provider].client !== null || usesDevLogin(config, provider);
}
