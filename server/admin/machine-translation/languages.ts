/**
 * The site's language codes (BCP 47: "en-US", "pt-BR", "ar", "zh-Hant-TW") as each provider names its languages
 * (decision 0218). DeepL wants upper case, and a variant for English and Portuguese targets (EN-US/EN-GB,
 * PT-BR/PT-PT) and Chinese scripts (ZH-HANS/ZH-HANT), but a bare language as the source; Google v2 wants the bare
 * language but for Chinese (zh-CN, zh-TW) and European Portuguese (pt-PT); LibreTranslate the bare language
 * ("zt" for traditional Chinese).
 */
import type { MachineTranslationProvider } from "#server/base/machine-translation-settings.ts";

export type LanguageRole = "source" | "target";

interface Parts {
  language: string;
  script: string | null;
  region: string | null;
}

function partsOf(code: string): Parts {
  const [language = "", ...rest] = code.split(/[-_]/);
  const script = rest.find((part) => /^[A-Za-z]{4}$/.test(part)) ?? null;
  const region = rest.find((part) => /^([A-Za-z]{2}|\d{3})$/.test(part)) ?? null;
  return {
    language: language.toLowerCase(),
    script: script?.toLowerCase() ?? null,
    region: region?.toUpperCase() ?? null,
  };
}

/** Traditional characters: the Hant script, or a region that writes them. */
const traditional = ({ script, region }: Parts) =>
  script === "hant" || (script === null && (region === "TW" || region === "HK" || region === "MO"));

function deepl(parts: Parts, role: LanguageRole): string {
  const language = parts.language.toUpperCase();
  if (role === "source") return language;
  if (parts.language === "en") return parts.region === "GB" ? "EN-GB" : "EN-US";
  if (parts.language === "pt") return parts.region === "PT" ? "PT-PT" : "PT-BR";
  if (parts.language === "zh") return traditional(parts) ? "ZH-HANT" : "ZH-HANS";
  return language;
}

function google(parts: Parts): string {
  if (parts.language === "zh") return traditional(parts) ? "zh-TW" : "zh-CN";
  if (parts.language === "pt" && parts.region === "PT") return "pt-PT";
  return parts.language;
}

function libretranslate(parts: Parts): string {
  if (parts.language === "zh" && traditional(parts)) return "zt";
  return parts.language;
}

/** The provider's name of the site's language `code`, as a source or as a target. */
export function providerLanguage(provider: MachineTranslationProvider, code: string, role: LanguageRole): string {
  const parts = partsOf(code);
  if (provider === "deepl") return deepl(parts, role);
  return provider === "google" ? google(parts) : libretranslate(parts);
}
