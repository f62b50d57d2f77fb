/** The server's one CSV writer lives in http/csv.ts; re-exported for the order, movement and online routes. */
export { sendCsv } from '../../http/csv.js';
