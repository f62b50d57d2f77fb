/** The server's one CSV writer lives in http/csv.ts; re-exported for the order, movement and online routes. */
export { sendCsv, streamCsv } from '../../http/csv.js';

/** Maps each chunk of an async iterable. */
export async function* mapChunks<T, U>(chunks: AsyncIterable<T[]>, map: (row: T) => U): AsyncGenerator<U[]> {
  for await (const chunk of chunks) yield chunk.map(map);
}

/** The last cells of a box content row of the order CSVs: GTIN, description, quantity (empty when unknown). */
export const contentCells = (r: { gtin: string | null; description: string | null; quantity: number | null }): unknown[] => [
  r.gtin ?? '',
  r.description ?? '',
  r.quantity ?? 0,
];
