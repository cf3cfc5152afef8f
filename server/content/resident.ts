/**
 * The resident content: languages, UI strings, section names and the ROME
 * reference — small and bounded whatever the archive's size, loaded in one go
 * and replaced when one of them changes (`content.changed()` without an
 * argument, here or on another instance). Articles are not resident: they are
 * read on demand (articles.ts, docs/decisions/0030-content-on-demand.md).
 */
import type { Kysely } from "kysely";
import type { LanguageRef, SectionName } from "#core/types.ts";
import { isSectionKey } from "#core/page-names.ts";
import { foldForSearch } from "#core/text.ts";
import { fallbackOrder } from "#core/fallback.ts";
import type { Database } from "#server/db/schema.ts";

export interface Language extends LanguageRef {
  link: string;
  codeComponent: string;
  /** Its own fallback chain, as stored (language ids). */
  fallbacks: number[];
  /** Whether its article lists include articles found only in a fallback language. */
  listFallbackArticles: boolean;
}

export interface Job {
  code: string;
  ogr: number | null;
  domain: string;
  /** The official French label. */
  label: string;
  /** Labels admins added, by language code. */
  labels: Map<string, string>;
  /** Code and every label, folded for accent- and case-insensitive search. */
  searchText: string;
}

export interface Domain {
  letter: string;
  label: string;
}

export interface Resident {
  version: number;
  loadedAt: string;
  languages: Language[];
  /** Per language id, the enabled languages to borrow missing content from, in order (core/fallback.ts). */
  fallbackOrders: Map<number, Language[]>;
  translations: Map<string, Map<string, string>>;
  sectionNames: Map<string, SectionName[]>;
  jobs: Job[];
  jobsByCode: Map<string, Job>;
  domains: Domain[];
}

async function loadLanguages(db: Kysely<Database>): Promise<Language[]> {
  const rows = await db.selectFrom("languages").selectAll().orderBy("population", "desc").orderBy("id").execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    shortCode: row.short_code,
    welcome: row.welcome,
    label: row.label,
    population: row.population,
    enabled: row.enabled === 1,
    favorite: row.favorite === 1,
    dir: row.dir === "rtl" ? "rtl" : "ltr",
    link: row.link,
    codeComponent: row.code_component,
    fallbacks: parseFallbacks(row.fallbacks),
    listFallbackArticles: row.list_fallback_articles === 1,
  }));
}

/** A stored chain; anything unreadable (a manual edit) counts as no chain rather than breaking every page. */
export function parseFallbacks(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}

function fallbackOrdersOf(languages: Language[]): Map<number, Language[]> {
  return new Map(languages.map((language) => [language.id, fallbackOrder(language.id, languages)]));
}

async function loadTranslations(db: Kysely<Database>) {
  const rows = await db.selectFrom("translations").select(["code", "code_component", "label", "search"]).execute();
  const translations = new Map<string, Map<string, string>>();
  const sectionNames = new Map<string, SectionName[]>();
  for (const row of rows) {
    if (isSectionKey(row.code_component)) {
      const names = sectionNames.get(row.code) ?? [];
      names.push({ section: row.code_component, label: row.label, search: row.search });
      sectionNames.set(row.code, names);
      continue;
    }
    const strings = translations.get(row.code) ?? new Map<string, string>();
    strings.set(row.code_component, row.label);
    translations.set(row.code, strings);
  }
  return { translations, sectionNames };
}

async function loadJobs(db: Kysely<Database>) {
  const domains = await db.selectFrom("rome_domains").selectAll().orderBy("letter").execute();
  const rows = await db.selectFrom("rome_jobs").selectAll().orderBy("code").execute();
  const labelRows = await db.selectFrom("rome_labels").select(["rome_code", "code", "label"]).execute();
  const labels = new Map<string, Map<string, string>>();
  for (const row of labelRows) {
    const byLanguage = labels.get(row.rome_code) ?? new Map<string, string>();
    byLanguage.set(row.code, row.label);
    labels.set(row.rome_code, byLanguage);
  }
  const jobs: Job[] = rows.map((row) => {
    const jobLabels = labels.get(row.code) ?? new Map<string, string>();
    return {
      code: row.code,
      ogr: row.ogr,
      domain: row.domain,
      label: row.label,
      labels: jobLabels,
      searchText: foldForSearch([row.code, row.label, ...jobLabels.values()].join(" ")),
    };
  });
  return { domains, jobs, jobsByCode: new Map(jobs.map((job) => [job.code, job])) };
}

export async function loadResident(db: Kysely<Database>, previous: Resident | null = null): Promise<Resident> {
  const version = (previous?.version ?? 0) + 1;
  const [languages, { translations, sectionNames }, { domains, jobs, jobsByCode }] = await Promise.all([
    loadLanguages(db),
    loadTranslations(db),
    loadJobs(db),
  ]);
  return {
    version,
    loadedAt: new Date().toISOString(),
    languages,
    fallbackOrders: fallbackOrdersOf(languages),
    translations,
    sectionNames,
    jobs,
    jobsByCode,
    domains,
  };
}
