/**
 * One notice for a page whose job titles fall back to the official French ones (issue 44): said once,
 * in the page's language, rather than beside every label; each label keeps lang="fr-FR" for screen readers.
 */
import { ROME_SOURCE_LANGUAGE } from "#core/rome.ts";
import { useShell } from "#app/lib/use-shell.ts";

export function FrenchLabelsNotice({ labelLangs }: { labelLangs: readonly (string | undefined)[] }) {
  const { tl, language } = useShell();
  if (language.code === ROME_SOURCE_LANGUAGE || !labelLangs.includes(ROME_SOURCE_LANGUAGE)) return null;
  return <p className="french-labels-notice">{tl("JOBS:FRENCH_LABELS", { language: language.label })}</p>;
}
