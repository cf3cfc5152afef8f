/** After the build: write .br and .gz next to each compressible browser asset, served as-is (no per-request compression). */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";

const clientDir = new URL("../build/client/", import.meta.url).pathname;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(clientDir)) {
  if (!/\.(js|css|svg|json|txt|xml)$/.test(path)) continue;
  const source = readFileSync(path);
  if (source.length < 1024) continue;
  writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
  count++;
}
console.log(`compressed ${count} assets`);
