/**
 * The jobs pages: the directory of the ROME jobs by domaine (or matching a search) and one job's
 * page with the articles tagged with its code.
 */
import type { CurrentPage } from "#core/language-switch.ts";
import type { Translate } from "#core/i18n/translate.ts";
import { pageWindow } from "#core/pagination.ts";
import { pageNameFor } from "#core/pages.ts";
import { matchesAllWords, slugify } from "#core/text.ts";
import type { JobsDirectoryView, JobView } from "#core/views.ts";
import { SHOWS_JOB_LABELS, showsJob, showsJobDomain, showsTag } from "./changes.ts";
import { articleCard } from "./cards.ts";
import type { PageReads } from "./page-reads.ts";
import {
  itemAlternates,
  jobLabelIn,
  jobPathIn,
  sectionNamesOf,
  sectionPathIn,
  sectionSeo,
  seoAlternates,
  slugsByLanguage,
} from "./public-sections.ts";
import type { Job, Language, Resident } from "./resident.ts";

/** A job page's related articles, per page. */
export const RELATED_PER_PAGE = 12;

/**
 * The jobs directory: without a search, the index of the 14 domaines (each with its number of jobs)
 * and, when one is chosen (`?domain=A`), that domaine's jobs; a search lists every match, grouped
 * by domaine. So every job is two links from the directory and no page carries all 532.
 * Entries carry only code and label (and the label's language when it is the French fallback);
 * the page builds the links. Null for an unknown domaine.
 */
/**
 * The directory's counts arrive as text: formatting a number in the browser loads ICU's
 * number data (about 180 ms of a slow phone's main thread), and nothing else on this page
 * formats one, so the page hydrates without it (issue 8, Lighthouse).
 */
export function jobsDirectoryView(
  resident: Resident,
  language: Language,
  query: string,
  domain: string | null,
  t: Translate,
  dependsOn: (shows: string) => void = () => {},
): JobsDirectoryView | null {
  const chosen =
    domain === null ? null : resident.domains.find((candidate) => candidate.letter === domain.toUpperCase());
  if (chosen === undefined) return null;
  const matching = resident.jobs.filter((job) => matchesAllWords(job.searchText, query));
  const entry = (job: Job) => {
    const { label, labelLang } = jobLabelIn(resident, job, language);
    return labelLang === language.code ? { code: job.code, label } : { code: job.code, label, labelLang };
  };
  const shown = resident.domains.filter((candidate) => (chosen ? candidate === chosen : query !== ""));
  const groups = shown
    .map((candidate) => ({
      letter: candidate.letter,
      jobs: matching.filter((job) => job.domain === candidate.letter).map(entry),
    }))
    .filter((group) => group.jobs.length > 0);
  // The labels listed, and for a search which jobs match (decision 0222).
  for (const group of groups) dependsOn(showsJobDomain(group.letter));
  if (query !== "") dependsOn(SHOWS_JOB_LABELS);
  const countText = (count: number) => t("JOBS:RESULTS", { count });
  const index = resident.domains.map((candidate) => ({
    letter: candidate.letter,
    countText: countText(resident.jobs.filter((job) => job.domain === candidate.letter).length),
  }));
  const total = groups.reduce((sum, group) => sum + group.jobs.length, 0);
  const search = query ? `?q=${encodeURIComponent(query)}` : chosen ? `?domain=${chosen.letter}` : "";
  return {
    kind: "jobs" as const,
    page: { kind: "section", section: "JOBS" } satisfies CurrentPage,
    seo: {
      ...sectionSeo(resident, language, "JOBS"),
      canonicalPath: `${sectionPathIn(resident, language, "JOBS") ?? ""}${search}`,
    },
    query,
    domain: chosen?.letter ?? null,
    total,
    totalText: countText(total),
    index,
    groups,
    jobsPageName: pageNameFor("JOBS", language, sectionNamesOf(resident, language)) ?? "",
  };
}

/** A job page; `relatedPage` pages through the articles tagged with its code. */
export async function jobView(
  reads: PageReads,
  language: Language,
  rawCode: string,
  relatedPage = 1,
): Promise<JobView | null> {
  const { resident } = reads;
  const job = /^[a-n]\d{4}$/i.test(rawCode) ? resident.jobsByCode.get(rawCode.toUpperCase()) : undefined;
  const canonicalPath = job ? jobPathIn(resident, language, job) : null;
  if (!job || canonicalPath === null) return null;
  reads.dependsOn(showsTag(job.code));
  reads.dependsOn(showsJob(job.code));
  const related = await reads.articles.taggedPage(
    language.code,
    job.code,
    (relatedPage - 1) * RELATED_PER_PAGE,
    RELATED_PER_PAGE,
  );
  const window = pageWindow(related.total, RELATED_PER_PAGE, relatedPage);
  if (relatedPage > window.pageCount) return null;
  const domain = resident.domains.find((candidate) => candidate.letter === job.domain);
  return {
    kind: "job" as const,
    page: {
      kind: "item",
      section: "JOBS",
      itemId: job.code,
      slugs: slugsByLanguage(resident, job, (other, item) => slugify(jobLabelIn(resident, item, other).label)),
    } satisfies CurrentPage,
    seo: {
      canonicalPath: `${canonicalPath}${relatedPage > 1 ? `?page=${relatedPage}` : ""}`,
      alternates: seoAlternates(
        resident,
        itemAlternates(resident, job, (other, item) => jobPathIn(resident, other, item)),
      ),
    },
    slug: slugify(jobLabelIn(resident, job, language).label),
    job: {
      code: job.code,
      ogr: job.ogr,
      ...jobLabelIn(resident, job, language),
      officialLabel: job.label,
      domain: job.domain,
      officialDomainLabel: domain?.label ?? "",
    },
    related: related.items.flatMap((entry) => articleCard(resident, language, entry) ?? []),
    relatedWindow: window,
    relatedBasePath: canonicalPath,
    jobsPath: sectionPathIn(resident, language, "JOBS"),
  };
}
