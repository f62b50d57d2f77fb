/** The server's one CSV writer lives in http/csv.ts; re-exported for the order, movement and online routes. */
export { sendCsv, streamCsv } from '../../http/csv.js';

/** Maps each chunk of an async iterable. */
export async function* mapChunks<T, U>(chunks: AsyncIterable<T[]>, map: (row: T) => U): AsyncGenerator<U[]> {
  for await (const chunk of chunks) yield chunk.map(map);
}
