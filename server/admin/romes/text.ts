import { FileRefused } from "./refusal.ts";

const SLICE_BYTES = 64 * 1024;
const MiB = 1024 * 1024;
const KiB = 1024;

const NOT_TEXT_MESSAGE = "The file is not UTF-8 text (XML or CSV).";

function tooLargeMessage(maxBytes: number): string {
  return `The file is larger than ${formatSize(maxBytes)}.`;
}

function formatSize(bytes: number): string {
  if (bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes % KiB === 0) return `${bytes / KiB} KiB`;
  return `${bytes} bytes`;
}

/** A whole buffer is walked as zero-copy slices so both input kinds go through the same streaming path. */
async function* byteChunks(input: AsyncIterable<Uint8Array> | Uint8Array): AsyncGenerator<Uint8Array> {
  if (!(input instanceof Uint8Array)) {
    yield* input;
    return;
  }
  for (let start = 0; start < input.byteLength; start += SLICE_BYTES) {
    yield input.subarray(start, start + SLICE_BYTES);
  }
}

/**
 * Decodes the upload chunk by chunk, enforcing the size limit before decoding
 * and refusing anything that is not UTF-8 text. A leading BOM is dropped by
 * TextDecoder. Multi-byte characters split across chunks are handled by
 * `stream: true`; a character truncated at the very end fails the final flush.
 */
export async function* decodeUtf8Text(
  input: AsyncIterable<Uint8Array> | Uint8Array,
  maxBytes: number,
): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let total = 0;
  for await (const chunk of byteChunks(input)) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new FileRefused(tooLargeMessage(maxBytes));
    const text = checkedText(() => decoder.decode(chunk, { stream: true }));
    if (text !== "") yield text;
  }
  const rest = checkedText(() => decoder.decode());
  if (rest !== "") yield rest;
}

function checkedText(decode: () => string): string {
  let text: string;
  try {
    text = decode();
  } catch {
    throw new FileRefused(NOT_TEXT_MESSAGE);
  }
  // NUL is valid UTF-8 but never appears in text files: it marks binary data.
  if (text.includes("\0")) throw new FileRefused(NOT_TEXT_MESSAGE);
  return text;
}
