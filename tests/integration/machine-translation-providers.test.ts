/** The three adapters against the local stand-in (tests/fixtures/machine-translation): wire formats, codes, refusals. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#core/errors.ts";
import type { MachineTranslationConfig } from "#server/base/machine-translation-settings.ts";
import { startMachineTranslationStub, type MachineTranslationStub } from "#tests/fixtures/machine-translation/stub.ts";
import { machineTranslator } from "#server/admin/machine-translation/providers.ts";

let stub: MachineTranslationStub;
beforeAll(async () => {
  stub = await startMachineTranslationStub();
});
afterAll(() => stub.close());

const KEY = "zq-key-123";
const config = (provider: MachineTranslationConfig["provider"], timeoutMs = 5000): MachineTranslationConfig => ({
  provider,
  url: stub.url,
  key: provider === "libretranslate" ? null : KEY,
  timeoutMs,
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("machine translation adapters", () => {
  it("DeepL: POST /v2/translate with DeepL-Auth-Key, text[] and its language codes; translations[].text back", async () => {
    const translated = await machineTranslator(config("deepl")).translate(["Hello", "World"], "en-US", "pt-BR");
    expect(translated).toEqual(["[pt-br] Hello", "[pt-br] World"]);
    const sent = stub.requests.at(-1)!;
    expect(sent.path).toBe("/v2/translate");
    expect(sent.headers.authorization).toBe(`DeepL-Auth-Key ${KEY}`);
    expect(sent.body).toMatchObject({ text: ["Hello", "World"], source_lang: "EN", target_lang: "PT-BR" });
  });

  it("Google v2: POST /language/translate/v2?key=, q[], source, target, format text; data.translations[] back", async () => {
    const translated = await machineTranslator(config("google")).translate(["Hello"], "en-US", "zh-TW");
    expect(translated).toEqual(["[zh-tw] Hello"]);
    const sent = stub.requests.at(-1)!;
    expect(sent.path).toBe("/language/translate/v2");
    expect(sent.query.get("key")).toBe(KEY);
    expect(sent.body).toEqual({ q: ["Hello"], source: "en", target: "zh-TW", format: "text" });
  });

  it("LibreTranslate: POST /translate {q, source, target, format, api_key}; translatedText back", async () => {
    const translated = await machineTranslator({ ...config("libretranslate"), key: "lt" }).translate(
      ["Bonjour"],
      "fr-FR",
      "ar",
    );
    expect(translated).toEqual(["[ar] Bonjour"]);
    expect(stub.requests.at(-1)!.body).toEqual({
      q: ["Bonjour"],
      source: "fr",
      target: "ar",
      format: "text",
      api_key: "lt",
    });
  });

  it.each([
    ["stub:500", 502, "machine_translation_failed"],
    ["stub:busy", 503, "machine_translation_unavailable"],
    ["stub:json", 502, "machine_translation_failed"],
    ["stub:big", 502, "machine_translation_failed"],
    ["stub:short", 502, "machine_translation_failed"],
  ] as const)("%s is refused as %i %s, naming neither key nor address", async (text, status, code) => {
    const error = await refusal(
      machineTranslator(config("google"), 1024 * 1024).translate([text, "two"], "en-US", "fr-FR"),
    );
    expect(error.code).toBe(code);
    expect(error.kind).toBe(status === 502 ? "bad_gateway" : "unavailable");
    expect(error.message).not.toContain(KEY);
    expect(error.message).not.toContain(stub.url);
  });

  it("gives up on a silent provider at the deadline, and on one that cannot be reached", async () => {
    const started = performance.now();
    const slow = await refusal(machineTranslator(config("deepl", 300)).translate(["stub:slow"], "en-US", "fr-FR"));
    expect(slow.code).toBe("machine_translation_unavailable");
    expect(performance.now() - started).toBeLessThan(3000);
    const gone = await refusal(
      machineTranslator({ ...config("deepl"), url: "http://127.0.0.1:9" }).translate(["x"], "en-US", "fr-FR"),
    );
    expect(gone.code).toBe("machine_translation_unavailable");
  });
});
