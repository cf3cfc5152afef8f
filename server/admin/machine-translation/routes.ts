/** Admin API: machine suggestions for the workbench's segments (decision 0218; docs/api.md "Machine translation"). */
import { languageCodeParam } from "#core/admin/translations/schema.ts";
import {
  machineTranslationInput,
  machineTranslationResponse,
  MAX_MACHINE_REQUEST_CHARS,
} from "#core/admin/machine-translation/schema.ts";
import { need } from "#core/auth/endpoint-access.ts";
import { actorUid } from "#server/admin/actor.ts";
import { endpoint, type AdminEndpoint } from "#server/admin/endpoint.ts";
import type { Answer } from "#server/http/openapi.ts";
import { RATE_PER_MINUTE, suggestTranslations } from "./service.ts";

export const machineTranslationEndpoints: readonly AdminEndpoint[] = [
  endpoint({
    method: "POST",
    path: "/machine-translation/:code",
    access: need("translate", { param: "code" }),
    // 20 000 characters, each up to 6 bytes once JSON escapes it, with room for the fields around them.
    bodyLimit: { maxBytes: MAX_MACHINE_REQUEST_CHARS * 6 + 4096 },
    tag: "Machine translation",
    summary: 'Machine suggestions for up to 10 segments, into the language :code (marked "machine"; nothing is stored)',
    params: { code: languageCodeParam },
    body: machineTranslationInput,
    success: {
      status: 200,
      description: "{ provider, suggestions }: one per segment, in order, each with its quality checks",
      schema: machineTranslationResponse,
    },
    otherResponses: {
      400: "A language the site does not have, the same language twice, or too many segments or characters.",
      404: "No machine translation service is configured (`machine_translation_off`).",
      429: `More than ${RATE_PER_MINUTE} requests a minute from this person.`,
      502: "The service answered an error or an unreadable answer (`machine_translation_failed`).",
      503: "The service did not answer in time, could not be reached, or is busy (`machine_translation_unavailable`).",
    },
    handle: async (c, { params: { code }, body }, { services }) =>
      c.json(
        (await suggestTranslations(services, actorUid(c), code, body)) satisfies Answer<
          typeof machineTranslationResponse
        >,
      ),
  }),
];
