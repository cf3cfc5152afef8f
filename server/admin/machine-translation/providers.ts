/**
 * Machine translation over HTTP (issue 45 item 7, decision 0218): one interface, three adapters speaking the real
 * wire formats — DeepL API (POST /v2/translate), Google Cloud Translation v2 (POST /language/translate/v2) and
 * LibreTranslate (POST /translate). Every request has a deadline (MACHINE_TRANSLATION_TIMEOUT_SECONDS, the answer's
 * body included) and an answer is read up to MAX_ANSWER_BYTES. A provider's error, an unreadable answer or one of
 * the wrong size is a 502 (`machine_translation_failed`); no answer in time, no connection, or the provider saying
 * it is busy or out of quota is a 503 (`machine_translation_unavailable`). Neither message names the key or the
 * address (Google's key is in its query string).
 */
import { AppError, badGateway, unavailable } from "#core/errors.ts";
import type { MachineTranslationConfig } from "#server/base/machine-translation-settings.ts";
import { providerLanguage } from "./languages.ts";

/** An answer longer than this is not read: four times the largest request's text, with room for JSON's escapes. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

export interface MachineTranslator {
  readonly provider: MachineTranslationConfig["provider"];
  /** The texts in the target language, one per text, in order; `from` and `to` are the site's language codes. */
  translate(texts: readonly string[], from: string, to: string): Promise<string[]>;
}

interface WireRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

interface Adapter {
  request(config: MachineTranslationConfig, texts: readonly string[], from: string, to: string): WireRequest;
  /** The translations the answer holds, in order, or null when it is not the provider's answer shape. */
  read(answer: unknown): unknown[] | null;
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const list = (value: unknown): unknown[] | null => (Array.isArray(value) ? value : null);

const ADAPTERS: Record<MachineTranslationConfig["provider"], Adapter> = {
  deepl: {
    request: (config, texts, from, to) => ({
      url: `${config.url}/v2/translate`,
      headers: { Authorization: `DeepL-Auth-Key ${config.key ?? ""}` },
      body: {
        text: texts,
        source_lang: providerLanguage("deepl", from, "source"),
        target_lang: providerLanguage("deepl", to, "target"),
        // Line breaks inside a segment (a table row, a list item's lines) are kept as they are.
        split_sentences: "nonewlines",
        preserve_formatting: true,
      },
    }),
    read: (answer) => list(record(answer)?.translations)?.map((item) => record(item)?.text) ?? null,
  },
  google: {
    request: (config, texts, from, to) => ({
      url: `${config.url}/language/translate/v2?key=${encodeURIComponent(config.key ?? "")}`,
      headers: {},
      body: {
        q: texts,
        source: providerLanguage("google", from, "source"),
        target: providerLanguage("google", to, "target"),
        format: "text",
      },
    }),
    read: (answer) =>
      list(record(record(answer)?.data)?.translations)?.map((item) => record(item)?.translatedText) ?? null,
  },
  libretranslate: {
    request: (config, texts, from, to) => ({
      url: `${config.url}/translate`,
      headers: {},
      body: {
        q: texts,
        source: providerLanguage("libretranslate", from, "source"),
        target: providerLanguage("libretranslate", to, "target"),
        format: "text",
        ...(config.key !== null && { api_key: config.key }),
      },
    }),
    // An array of texts answers an array of translations.
    read: (answer) => list(record(answer)?.translatedText),
  },
};

const failed = (provider: string, why: string) =>
  badGateway("machine_translation_failed", `The machine translation service (${provider}) ${why}.`);
const silent = (provider: string, why: string) =>
  unavailable(
    "machine_translation_unavailable",
    `The machine translation service (${provider}) ${why}; try again later.`,
  );

/** The body's bytes, up to `max`; more is refused without reading the rest. */
async function boundedBody(response: Response, max: number, provider: string): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > max) {
    await response.body?.cancel();
    throw failed(provider, `answered more than ${max} bytes`);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw failed(provider, `answered more than ${max} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}

/** Whether a status says "later": rate limited, out of quota (DeepL's 456), or the service down for now. */
const busyStatus = (status: number) => status === 429 || status === 456 || status === 503 || status === 504;

async function post(wire: WireRequest, config: MachineTranslationConfig, maxBytes: number): Promise<unknown> {
  const { provider } = config;
  const signal = AbortSignal.timeout(config.timeoutMs);
  let text: string;
  try {
    const response = await fetch(wire.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...wire.headers },
      body: JSON.stringify(wire.body),
      redirect: "error",
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel();
      if (busyStatus(response.status)) throw silent(provider, `is busy or out of quota (HTTP ${response.status})`);
      throw failed(provider, `refused the request (HTTP ${response.status})`);
    }
    text = await boundedBody(response, maxBytes, provider);
  } catch (error) {
    if (signal.aborted) throw silent(provider, `did not answer within ${config.timeoutMs / 1000} s`);
    if (error instanceof AppError) throw error;
    throw silent(provider, "could not be reached");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw failed(provider, "answered something that is not JSON");
  }
}

/** The translator for the settings' provider. */
export function machineTranslator(
  config: MachineTranslationConfig,
  maxAnswerBytes: number = MAX_ANSWER_BYTES,
): MachineTranslator {
  const adapter = ADAPTERS[config.provider];
  return {
    provider: config.provider,
    async translate(texts, from, to) {
      if (texts.length === 0) return [];
      const answer = await post(adapter.request(config, texts, from, to), config, maxAnswerBytes);
      const translations = adapter.read(answer);
      if (translations === null) throw failed(config.provider, "answered in an unknown shape");
      if (translations.length !== texts.length)
        throw failed(config.provider, `answered ${translations.length} translations for ${texts.length} texts`);
      if (!translations.every((item): item is string => typeof item === "string"))
        throw failed(config.provider, "answered a translation that is not a text");
      return translations;
    },
  };
}
