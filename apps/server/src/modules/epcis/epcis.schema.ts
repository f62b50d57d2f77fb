import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';

/** The standard's own files (apps/server/standards/epcis, copied unchanged from github.com/gs1/EPCIS). */
export const STANDARD_FOLDER = new URL('../../../standards/epcis/', import.meta.url);

// ajv-formats is CommonJS: under NodeNext its default import is the module, whose `default` is the plugin.
const addFormats = addFormatsModule.default;

/** A URI as RFC 3986 has it (ajv-formats' `uri`), or a JSON-LD blank node identifier (`_:document1`). */
const STRICT_URI = /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/)?[^\s]*$/i;
const isJsonLdId = (value: string) => /^_:\S+$/.test(value) || STRICT_URI.test(value);

const validators = new Map<boolean, ReturnType<Ajv['compile']>>();
/**
 * The EPCIS 2.0 JSON Schema (EPCIS-JSON-Schema.json), compiled once per mode. `blankNodes`: the capture interface's
 * mode, where an `id` may be a JSON-LD blank node identifier, as the standard's worked examples have it (their
 * `"id": "_:document1"` is no RFC 3986 URI, so the schema's `format: uri` taken strictly refuses the standard's own
 * examples). The product's exported documents are checked strictly.
 */
const compiled = (blankNodes: boolean) => {
  let validator = validators.get(blankNodes);
  if (!validator) {
    const schema: unknown = JSON.parse(readFileSync(new URL('EPCIS-JSON-Schema.json', STANDARD_FOLDER), 'utf8'));
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    if (blankNodes) ajv.addFormat('uri', isJsonLdId);
    validator = ajv.compile(schema as object);
    validators.set(blankNodes, validator);
  }
  return validator;
};

export type SchemaError = { path: string; message: string };

/** The schema's verdict on a document: no errors, or each error with its JSON pointer (at most 50). */
export const schemaErrors = (document: unknown, { blankNodes = false }: { blankNodes?: boolean } = {}): SchemaError[] => {
  const validate = compiled(blankNodes);
  if (validate(document)) return [];
  return (validate.errors ?? []).slice(0, 50).map((e: ErrorObject) => ({
    path: e.instancePath || '/',
    message: `${e.message ?? 'invalid'}${e.params && 'allowedValues' in e.params ? `: ${String(e.params.allowedValues)}` : ''}`,
  }));
};
