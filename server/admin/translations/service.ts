/**
 * Translations admin (docs/product.md §4, §7): the key × language grid with completeness, one-cell upserts and
 * deletions, new keys. Section names (ARTICLES, JOBS, SEARCH, TAGS) are page names and follow the URL rules; HOME is
 * the language's welcome and changes only with the language.
 */
import { enqueueWebhookEvent } from "#server/webhooks/outbox.ts";
import { inScope, pickLanguages, stringsReading } from "#core/auth/reading.ts";
import type { Grant } from "#core/auth/roles.ts";
import type { Kysely, Transaction } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import type { DialectName } from "#server/db/connect.ts";
import { sectionPath } from "#core/paths.ts";
import type { SectionKey, SectionName } from "#core/types.ts";
import type { Database, LanguageRow } from "#server/db/schema.ts";
import { conflict, invalid, notFound } from "#core/errors.ts";
import { entityTag, requireCurrent, type Preconditions } from "#server/http/preconditions.ts";
import { recordAudit } from "#server/audit/record.ts";
import { rememberString } from "#server/memory/units.ts";
import { writeContent } from "#server/admin/content-write.ts";
import { messageProblems } from "#core/i18n/message.ts";
import { findPageNameClash, isSectionKey, pageNameProblem, pageNamesOf, SECTION_KEYS } from "#core/page-names.ts";
import { ADMIN_SOURCE } from "#server/admin/i18n/source.ts";
import type {
  Completeness,
  KeyedTranslationCell,
  NewTranslationKeyInput,
  TaggedTranslationCell,
  TranslationCell,
  TranslationCellInput,
  TranslationRow,
  TranslationsView,
} from "#core/admin/translations/schema.ts";

const TRANSLATION_ENTITY = "translation";
/** Sections named by a translation entry (HOME's name is the language's welcome). */
const NAMED_SECTIONS = SECTION_KEYS.filter((key): key is Exclude<SectionKey, "HOME"> => key !== "HOME");

/** The section names of a language other than HOME (ARTICLES, JOBS, SEARCH, TAGS), as the router reads them. */
export async function sectionNamesOf(
  db: Kysely<Database> | Transaction<Database>,
  code: string,
): Promise<SectionName[]> {
  const rows = await db
    .selectFrom("translations")
    .select(["code_component", "label", "search"])
    .where("code", "=", code)
    .where("code_component", "in", NAMED_SECTIONS)
    .execute();
  return rows.flatMap((row) =>
    isSectionKey(row.code_component) ? [{ section: row.code_component, label: row.label, search: row.search }] : [],
  );
}

/** Section keys first (HOME, ARTICLES, JOBS), then the others in code-unit order (locale-independent). */
function compareKeys(a: string, b: string): number {
  const rank = (key: string) => {
    const index = (SECTION_KEYS as readonly string[]).indexOf(key);
    return index === -1 ? SECTION_KEYS.length : index;
  };
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

function completenessOf(keys: TranslationRow[], code: string): Completeness {
  const translated = keys.filter((row) => row.labels[code] !== null).length;
  const total = keys.length;
  // Rounded down: 99.6 % is not complete.
  return { translated, total, percent: total === 0 ? 100 : Math.floor((translated * 100) / total) };
}

function cellEntityId(key: string, code: string): string {
  return `${key}/${code}`;
}

/** The language of a cell, locked for the write (PostgreSQL) so page-name checks and writes do not interleave. */
async function lockedLanguage(trx: Transaction<Database>, dialect: DialectName, code: string): Promise<LanguageRow> {
  const language = await trx
    .selectFrom("languages")
    .selectAll()
    .where("code", "=", code)
    .$if(dialect === "postgres", (query) => query.forUpdate())
    .executeTakeFirst();
  if (!language) throw notFound("unknown_language", `No language with code ${code}.`, "code");
  return language;
}

/**
 * A key the site has: a section name, a key with a text in some language, or an
 * admin string of the code's catalog (an existing database may hold none of its
 * texts yet, decision 0076). New keys are added with POST, not by writing a cell.
 */
async function assertKnownKey(trx: Transaction<Database>, key: string): Promise<void> {
  if (isSectionKey(key) || ADMIN_SOURCE.has(key)) return;
  const stored = await trx.selectFrom("translations").select("id").where("code_component", "=", key).executeTakeFirst();
  if (!stored)
    throw notFound("unknown_key", `key: there is no translation key ${key}; add it as a new key first.`, "key");
}

async function findCell(trx: Kysely<Database> | Transaction<Database>, key: string, code: string) {
  return trx
    .selectFrom("translations")
    .select(["label", "search", "link"])
    .where("code", "=", code)
    .where("code_component", "=", key)
    .executeTakeFirst();
}

/** A grid cell with the ETag of the cell's own representation (decision 0151). */
function taggedCell(key: string, code: string, cell: TranslationCell): TaggedTranslationCell {
  const keyed: KeyedTranslationCell = { key, code, label: cell.label, search: cell.search };
  return { label: cell.label, search: cell.search, etag: entityTag(keyed) };
}

/** One cell (null when the language has no text for the key). */
export async function findTranslation(
  services: AdminServices,
  key: string,
  code: string,
): Promise<KeyedTranslationCell | null> {
  const stored = await findCell(services.database.db, key, code);
  return stored ? { key, code, label: stored.label, search: stored.search } : null;
}

/** A section name must be a valid page name that no other section of the language answers to. */
async function assertSectionName(
  trx: Transaction<Database>,
  language: LanguageRow,
  section: SectionKey,
  cell: TranslationCell,
) {
  const labelProblem = pageNameProblem(cell.label);
  if (labelProblem !== null) throw invalid("invalid_field", `label: a page name ${labelProblem}.`, "label");
  const searchProblem = cell.search === null ? null : pageNameProblem(cell.search);
  if (searchProblem !== null) throw invalid("invalid_field", `search: a page name ${searchProblem}.`, "search");
  const names = (await sectionNamesOf(trx, language.code)).filter((entry) => entry.section !== section);
  names.push({ section, label: cell.label, search: cell.search });
  const clash = findPageNameClash(pageNamesOf(language.welcome, names), section);
  if (clash) {
    const field = clash.name === cell.label ? "label" : "search";
    throw conflict(
      "page_name_taken",
      `${field}: "${clash.name}" is already the ${clash.takenBy} page name in ${language.code}.`,
      field,
    );
  }
}

/**
 * A UI string is an ICU message (decision 0070): it must parse, use only the
 * arguments of the source string (the favorite language's, same key) and give
 * every plural category of its language. Section names are page names, not messages.
 */
async function assertValidMessage(
  trx: Transaction<Database>,
  key: string,
  code: string,
  text: string,
  field: string,
  sourceText?: string,
) {
  const source = await trx.selectFrom("languages").select("code").where("favorite", "=", 1).executeTakeFirst();
  let sourceMessage: { text: string; locale: string } | undefined;
  if (source && source.code !== code) {
    const stored = sourceText === undefined ? (await findCell(trx, key, source.code))?.label : sourceText;
    if (stored !== undefined) sourceMessage = { text: stored, locale: source.code };
  }
  const problems = messageProblems(text, code, sourceMessage);
  if (problems.length > 0) {
    throw invalid("invalid_message", `${field}: ${problems.map((problem) => problem.message).join(" ")}`, field);
  }
}

/** The grid as `reader` may read it (decision 0147): a translator's languages and the favorite one (the source), no other. */
export function translationsViewAsReadBy(reader: Grant | null, view: TranslationsView): TranslationsView {
  const scope = stringsReading(reader, view.languages.find((language) => language.favorite)?.code);
  if (scope === "all") return view;
  return {
    languages: view.languages.filter((language) => inScope(scope, language.code)),
    keys: view.keys.map((row) => ({ ...row, labels: pickLanguages(scope, row.labels) })),
    completeness: pickLanguages(scope, view.completeness),
  };
}

export async function translationsView(services: AdminServices): Promise<TranslationsView> {
  const { db } = services.database;
  const languageRows = await db
    .selectFrom("languages")
    .selectAll()
    .orderBy("population", "desc")
    .orderBy("id")
    .execute();
  const known = new Set(languageRows.map((language) => language.code));
  const cells = await db.selectFrom("translations").select(["code", "code_component", "label", "search"]).execute();
  const byKey = new Map<string, Record<string, TaggedTranslationCell | null>>();
  for (const cell of cells) {
    if (!known.has(cell.code)) continue; // left over from a removed language
    let labels = byKey.get(cell.code_component);
    if (!labels) {
      labels = Object.fromEntries(languageRows.map((language) => [language.code, null]));
      byKey.set(cell.code_component, labels);
    }
    labels[cell.code] = taggedCell(cell.code_component, cell.code, cell);
  }
  const keys = [...byKey.keys()].sort(compareKeys).map((key) => ({ key, labels: byKey.get(key)! }));
  return {
    languages: languageRows.map((language) => ({
      code: language.code,
      shortCode: language.short_code,
      label: language.label,
      dir: language.dir,
      enabled: language.enabled === 1,
      favorite: language.favorite === 1,
    })),
    keys,
    completeness: Object.fromEntries(
      languageRows.map((language) => [language.code, completenessOf(keys, language.code)]),
    ),
  };
}

/**
 * Creates or replaces one cell from the screen: If-Match names the cell's ETag, or If-None-Match: * creates
 * a text the language does not have yet (decision 0151). The language row locked by `writeTranslation` serialises the
 * writers of its cells, so the check holds until the write commits. A save of the same text tells no page, CDN or webhook.
 */
export async function putTranslation(
  services: AdminServices,
  uid: string,
  key: string,
  code: string,
  input: TranslationCellInput,
  preconditions: Preconditions,
): Promise<KeyedTranslationCell> {
  const { cell } = await writeContent(
    services,
    async (trx) => {
      const written = await writeTranslation(trx, services.database.dialect, uid, key, code, input, preconditions);
      if (written.changed) await enqueueWebhookEvent(trx, "strings.changed", { language: code, keys: [key] });
      return written;
    },
    { changedContent: (written) => written.changed },
  );
  return cell;
}

/**
 * Creates or replaces one cell inside the caller's transaction (a cell edit, or one change of an import); says whether
 * its text (label or alternative spelling) changed: a save of the same text is audited, announced and told as nothing.
 */
export async function writeTranslation(
  trx: Transaction<Database>,
  dialect: DialectName,
  uid: string,
  key: string,
  code: string,
  input: TranslationCellInput,
  preconditions: Preconditions,
): Promise<{ cell: KeyedTranslationCell; changed: boolean }> {
  if (key === "HOME") {
    throw invalid(
      "read_only_key",
      "key: HOME is the language's welcome page name; change it on the Languages screen.",
      "key",
    );
  }
  const language = await lockedLanguage(trx, dialect, code);
  await assertKnownKey(trx, key);
  const existing = await findCell(trx, key, code);
  requireCurrent(
    preconditions,
    existing ? { key, code, label: existing.label, search: existing.search } : null,
    `the ${code} text of ${key}`,
  );
  const isSection = isSectionKey(key);
  if (!isSection && input.search !== undefined && input.search !== null) {
    throw invalid(
      "invalid_field",
      `search: only the section page names (${NAMED_SECTIONS.join(", ")}) have an alternative spelling.`,
      "search",
    );
  }
  // An absent search keeps the current one.
  const cell: TranslationCell = {
    label: input.label,
    search: input.search === undefined ? (existing?.search ?? null) : input.search,
  };
  if (isSection) await assertSectionName(trx, language, key, cell);
  else await assertValidMessage(trx, key, code, cell.label, "label");
  const link = isSection ? sectionPath(language.short_code, cell.label) : (existing?.link ?? null);
  if (existing) {
    await trx
      .updateTable("translations")
      .set({ label: cell.label, search: cell.search, link, short_code: language.short_code })
      .where("code", "=", code)
      .where("code_component", "=", key)
      .execute();
  } else {
    await trx
      .insertInto("translations")
      .values({
        code,
        code_component: key,
        label: cell.label,
        search: cell.search,
        link,
        short_code: language.short_code,
      })
      .execute();
  }
  await rememberString(trx, key, code, cell.label, new Date().toISOString());
  const before = existing ? { label: existing.label, search: existing.search } : null;
  const changed = before === null || before.label !== cell.label || before.search !== cell.search;
  if (changed) {
    await recordAudit(trx, {
      uid,
      action: existing ? "update" : "create",
      entity: TRANSLATION_ENTITY,
      entityId: cellEntityId(key, code),
      before: before ?? undefined,
      after: cell,
    });
  }
  return { cell: { key, code, ...cell }, changed };
}

export async function removeTranslation(
  services: AdminServices,
  uid: string,
  key: string,
  code: string,
  preconditions: Preconditions,
): Promise<void> {
  await writeContent(services, async (trx) => {
    const language = await lockedLanguage(trx, services.database.dialect, code);
    if (key === "HOME") {
      throw conflict("section_name_required", "HOME is the language's welcome page name and cannot be removed.", "key");
    }
    if (isSectionKey(key) && language.enabled === 1) {
      throw conflict(
        "section_name_required",
        `${key} names a section of ${code}, which is enabled: change the name instead, or disable the language first.`,
        "key",
      );
    }
    const existing = await findCell(trx, key, code);
    if (!existing) throw notFound("not_found", `${code} has no translation of ${key}.`);
    requireCurrent(
      preconditions,
      { key, code, label: existing.label, search: existing.search },
      `the ${code} text of ${key}`,
    );
    await trx.deleteFrom("translations").where("code", "=", code).where("code_component", "=", key).execute();
    await recordAudit(trx, {
      uid,
      action: "delete",
      entity: TRANSLATION_ENTITY,
      entityId: cellEntityId(key, code),
      before: { label: existing.label, search: existing.search },
    });
    await enqueueWebhookEvent(trx, "strings.changed", { language: code, keys: [key] });
  });
}

/** Adds a key with its first translations. */
export async function addTranslationKey(
  services: AdminServices,
  uid: string,
  input: NewTranslationKeyInput,
): Promise<TranslationRow> {
  const labels = input.labels;
  if (isSectionKey(input.key)) throw conflict("key_exists", `key: ${input.key} is a built-in section key.`, "key");
  return writeContent(services, async (trx) => {
    const taken = await trx
      .selectFrom("translations")
      .select("id")
      .where("code_component", "=", input.key)
      .executeTakeFirst();
    if (taken) throw conflict("key_exists", `key: ${input.key} already exists; edit its cells instead.`, "key");
    const languages = await trx.selectFrom("languages").select(["code", "short_code", "favorite"]).execute();
    const sourceText = labels[languages.find((language) => language.favorite === 1)?.code ?? ""];
    const row: TranslationRow = {
      key: input.key,
      labels: Object.fromEntries(languages.map((language) => [language.code, null])),
    };
    for (const [code, label] of Object.entries(labels)) {
      const language = languages.find((candidate) => candidate.code === code);
      if (!language)
        throw invalid("invalid_field", `labels.${code}: there is no language with this code.`, `labels.${code}`);
      await assertValidMessage(trx, input.key, code, label, `labels.${code}`, sourceText);
      await trx
        .insertInto("translations")
        .values({ code, code_component: input.key, label, search: null, link: null, short_code: language.short_code })
        .execute();
      row.labels[code] = taggedCell(input.key, code, { label, search: null });
    }
    await recordAudit(trx, { uid, action: "create", entity: TRANSLATION_ENTITY, entityId: input.key, after: labels });
    for (const code of Object.keys(labels))
      await enqueueWebhookEvent(trx, "strings.changed", { language: code, keys: [input.key] });
    return row;
  });
}
