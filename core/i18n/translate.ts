/**
 * Every visible string comes from translation entries. A missing one renders
 * its key and warns in the console (spec §8), so it is noticed, not hidden.
 */
export type Strings = Readonly<Record<string, string>>;

export type Translate = (key: string, values?: Readonly<Record<string, string | number>>) => string;

export function createTranslate(strings: Strings, warn: (message: string) => void = console.warn): Translate {
  return (key, values) => {
    const template = strings[key];
    if (template === undefined) {
      warn(`Missing translation: ${key}`);
      return key;
    }
    if (!values) return template;
    return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
  };
}
