/** A response body from pieces of text, pulled one at a time: the next piece is made only once the last was taken. */
export function textStream(pieces: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = pieces[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(Buffer.from(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
