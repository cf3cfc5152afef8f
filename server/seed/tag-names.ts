/** The demo site's tag names per language (decision 0221): two tags, named in every language but English. */
import type { Transaction } from "kysely";
import { tagNameKey } from "#core/tags.ts";
import type { Database } from "#server/db/schema.ts";

export const SEED_TAG_NAMES: Record<string, Record<string, string>> = {
  careers: {
    "fr-FR": "Carrières",
    "es-ES": "Carreras",
    "de-DE": "Karriere",
    "pt-BR": "Carreiras",
    ar: "المهن",
    "ja-JP": "キャリア",
  },
  localisation: {
    "fr-FR": "Localisation",
    "es-ES": "Localización",
    "de-DE": "Lokalisierung",
    "pt-BR": "Localização",
    ar: "التوطين",
    "ja-JP": "ローカライズ",
  },
};

export async function seedTagNames(trx: Transaction<Database>, now: string): Promise<void> {
  const rows = Object.entries(SEED_TAG_NAMES).flatMap(([tag, names]) =>
    Object.entries(names).map(([code, name]) => ({
      tag_key: tag,
      code,
      name,
      name_key: tagNameKey(name),
      updated_at: now,
    })),
  );
  await trx.insertInto("tag_names").values(rows).execute();
}
