/** What the admin dashboard shows (/admin): live figures, drafts included. */
export interface DashboardFigures {
  languages: { enabled: number; total: number };
  /** Filled translation cells over keys × enabled languages, 0..1 (1 when there is nothing to translate). */
  translations: { completeness: number; missing: number };
  /** Articles with at least one published language version; articles with at least one draft version. */
  articles: { published: number; withDrafts: number };
  users: { total: number; admins: number };
  eventsLast7Days: number;
  auditEntriesLast7Days: number;
  romeCodes: number;
}
