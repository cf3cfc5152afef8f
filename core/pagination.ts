// The `?page=` query parameter and the slice of a list it shows.

export const MAX_PAGE = 100_000;

export type PageParam = { ok: true; page: number } | { ok: false; reason: string };

/**
 * Reads `?page=`: absent or empty is page 1; otherwise only the canonical decimal form of
 * 1..100000 is accepted, so each page has exactly one URL (no "01", "+1", " 1", "1e0").
 */
export function parsePageParam(value: string | null): PageParam {
  if (value === null || value === "") return { ok: true, page: 1 };
  const problem = pageParamProblem(value);
  return problem === null ? { ok: true, page: Number(value) } : { ok: false, reason: problem };
}

/** What is wrong with a non-empty page parameter, or null when it is valid. */
function pageParamProblem(value: string): string | null {
  if (/\s/u.test(value)) return "page must not contain spaces";
  if (/^-[0-9]+$/u.test(value)) return "page must be 1 or more";
  if (/^\+[0-9]+$/u.test(value)) return "page must not have a sign";
  if (!/^[0-9]+$/u.test(value)) return "page must be a whole number written with digits 0-9";
  if (/^0+$/u.test(value)) return "page must be 1 or more";
  if (value.startsWith("0")) return "page must not have leading zeros";
  // Compare by length first: a long digit string is beyond Number's exact range.
  if (value.length > String(MAX_PAGE).length || Number(value) > MAX_PAGE) return `page must be at most ${MAX_PAGE}`;
  return null;
}

export interface PageWindow {
  /** The page shown, clamped to 1..pageCount (compare with the requested one to redirect or 404). */
  page: number;
  /** At least 1: an empty list still has one (empty) page. */
  pageCount: number;
  /** Index of the first item of the page. */
  offset: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** The slice of a list of `total` items shown on `page`, `pageSize` per page. Invalid numbers are made sane, never thrown on. */
export function pageWindow(total: number, pageSize: number, page: number): PageWindow {
  const size = wholeAtLeast(pageSize, 1);
  const pageCount = Math.max(1, Math.ceil(wholeAtLeast(total, 0) / size));
  const shown = Math.min(wholeAtLeast(page, 1), pageCount);
  return {
    page: shown,
    pageCount,
    offset: (shown - 1) * size,
    hasPrevious: shown > 1,
    hasNext: shown < pageCount,
  };
}

/** floor(value), at least `min`; NaN and infinities give `min` (they come from bad data, not from a real list). */
function wholeAtLeast(value: number, min: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.max(min, Math.floor(value));
}
