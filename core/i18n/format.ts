/** Formatters by language: building one costs far more than formatting with it. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Dates in the page's language, in UTC so the server and the browser render the same text. */
export function formatDate(iso: string, languageCode: string): string {
  let format = dateFormats.get(languageCode);
  if (!format) {
    format = new Intl.DateTimeFormat(languageCode, { dateStyle: "long", timeZone: "UTC" });
    dateFormats.set(languageCode, format);
  }
  return format.format(new Date(iso));
}
