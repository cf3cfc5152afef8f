/** ROME facts shared by the public pages, the admin screens and the server. */

/** The official ROME labels are French; other languages fall back to them, marked lang="fr-FR". */
export const ROME_SOURCE_LANGUAGE = "fr-FR";

/**
 * A job's label for a reader (decision 0221): the first of the reader's chain (their language, then its fallbacks:
 * decision 0085) that has one, else the official French label. `labelLang` is the language it is in; a page marks
 * the label `lang={labelLang}` whenever that is not the page's language, as every fallback text is marked.
 */
export function jobLabelFor(
  chain: readonly string[],
  labels: ReadonlyMap<string, string>,
  official: string,
): { label: string; labelLang: string; fallback: boolean } {
  for (const code of chain) {
    const label = code === ROME_SOURCE_LANGUAGE ? (labels.get(code) ?? official) : labels.get(code);
    if (label) return { label, labelLang: code, fallback: code !== chain[0] };
  }
  return { label: official, labelLang: ROME_SOURCE_LANGUAGE, fallback: chain[0] !== ROME_SOURCE_LANGUAGE };
}
