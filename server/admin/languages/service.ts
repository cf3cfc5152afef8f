/**
 * Languages admin (docs/product.md §3, §7): list, add, edit, choose the favorite (deleting one: deletion.ts).
 * Every write runs in one transaction that also keeps the derived data
 * consistent (the language's link, its HOME entry, its entries' code and
 * short code) and records the audit entry; the resident content reloads after.
 */
import type { Transaction } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import type { DialectName } from "#server/db/connect.ts";
import { homePath, sectionPath } from "#core/paths.ts";
import type { Database, LanguageRow, LanguageUpdate } from "#server/db/schema.ts";
import { conflict, invalid, notFound } from "#core/errors.ts";
import { entityTag, requireCurrent, type Preconditions } from "#server/http/preconditions.ts";
import { recordAudit } from "#server/audit/record.ts";
import { writeContent } from "#server/admin/content-write.ts";
import { findPageNameClash, pageNamesOf } from "#core/page-names.ts";
import { fallbackChainProblems } from "#core/fallback.ts";
import { parseFallbacks } from "#server/content/resident.ts";
import { sectionNamesOf } from "#server/admin/translations/service.ts";
import type {
  AdminLanguage,
  TaggedAdminLanguage,
  LanguagePatch,
  NewLanguageInput,
} from "#core/admin/languages/schema.ts";

export const LANGUAGE_ENTITY = "language";

export function toAdminLanguage(row: LanguageRow): AdminLanguage {
  return {
    id: row.id,
    code: row.code,
    shortCode: row.short_code,
    label: row.label,
    welcome: row.welcome,
    link: row.link,
    population: row.population,
    enabled: row.enabled === 1,
    favorite: row.favorite === 1,
    dir: row.dir,
    codeComponent: row.code_component,
    fallbacks: parseFallbacks(row.fallbacks),
    listFallbackArticles: row.list_fallback_articles === 1,
  };
}

/** Refuses a fallback chain that names the language itself, an unknown language, one twice, or makes a loop (400 naming it). */
function assertValidFallbacks(languages: LanguageRow[], id: number, chain: number[]) {
  const problems = fallbackChainProblems(
    id,
    chain,
    languages.map((language) => ({
      id: language.id,
      code: language.code,
      enabled: language.enabled === 1,
      fallbacks: parseFallbacks(language.fallbacks),
    })),
  );
  if (problems.length > 0) {
    throw invalid(
      "invalid_fallbacks",
      `fallbacks: ${problems.map((problem) => problem.message).join(" ")}`,
      "fallbacks",
    );
  }
}

/** The translation key naming a language (its `code_component`). */
function languageKey(code: string): string {
  return `LANGUAGE:${code}`;
}

type Trx = Transaction<Database>;

/** Locks the language rows a write reads (PostgreSQL; SQLite runs one write transaction at a time). */
export async function lockedLanguages(trx: Trx, dialect: DialectName): Promise<LanguageRow[]> {
  return trx
    .selectFrom("languages")
    .selectAll()
    .$if(dialect === "postgres", (query) => query.forUpdate())
    .execute();
}

function assertUnique(others: LanguageRow[], input: { code?: string; shortCode?: string }) {
  if (input.code !== undefined && others.some((other) => other.code.toLowerCase() === input.code!.toLowerCase())) {
    throw conflict("code_taken", `code: another language already uses ${input.code}.`, "code");
  }
  if (
    input.shortCode !== undefined &&
    others.some((other) => other.short_code.toLowerCase() === input.shortCode!.toLowerCase())
  ) {
    throw conflict("short_code_taken", `shortCode: another language already uses "${input.shortCode}".`, "shortCode");
  }
}

async function assertWelcomeFree(trx: Trx, code: string, welcome: string) {
  const clash = findPageNameClash(pageNamesOf(welcome, await sectionNamesOf(trx, code)), "HOME");
  if (clash) {
    throw conflict(
      "page_name_taken",
      `welcome: "${clash.name}" is already the ${clash.takenBy} page name in this language.`,
      "welcome",
    );
  }
}

/** Points the language's entries (HOME and its sections) at its short code and welcome; returns its home link. */
async function refreshLinks(trx: Trx, code: string, shortCode: string, welcome: string): Promise<string> {
  const link = homePath({ shortCode, welcome });
  await trx.updateTable("translations").set({ short_code: shortCode }).where("code", "=", code).execute();
  await trx
    .updateTable("translations")
    .set({ label: welcome, link })
    .where("code", "=", code)
    .where("code_component", "=", "HOME")
    .execute();
  for (const section of await sectionNamesOf(trx, code)) {
    await trx
      .updateTable("translations")
      .set({ link: sectionPath(shortCode, section.label) })
      .where("code", "=", code)
      .where("code_component", "=", section.section)
      .execute();
  }
  return link;
}

/**
 * The language a write names, as it is now, checked against the ETag the write was made from
 * (decision 0151): 404 when there is none, 428/412 when the write's copy is not the current one.
 */
export function currentLanguage(languages: LanguageRow[], id: number, preconditions: Preconditions): LanguageRow {
  const language = languages.find((candidate) => candidate.id === id);
  if (!language) throw notFound("not_found", `No language with id ${id}.`);
  requireCurrent(preconditions, toAdminLanguage(language), `language ${language.code}`);
  return language;
}

/** Every language, enabled or not, most speakers first (the picker's order), each with the ETag its own GET answers. */
export async function listLanguages(services: AdminServices): Promise<TaggedAdminLanguage[]> {
  const rows = await services.database.db
    .selectFrom("languages")
    .selectAll()
    .orderBy("population", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => {
    const language = toAdminLanguage(row);
    return { ...language, etag: entityTag(language) };
  });
}

/** One language (null when there is none). */
export async function findLanguage(services: AdminServices, id: number): Promise<AdminLanguage | null> {
  const row = await services.database.db.selectFrom("languages").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toAdminLanguage(row) : null;
}

export async function addLanguage(
  services: AdminServices,
  uid: string,
  input: NewLanguageInput,
): Promise<AdminLanguage> {
  return writeContent(services, async (trx) => {
    assertUnique(await lockedLanguages(trx, services.database.dialect), input);
    // Strings kept from a deleted language with this tag come back with it: its welcome must not clash with their section names.
    await assertWelcomeFree(trx, input.code, input.welcome);
    const link = homePath({ shortCode: input.shortCode, welcome: input.welcome });
    const row = await trx
      .insertInto("languages")
      .values({
        code: input.code,
        short_code: input.shortCode,
        label: input.label,
        welcome: input.welcome,
        link,
        population: input.population,
        enabled: input.enabled ? 1 : 0,
        favorite: 0,
        code_component: languageKey(input.code),
        dir: input.dir,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("translations")
      .values({
        code: row.code,
        code_component: "HOME",
        label: row.welcome,
        search: null,
        link,
        short_code: row.short_code,
      })
      .execute();
    await refreshLinks(trx, row.code, row.short_code, row.welcome);
    const language = toAdminLanguage(row);
    await recordAudit(trx, {
      uid,
      action: "create",
      entity: LANGUAGE_ENTITY,
      entityId: String(row.id),
      after: language,
    });
    return language;
  });
}

export async function updateLanguage(
  services: AdminServices,
  uid: string,
  id: number,
  patch: LanguagePatch,
  preconditions: Preconditions,
): Promise<AdminLanguage> {
  return writeContent(services, async (trx) => {
    const languages = await lockedLanguages(trx, services.database.dialect);
    const before = currentLanguage(languages, id, preconditions);
    const changes: LanguageUpdate = {};
    if (patch.code !== undefined && patch.code !== before.code) changes.code = patch.code;
    if (patch.shortCode !== undefined && patch.shortCode !== before.short_code) changes.short_code = patch.shortCode;
    if (patch.label !== undefined) changes.label = patch.label;
    if (patch.welcome !== undefined) changes.welcome = patch.welcome;
    if (patch.population !== undefined) changes.population = patch.population;
    if (patch.dir !== undefined) changes.dir = patch.dir;
    if (patch.enabled !== undefined) changes.enabled = patch.enabled ? 1 : 0;
    if (patch.fallbacks !== undefined) {
      assertValidFallbacks(languages, id, patch.fallbacks);
      changes.fallbacks = JSON.stringify(patch.fallbacks);
    }
    if (patch.listFallbackArticles !== undefined) changes.list_fallback_articles = patch.listFallbackArticles ? 1 : 0;

    assertUnique(
      languages.filter((language) => language.id !== id),
      { code: changes.code, shortCode: changes.short_code },
    );
    if (changes.enabled === 0 && before.favorite === 1) {
      throw conflict(
        "favorite_cannot_be_disabled",
        "enabled: the favorite language cannot be disabled; make another language the favorite first.",
        "enabled",
      );
    }
    const code = changes.code ?? before.code;
    const shortCode = changes.short_code ?? before.short_code;
    const welcome = changes.welcome ?? before.welcome;
    if (changes.welcome !== undefined) await assertWelcomeFree(trx, before.code, welcome);

    if (changes.code !== undefined) {
      changes.code_component = languageKey(code);
      // Everything stored per language follows its code.
      await trx.updateTable("translations").set({ code }).where("code", "=", before.code).execute();
      await trx.updateTable("article_versions").set({ code }).where("code", "=", before.code).execute();
      await trx.updateTable("rome_labels").set({ code }).where("code", "=", before.code).execute();
    }
    if (changes.short_code !== undefined || changes.welcome !== undefined)
      changes.link = await refreshLinks(trx, code, shortCode, welcome);

    const after = await trx
      .updateTable("languages")
      .set(changes)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const language = toAdminLanguage(after);
    const previous = toAdminLanguage(before);
    if (JSON.stringify(previous) !== JSON.stringify(language)) {
      await recordAudit(trx, {
        uid,
        action: "update",
        entity: LANGUAGE_ENTITY,
        entityId: String(id),
        before: previous,
        after: language,
      });
    }
    return language;
  });
}

/** Makes one language the favorite (the default); exactly one language is the favorite afterwards. */
export async function makeFavoriteLanguage(
  services: AdminServices,
  uid: string,
  id: number,
  preconditions: Preconditions,
): Promise<AdminLanguage> {
  return writeContent(services, async (trx) => {
    const languages = await lockedLanguages(trx, services.database.dialect);
    const chosen = currentLanguage(languages, id, preconditions);
    if (chosen.enabled === 0) {
      throw conflict(
        "language_disabled",
        `${chosen.label} is disabled; enable it before making it the favorite.`,
        "favorite",
      );
    }
    const previous = languages.filter((language) => language.favorite === 1);
    await trx.updateTable("languages").set({ favorite: 0 }).where("id", "!=", id).where("favorite", "=", 1).execute();
    const after = await trx
      .updateTable("languages")
      .set({ favorite: 1 })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (previous.length !== 1 || previous[0]!.id !== id) {
      await recordAudit(trx, {
        uid,
        action: "make_favorite",
        entity: LANGUAGE_ENTITY,
        entityId: String(id),
        before: { favorite: previous.map((language) => language.code) },
        after: { favorite: [after.code] },
      });
    }
    return toAdminLanguage(after);
  });
}
