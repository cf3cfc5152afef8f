/**
 * Export and import of UI strings as XLIFF 2.0 or gettext PO (decision 0071)
 * and of article translations, tags' names and jobs' labels as XLIFF 2.0 (decisions 0073, 0221), shared by the
 * admin API and `npm run translations`. An import is planned in
 * full first (what would change, what is unknown, what is invalid); only a plan
 * without problems is applied, in one transaction, each change audited like a
 * cell edit and the import itself audited once.
 */
import { enqueueWebhookEvent } from "#server/webhooks/outbox.ts";
import type { Kysely } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import { argumentNames, messageProblems, parseMessage, pluralCategoriesOf, usesPlural } from "#core/i18n/message.ts";
import { isSectionKey } from "#core/page-names.ts";
import {
  translationText,
  type ExchangeContents,
  type ExchangeFormat,
  type ImportReport,
  type ImportRequest,
} from "#core/admin/translations/schema.ts";
import type { Database, LanguageRow } from "#server/db/schema.ts";
import { conflict, invalid, notFound } from "#core/errors.ts";
import { recordAudit } from "#server/audit/record.ts";
import { writeContent } from "#server/admin/content-write.ts";
import { writeTranslation } from "#server/admin/translations/service.ts";
import {
  ARTICLE_REPORT_PREFIX,
  EXTRA_PARTS,
  FILE_EXTENSIONS,
  partReportKey,
  FileRefused,
  MEDIA_TYPES,
  type ExchangeDocument,
  type StringUnit,
} from "./document.ts";
import { writePo } from "./po.ts";
import type { ExchangeFileSource } from "./read.ts";
import { streamXliff } from "./xliff.ts";
import { applyArticles, articleUnitPages, planArticles, type ArticleWrite } from "./articles.ts";
import { applyParts, jobUnits, planJobs, planTags, tagUnits, type PartWrite } from "./parts.ts";
import { tagNamesChange } from "#server/admin/tags/service.ts";
import { jobsChange } from "#server/admin/romes/service.ts";
import { UNCONDITIONAL } from "#server/http/preconditions.ts";

/** What the importer may do: the admin API passes the signed-in person's role (decision 0072); the command line may all. */
export interface ImportAccess {
  /** Throws (403) unless the importer may translate this language. */
  authorize: (code: string) => Promise<void>;
  mayPublish: (code: string) => boolean;
}
const EVERYTHING: ImportAccess = { authorize: async () => {}, mayPublish: () => true };

export const IMPORT_ENTITY = "translation_import";

export type ImportOptions = Omit<ImportRequest, "content">;

function noteFor(source: string, targetLanguage: string): string | undefined {
  const parsed = parseMessage(source);
  if (!parsed.ok) return undefined;
  const names = argumentNames(parsed.elements);
  if (names.length === 0) return undefined;
  const plural = usesPlural(parsed.elements)
    ? ` Plurals in ${targetLanguage} need the categories ${pluralCategoriesOf(targetLanguage).join(", ")}.`
    : "";
  return `ICU message with ${names.map((name) => `{${name}}`).join(", ")}.${plural}`;
}

/** A language by code (fr-FR) or short code (fr), case-insensitively. */
async function findLanguage(db: Kysely<Database>, reference: string): Promise<LanguageRow | undefined> {
  const wanted = reference.trim().toLowerCase();
  const languages = await db.selectFrom("languages").selectAll().execute();
  return (
    languages.find((language) => language.code.toLowerCase() === wanted) ??
    languages.find((language) => language.short_code.toLowerCase() === wanted)
  );
}

async function sourceLanguage(db: Kysely<Database>): Promise<LanguageRow> {
  const favorite = await db.selectFrom("languages").selectAll().where("favorite", "=", 1).executeTakeFirst();
  if (!favorite)
    throw conflict(
      "no_source_language",
      "No language is the favorite, so there is no source language to translate from.",
    );
  return favorite;
}

/** Every UI string (not the section page names) of a language, by key. */
async function stringsOf(db: Kysely<Database>, code: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("translations")
    .select(["code_component", "label"])
    .where("code", "=", code)
    .execute();
  return new Map(rows.filter((row) => !isSectionKey(row.code_component)).map((row) => [row.code_component, row.label]));
}

/** The UI strings part of the file: every key of the source language, with the target's text where it has one. */
async function stringsDocument(
  db: Kysely<Database>,
  source: LanguageRow,
  target: LanguageRow,
  what: ExchangeContents,
): Promise<ExchangeDocument> {
  const parts = {
    ...(what === "tags" || what === "all" ? { tags: await tagUnits(db, source.code, target.code) } : {}),
    ...(what === "jobs" || what === "all" ? { jobs: await jobUnits(db, source.code, target.code) } : {}),
  };
  if (what !== "strings" && what !== "all")
    return { sourceLanguage: source.code, targetLanguage: target.code, units: [], ...parts };
  const [sources, targets] = await Promise.all([stringsOf(db, source.code), stringsOf(db, target.code)]);
  const keys = [...sources.keys()].sort();
  const units = keys.map((key): StringUnit => {
    const text = sources.get(key)!;
    const translated = targets.get(key) ?? null;
    const note = noteFor(text, target.code);
    return {
      key,
      source: text,
      target: translated,
      state: translated === null ? "initial" : "translated",
      ...(note ? { note } : {}),
    };
  });
  return { sourceLanguage: source.code, targetLanguage: target.code, units, ...parts };
}

interface Plan {
  report: ImportReport;
  target: LanguageRow | null;
  articles: ArticleWrite[];
  tags: PartWrite[];
  jobs: PartWrite[];
}

async function planImport(
  db: Kysely<Database>,
  file: ExchangeFileSource,
  options: ImportOptions,
  access: ImportAccess,
): Promise<Plan> {
  const declared = await file.declared();
  const target = await findLanguage(db, declared.targetLanguage);
  if (!target) {
    const report: ImportReport = {
      format: declared.format,
      language: declared.targetLanguage,
      changes: [],
      unchanged: 0,
      untranslated: 0,
      unknown: [],
      fuzzy: [],
      problems: [],
      refusal: null,
      applied: false,
    };
    report.refusal = `The file's target language ${declared.targetLanguage} is not a language of this site.`;
    return { report, target: null, articles: [], tags: [], jobs: [] };
  }
  // Before even reading the whole file (decision 0142): a translator learns nothing about another
  // language's content, and cannot make the server parse a file for a language that is not theirs.
  await access.authorize(target.code);
  const { format, document, fuzzy } = await file.read(declared.targetLanguage);
  const report: ImportReport = {
    format,
    language: target.code,
    changes: [],
    unchanged: 0,
    untranslated: 0,
    unknown: [],
    fuzzy,
    problems: [],
    refusal: null,
    applied: false,
  };
  const source = await sourceLanguage(db);
  const [sources, current] = await Promise.all([stringsOf(db, source.code), stringsOf(db, target.code)]);
  const knownKeys = new Set(
    (await db.selectFrom("translations").select("code_component").distinct().execute()).map(
      (row) => row.code_component,
    ),
  );
  for (const unit of document.units) {
    if (isSectionKey(unit.key) || !knownKeys.has(unit.key)) {
      report.unknown.push(unit.key);
      continue;
    }
    if (unit.target === null) {
      report.untranslated += 1;
      continue;
    }
    const checked = translationText.safeParse(unit.target);
    if (!checked.success) {
      report.problems.push({ key: unit.key, message: `The translation ${checked.error.issues[0]!.message}.` });
      continue;
    }
    const after = checked.data;
    const sourceText = sources.get(unit.key);
    const problems = messageProblems(
      after,
      target.code,
      target.code === source.code || sourceText === undefined ? undefined : { text: sourceText, locale: source.code },
    );
    if (problems.length > 0) {
      report.problems.push({ key: unit.key, message: problems.map((problem) => problem.message).join(" ") });
      continue;
    }
    const before = current.get(unit.key) ?? null;
    if (before === after) report.unchanged += 1;
    else report.changes.push({ key: unit.key, before, after });
  }
  const articles = document.articles
    ? await planArticles(db, document.articles, target.code, access.mayPublish(target.code), report)
    : [];
  const tags = document.tags ? await planTags(db, document.tags, target.code, report) : [];
  const jobs = document.jobs ? await planJobs(db, document.jobs, target.code, report) : [];
  if (report.problems.length > 0) {
    report.refusal = `${report.problems.length} translation${report.problems.length === 1 ? " is" : "s are"} not valid; nothing was imported.`;
  } else if (report.unknown.length > 0 && !options.skipUnknown) {
    report.refusal = `${report.unknown.length} key${report.unknown.length === 1 ? " is" : "s are"} not on this site (${report.unknown.slice(0, 5).join(", ")}${report.unknown.length > 5 ? ", …" : ""}); nothing was imported. Import again skipping unknown keys to apply the rest.`;
  }
  return { report, target, articles, tags, jobs };
}

const FILE_NAMES: Record<ExchangeContents, string> = {
  strings: "ui-strings",
  articles: "articles",
  tags: "tag-names",
  jobs: "job-labels",
  all: "translations",
};

/** The file as pieces of text: article translations are read and written a page of articles at a time. */
export async function exportTranslations(
  services: AdminServices,
  languageReference: string,
  format: ExchangeFormat,
  what: ExchangeContents,
  exporter: string,
): Promise<{ filename: string; mediaType: string; body: AsyncIterable<string> }> {
  const { db } = services.database;
  if (format === "po" && what !== "strings")
    throw invalid(
      "invalid_field",
      "what: articles, tags and jobs are exchanged as XLIFF only; choose format=xliff",
      "what",
    );
  const target = await findLanguage(db, languageReference);
  if (!target) throw notFound("unknown_language", `No language with code ${languageReference}.`, "lang");
  const source = await sourceLanguage(db);
  const document = await stringsDocument(db, source, target, what);
  const articlePages =
    what === "articles" || what === "all" ? articleUnitPages(db, source.code, target.code) : noPages();
  return {
    filename: `${FILE_NAMES[what]}.${target.code}.${FILE_EXTENSIONS[format]}`,
    mediaType: MEDIA_TYPES[format],
    body:
      format === "xliff"
        ? streamXliff(document, articlePages)
        : onePiece(
            writePo(document, { revisionDate: new Date(), lastTranslator: exporter, languageTeam: target.label }),
          ),
  };
}

/** A report key of a UI string: not an article's, a tag's or a job's (those are lower case and prefixed). */
function isStringKey(key: string): boolean {
  return !key.startsWith(ARTICLE_REPORT_PREFIX) && !EXTRA_PARTS.some((part) => key.startsWith(partReportKey(part, "")));
}

async function* noPages(): AsyncGenerator<StringUnit[]> {}

async function* onePiece(text: string): AsyncGenerator<string> {
  yield text;
}

/**
 * Plans an import and, unless it is a dry run or refused, applies it.
 * A file that cannot be read at all is an `invalid` refusal (400) naming the problem.
 */
export async function importTranslations(
  services: AdminServices,
  uid: string,
  file: ExchangeFileSource,
  options: ImportOptions,
  access: ImportAccess = EVERYTHING,
): Promise<ImportReport> {
  let planned: Plan;
  try {
    planned = await planImport(services.database.db, file, options, access);
  } catch (error) {
    if (error instanceof FileRefused) throw invalid("invalid_file", error.message, "file");
    throw error;
  }
  const { report, target, articles, tags, jobs } = planned;
  if (report.refusal !== null || options.dryRun || target === null || report.changes.length === 0) return report;
  const strings = report.changes.filter((change) => isStringKey(change.key));
  // Only article versions changed: refresh the pages showing them, not everything (decision 0030); only tags'
  // names, or only job labels: the pages showing them (decisions 0221, 0222). Any mix: everything.
  const parts = [strings, articles, tags, jobs].filter((part) => part.length > 0).length;
  const writeOptions =
    parts > 1 || strings.length > 0
      ? {}
      : articles.length > 0
        ? { articles: { ids: articles.map((write) => write.id) } }
        : tags.length > 0
          ? { change: () => tagNamesChange(tags.map((write) => ({ tag: write.key, code: target.code }))) }
          : { change: () => jobsChange(jobs.map((write) => write.key)) };
  await writeContent(
    services,
    async (trx) => {
      // A file import replaces what it names: last write wins (decision 0151), like the NDJSON content import.
      for (const change of strings)
        await writeTranslation(
          trx,
          services.database.dialect,
          uid,
          change.key,
          target.code,
          { label: change.after, search: undefined },
          UNCONDITIONAL,
        );
      await applyArticles(trx, services, uid, target.code, articles, access.mayPublish(target.code));
      await applyParts(trx, uid, target.code, { tags, jobs });
      await recordAudit(trx, {
        uid,
        action: "import",
        entity: IMPORT_ENTITY,
        entityId: target.code,
        after: {
          format: report.format,
          changed: report.changes.map((change) => change.key),
          skippedUnknown: report.unknown,
        },
      });
      if (strings.length > 0)
        await enqueueWebhookEvent(trx, "strings.changed", {
          language: target.code,
          keys: strings.map((change) => change.key),
        });
    },
    writeOptions,
  );
  return { ...report, applied: true };
}
