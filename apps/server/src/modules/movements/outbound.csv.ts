/** The server's one CSV writer (http/csv.ts): streamed in chunks, every text cell quoted, formulas escaped. */
export { streamCsv } from '../../http/csv.js';
