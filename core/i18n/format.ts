/** Dates in the page's language, in UTC so the server and the browser render the same text. */
export function formatDate(iso: string, languageCode: string): string {
  return new Intl.DateTimeFormat(languageCode, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

export function formatNumber(value: number, languageCode: string): string {
  return new Intl.NumberFormat(languageCode).format(value);
}
