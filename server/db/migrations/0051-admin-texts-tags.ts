import { sql, type Kysely } from "kysely";
import { withNamesSince0036 } from "#server/db/names-before-0036.ts";
import { addMissingAdminTexts } from "./0014-admin-texts.ts";

/** The admin texts of the tag names screen and the exchange of tags' names and jobs' labels (decision 0221), frozen as they were when this migration was written. */
const ADDED_KEYS: ReadonlySet<string> = new Set([
  "admin.audit_entity.tag_names",
  "admin.exchange.what_jobs",
  "admin.exchange.what_tags",
  "admin.nav.tags",
  "admin.tags.articles",
  "admin.tags.caption",
  "admin.tags.failed",
  "admin.tags.intro",
  "admin.tags.language",
  "admin.tags.more",
  "admin.tags.name",
  "admin.tags.name_of",
  "admin.tags.none",
  "admin.tags.removed",
  "admin.tags.save_button",
  "admin.tags.saved",
  "admin.tags.search",
  "admin.tags.show_button",
  "admin.tags.tag",
  "admin.tags.title",
]);

/** "All" of an export now carries tags and jobs too: the shipped text says so where nobody changed it. */
const WHAT_ALL: Record<string, [before: string, after: string]> = {
  "en-US": ["UI strings and articles", "Everything: UI strings, articles, tags and job labels"],
  "fr-FR": ["Textes d’interface et articles", "Tout : textes d’interface, articles, étiquettes et métiers"],
  "es-ES": ["Textos de interfaz y artículos", "Todo: textos de interfaz, artículos, etiquetas y empleos"],
  "de-DE": ["Oberflächentexte und Artikel", "Alles: Oberflächentexte, Artikel, Schlagwörter und Berufe"],
  "pt-BR": ["Textos de interface e artigos", "Tudo: textos de interface, artigos, etiquetas e empregos"],
  ar: ["نصوص الواجهة والمقالات", "الكل: نصوص الواجهة والمقالات والوسوم والوظائف"],
  "ja-JP": ["UI テキストと記事", "すべて: UI テキスト、記事、タグ、職業名"],
};

/** Those texts for databases migrated before they existed, as 0047 (decision 0102): only these keys. */
export const adminTextsTagsMigration = {
  async up(db: Kysely<unknown>) {
    await addMissingAdminTexts(withNamesSince0036(db), (key) => ADDED_KEYS.has(key));
    for (const [code, [before, after]] of Object.entries(WHAT_ALL))
      await sql`update translations set label = ${after} where code_component = 'admin.exchange.what_all' and code = ${code} and label = ${before}`.execute(
        db,
      );
  },
  // As 0014: added texts cannot be told from texts admins wrote since.
  async down() {},
};
