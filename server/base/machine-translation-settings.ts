/**
 * The machine-translation settings (issue 45 item 7, decision 0218), part of config.ts's one reading of the
 * environment: which HTTP service suggests translations, where, with which key, and how long it may take. None
 * set: no provider, and the workbench shows no machine suggestion. The key is never put in a message or a log.
 */
import { z } from "zod";

export const MACHINE_TRANSLATION_PROVIDERS = ["deepl", "google", "libretranslate"] as const;
export type MachineTranslationProvider = (typeof MACHINE_TRANSLATION_PROVIDERS)[number];

/** Where each provider's API is unless MACHINE_TRANSLATION_URL says otherwise (LibreTranslate has no one place). */
const DEFAULT_URLS: Record<MachineTranslationProvider, string | null> = {
  deepl: "https://api.deepl.com",
  google: "https://translation.googleapis.com",
  libretranslate: null,
};

export interface MachineTranslationConfig {
  provider: MachineTranslationProvider;
  /** The API's base address, without a trailing slash: the adapter adds its path (/v2/translate, /translate…). */
  url: string;
  /** DeepL's and Google's key (required there), LibreTranslate's api_key (optional); never logged. */
  key: string | null;
  /** How long one request to the provider may take, in milliseconds. */
  timeoutMs: number;
}

/** The settings' shapes, merged into config.ts's schema. */
export const machineTranslationEnv = {
  MACHINE_TRANSLATION_PROVIDER: z
    .enum(MACHINE_TRANSLATION_PROVIDERS, { error: 'must be "deepl", "google" or "libretranslate"' })
    .optional(),
  MACHINE_TRANSLATION_URL: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value), "must be an absolute URL like https://api-free.deepl.com")
    .transform((value) => new URL(value))
    .refine((url) => url.protocol === "http:" || url.protocol === "https:", "must start with http:// or https://")
    .refine((url) => !url.search && !url.hash && !url.username && !url.password, "must have no query, fragment or user")
    .optional(),
  // The value is never echoed: a message names the setting and what is wrong with it only.
  MACHINE_TRANSLATION_KEY: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .max(1000, "must be at most 1000 characters")
    .optional(),
  MACHINE_TRANSLATION_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(1, "must be between 1 and 60 seconds")
    .max(60, "must be between 1 and 60 seconds")
    .default(10),
};

interface MachineTranslationSettings {
  MACHINE_TRANSLATION_PROVIDER?: MachineTranslationProvider | undefined;
  MACHINE_TRANSLATION_URL?: URL | undefined;
  MACHINE_TRANSLATION_KEY?: string | undefined;
  MACHINE_TRANSLATION_TIMEOUT_SECONDS: number;
}

/** The provider the settings name, or null; what is missing or contradictory goes into `problems`. */
export function machineTranslationOf(
  settings: MachineTranslationSettings,
  problems: string[],
): MachineTranslationConfig | null {
  const provider = settings.MACHINE_TRANSLATION_PROVIDER;
  const key = settings.MACHINE_TRANSLATION_KEY ?? null;
  if (provider === undefined) {
    if (settings.MACHINE_TRANSLATION_URL || key !== null)
      problems.push(
        "MACHINE_TRANSLATION_PROVIDER: must be set (deepl, google or libretranslate) when MACHINE_TRANSLATION_URL or MACHINE_TRANSLATION_KEY is",
      );
    return null;
  }
  // DeepL's free plan has keys ending in ":fx" and an API of its own.
  const free = provider === "deepl" && key?.endsWith(":fx") ? "https://api-free.deepl.com" : null;
  const url = settings.MACHINE_TRANSLATION_URL?.href ?? free ?? DEFAULT_URLS[provider];
  if (url === null) {
    problems.push(`MACHINE_TRANSLATION_URL: must be set for ${provider} (the address of its server)`);
    return null;
  }
  if (key === null && provider !== "libretranslate") {
    problems.push(`MACHINE_TRANSLATION_KEY: must be set for ${provider} (its API key)`);
    return null;
  }
  return {
    provider,
    url: url.replace(/\/+$/, ""),
    key,
    timeoutMs: settings.MACHINE_TRANSLATION_TIMEOUT_SECONDS * 1000,
  };
}
