/**
 * Realistic, distinct articles for the scale benchmark: ~1 000-word bodies with
 * headings, lists, links and emphasis in each of the seven enabled languages,
 * as the NDJSON lines `npm run content -- import` reads. Deterministic (seeded).
 */
import { once } from "node:events";
import { createWriteStream, existsSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const VOCABULARY: Record<string, string[]> = {
  en: "the team city river archive story press reader language market winter school garden harbour train museum letter morning council budget village bridge festival".split(
    " ",
  ),
  fr: "la équipe ville rivière archive histoire presse lecteur langue marché hiver école jardin port train musée lettre matin conseil budget village pont festival".split(
    " ",
  ),
  es: "el equipo ciudad río archivo historia prensa lector idioma mercado invierno escuela jardín puerto tren museo carta mañana consejo presupuesto pueblo puente".split(
    " ",
  ),
  de: "das Team Stadt Fluss Archiv Geschichte Presse Leser Sprache Markt Winter Schule Garten Hafen Zug Museum Brief Morgen Rat Haushalt Dorf Brücke".split(
    " ",
  ),
  pt: "a equipe cidade rio arquivo história imprensa leitor língua mercado inverno escola jardim porto trem museu carta manhã conselho orçamento aldeia ponte".split(
    " ",
  ),
  ar: "الفريق المدينة النهر الأرشيف القصة الصحافة القارئ اللغة السوق الشتاء المدرسة الحديقة الميناء القطار المتحف الرسالة الصباح المجلس الميزانية القرية الجسر".split(
    " ",
  ),
  ja: "チーム 都市 川 資料 物語 新聞 読者 言語 市場 冬 学校 庭 港 電車 博物館 手紙 朝 議会 予算 村 橋 祭り".split(" "),
};
export const LANGUAGES = Object.keys(VOCABULARY);

/** Generated article number `index`'s slug in a language (its short code). */
export const generatedSlug = (language: string, index: number) => `${language}-article-${index}`;
/** Its id once imported into a freshly seeded database: after the 9 demo articles. */
export const importedArticleId = (index: number) => index + 9;
/** Its public page in a language (short code), once imported. */
export const generatedArticlePath = (language: string, index: number) =>
  `/${language}/articles/${importedArticleId(index)}/${generatedSlug(language, index)}`;
export const englishArticlePath = (index: number) => generatedArticlePath("en", index);
const ROME_CODES = [
  "A1101",
  "B1101",
  "C1101",
  "D1101",
  "E1101",
  "F1101",
  "G1101",
  "H1101",
  "I1101",
  "J1101",
  "K1101",
  "L1101",
  "M1101",
  "N1101",
];

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

function sentence(next: () => number, words: string[], length: number): string {
  const picked = Array.from({ length }, () => words[Math.floor(next() * words.length)]!);
  return picked.join(" ");
}

function body(next: () => number, words: string[], index: number): string {
  const parts: string[] = [];
  for (let section = 0; section < 8; section += 1) {
    parts.push(`## ${sentence(next, words, 4)} ${index}.${section}`);
    for (let paragraph = 0; paragraph < 2; paragraph += 1) {
      parts.push(
        `${sentence(next, words, 30)} **${sentence(next, words, 2)}** [${sentence(next, words, 2)}](https://example.org/${index}/${section}/${paragraph}) ${sentence(next, words, 20)}.`,
      );
    }
    parts.push(Array.from({ length: 3 }, () => `- ${sentence(next, words, 5)}`).join("\n"));
  }
  return parts.join("\n\n");
}

/** The NDJSON line of article number `index` (1-based). */
export function articleLine(index: number): string {
  const next = random(index * 2_654_435_761);
  const versions: Record<string, unknown> = {};
  for (const language of LANGUAGES) {
    const words = VOCABULARY[language]!;
    const title = `${sentence(next, words, 5)} ${index}`;
    versions[language] = {
      slug: generatedSlug(language, index),
      title,
      summary: sentence(next, words, 18),
      body: body(next, words, index),
      status: "published",
    };
  }
  return JSON.stringify({
    key: `bench-${index}`,
    author: `Author ${index % 97}`,
    tags: [ROME_CODES[index % ROME_CODES.length], `topic-${index % 50}`],
    versions,
  });
}

/** The NDJSON file of `count` generated articles in the temp folder, written once and reused by every benchmark. */
export async function articlesFile(count: number): Promise<string> {
  const file = join(tmpdir(), `pp-bench-articles-${count}.ndjson`);
  if (existsSync(file)) return file;
  const out = createWriteStream(`${file}.partial`);
  for (let index = 1; index <= count; index += 1) if (!out.write(`${articleLine(index)}\n`)) await once(out, "drain");
  out.end();
  await once(out, "finish");
  renameSync(`${file}.partial`, file);
  return file;
}
