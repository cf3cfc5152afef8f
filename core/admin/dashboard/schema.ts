/**
 * What the admin dashboard shows (/admin): live figures, drafts included. A card's figure is sent only to
 * those who may open its screen, and a translator's translation and article figures count their languages
 * only (decision 0147).
 */
import type { TranslationWork } from "#core/admin/translation-dashboard/schema.ts";

export interface DashboardFigures {
  languages: { enabled: number; total: number };
  /** Filled translation cells over keys × enabled languages, 0..1 (1 when there is nothing to translate). */
  translations: { completeness: number; missing: number };
  /** Articles with at least one published language version; articles with at least one draft version. */
  articles: { published: number; withDrafts: number };
  users?: { total: number; admins: number };
  eventsLast7Days?: number;
  auditEntriesLast7Days?: number;
  romeCodes: number;
  /** Outdated and missing article versions in the person's languages; only to those who may open the translation status. */
  translationWork?: TranslationWork;
}
