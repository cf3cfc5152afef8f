/**
 * Machine suggestions for a translator's segments (issue 45 item 7, decision 0218): checked and bounded here, sent
 * to the configured provider with their Markdown structure kept out of its reach, and answered with the quality
 * checks of each suggestion. Nothing is stored: a suggestion reaches the translation only when the translator takes
 * it, and the text only through their save. Each person may ask RATE_PER_MINUTE times a minute, and the process
 * sends at most MAX_IN_FLIGHT requests at once: beyond either, a refusal, never a queue.
 */
import type { MachineTranslationAnswer, MachineTranslationInput } from "#core/admin/machine-translation/schema.ts";
import { AppError, notFound, tooMany, unavailable } from "#core/errors.ts";
import { segmentProblems } from "#core/segments/checks.ts";
import { languagePair } from "#server/admin/glossary/service.ts";
import type { MachineTranslationConfig } from "#server/base/machine-translation-settings.ts";
import type { AppServices } from "#server/content/context.ts";
import { createRateLimiter, type RateLimiter } from "#server/http/rate-limit.ts";
import { protectMarkdown, restoreMarkdown } from "./markup.ts";
import { machineTranslator, type MachineTranslator } from "./providers.ts";

/** Requests one person may make per minute (a segment at a time while translating is well under it). */
export const RATE_PER_MINUTE = 60;
/** Requests to the provider one process has on their way at once. */
export const MAX_IN_FLIGHT = 4;

interface Gate {
  translator: MachineTranslator;
  perPerson: RateLimiter;
  inFlight: number;
}

/** One translator, limiter and count per configuration (per process: each test app has its own). */
const gates = new WeakMap<MachineTranslationConfig, Gate>();

function gateOf(config: MachineTranslationConfig): Gate {
  let gate = gates.get(config);
  if (!gate) {
    gate = {
      translator: machineTranslator(config),
      perPerson: createRateLimiter({ limit: RATE_PER_MINUTE, windowMs: 60_000 }),
      inFlight: 0,
    };
    gates.set(config, gate);
  }
  return gate;
}

export async function suggestTranslations(
  services: AppServices,
  uid: string,
  to: string,
  input: MachineTranslationInput,
): Promise<MachineTranslationAnswer> {
  const config = services.config.machineTranslation;
  if (config === null)
    throw notFound(
      "machine_translation_off",
      "No machine translation service is configured on this site (MACHINE_TRANSLATION_PROVIDER).",
    );
  const [source, target] = await languagePair(services, input.from, to);
  const gate = gateOf(config);
  const decision = await gate.perPerson.hit(uid);
  if (!decision.allowed)
    throw tooMany("rate_limited", `At most ${RATE_PER_MINUTE} machine translation requests a minute; try again later.`);
  if (gate.inFlight >= MAX_IN_FLIGHT)
    throw unavailable("machine_translation_unavailable", "The machine translation service is busy; try again later.");
  const sent = input.segments.map((segment) => protectMarkdown(segment.text));
  gate.inFlight += 1;
  let answers: string[];
  try {
    answers = await gate.translator.translate(
      sent.map((part) => part.text),
      source,
      target,
    );
  } catch (error) {
    // The provider's trouble, logged without the key or the address (which may hold it).
    if (error instanceof AppError) services.log.warn({ provider: config.provider, code: error.code }, error.message);
    throw error;
  } finally {
    gate.inFlight -= 1;
  }
  return {
    provider: config.provider,
    suggestions: input.segments.map((segment, index) => {
      const text = restoreMarkdown(answers[index]!, sent[index]!.kept);
      return { text, origin: "machine", problems: segmentProblems(segment.text, text, segment.kind) };
    }),
  };
}
