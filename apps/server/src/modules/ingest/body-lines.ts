/**
 * A reader's HTTP body as readers send it (issue 27, item 6): one JSON document, or newline-delimited JSON (one event
 * a line) whatever the content type says: `application/x-ndjson`, `application/jsonl`, but also `application/json`
 * and `text/plain`, as several readers' HTTP outputs label their event batches. A body that is one JSON document is
 * read as that document; otherwise each non-empty line must be one JSON value, and the body is their array.
 * Null when neither.
 */
/** JSON.parse refusing `__proto__` keys, as Fastify's own JSON parser does (prototype poisoning). */
const parse = (text: string): unknown =>
  JSON.parse(text, (key, value: unknown) => {
    if (key === '__proto__') throw new SyntaxError('__proto__ is not allowed');
    return value;
  });

export const parseJsonOrLines = (text: string): unknown => {
  const body = text.replace(/^\uFEFF/, '');
  try {
    return parse(body);
  } catch {
    // not one document: newline-delimited, maybe
  }
  const lines = body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (!lines.length) return null;
  try {
    return lines.map(parse);
  } catch {
    return null;
  }
};

/** The content types read by parseJsonOrLines on the readers' routes. */
export const READER_BODY_TYPES = ['application/json', 'text/plain', 'application/x-ndjson', 'application/jsonl'];
