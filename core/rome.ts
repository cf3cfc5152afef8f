/** ROME facts shared by the public pages, the admin screens and the server. */

/** The official ROME labels are French; other languages fall back to them, marked lang="fr-FR". */
export const ROME_SOURCE_LANGUAGE = "fr-FR";
