import { readdirSync } from 'node:fs';
import { contextNamespaces } from './event-hash.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Tests' reading of a document of the reference's test vectors or GS1's examples: a vector document's events, its @context and the fields its `…:ignoreFields` names (the reference's reading). */
export const vectorDocument = (document: Json) => {
  const context = Array.isArray(document['@context'])
    ? document['@context'].filter((c) => !isObject(c) || Object.keys(c).length > 0)
    : document['@context'];
  const namespaces = contextNamespaces(context);
  const internal = [...namespaces].find(([, ns]) => ns === '{https://repository-x.example.com/}')?.[0] ?? '';
  const ignoreKey = `${internal}:ignoreFields`;
  const body = isObject(document.epcisBody) ? document.epcisBody : {};
  const query = isObject(body.queryResults) ? body.queryResults : null;
  const events = Array.isArray(body.eventList)
    ? body.eventList
    : query && isObject(query.resultsBody) && Array.isArray(query.resultsBody.eventList)
      ? query.resultsBody.eventList
      : [body.event];
  const ignored = (query ?? document)[ignoreKey];
  return {
    events: events.filter(isObject),
    context,
    ignoredFields: Array.isArray(ignored) ? ignored.filter((f): f is string => typeof f === 'string') : [],
  };
};

/** GS1's example documents (test-data/gs1-examples) and their names, those with the reference's `.hashes`. */
export const GS1_EXAMPLES = new URL('../test-data/gs1-examples/', import.meta.url);
export const gs1Examples = () =>
  readdirSync(GS1_EXAMPLES)
    .filter((f) => f.endsWith('.hashes'))
    .map((f) => f.slice(0, -'.hashes'.length));
