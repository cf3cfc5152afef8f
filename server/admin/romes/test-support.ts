// Shared by the *.test.ts files of this folder only.
import { readFileSync } from "node:fs";

const SEED_DIR = new URL("../../seed/rome/", import.meta.url);
const FIXTURES_DIR = new URL("./fixtures/", import.meta.url);

export const officialXml = (): Uint8Array =>
  readFileSync(new URL("unix_referentiel_code_rome_v346_utf8.xml", SEED_DIR));
export const officialCsv = (): Uint8Array => readFileSync(new URL("rome_v346.csv", SEED_DIR));
export const fixture = (name: string): Uint8Array => readFileSync(new URL(name, FIXTURES_DIR));
export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Replays bytes as an upload would arrive: a copy of each slice, one at a time. */
export async function* inChunks(bytes: Uint8Array, sizes: number[]): AsyncGenerator<Uint8Array> {
  let start = 0;
  for (let i = 0; start < bytes.byteLength; i += 1) {
    const size = Math.max(1, sizes[i % sizes.length] ?? 1);
    yield bytes.slice(start, start + size);
    start += size;
  }
}
