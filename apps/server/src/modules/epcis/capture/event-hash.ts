import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { canonicalGs1Uri } from './canonical-uri.js';

/**
 * The EPCIS Event Hash ID (CBV 2.0 section 8.9, "EPCIS Event Hash ID"), computed as the reference implementation
 * github.com/RalphTro/epcis-event-hash-generator does for JSON/JSON-LD documents; its test vectors
 * (test-data/hash-vectors, `*.jsonld` with `*.hashes` and `*.prehashes`) are run by event-hash.test.ts.
 *
 * The pre-hash string: `eventType=…`, then the standard's fields in the canonical property order (times in UTC at
 * millisecond precision, EPCs and other GS1 keys as constrained canonical Digital Link URIs, CBV values as GS1 Web
 * URIs, numbers without trailing zeros, the values of a list sorted), each field's user extensions after its regular
 * fields, then what the order does not name (business transactions, sources, destinations, ILMD, the event's user
 * extensions `{namespace}name=value`), sorted. errorDeclaration, eventID and recordTime take no part.
 *
 * As the reference does, the document's JSON-LD context gives user extensions their namespace, and a bare CBV word
 * (`shipping`) is read as the GS1 Web URI the document's standard fields expand it to.
 */

type Json = Record<string, unknown>;
/** A field of the event as the algorithm sees it: a name, a value (maybe empty) and the fields it contains. */
type Node = { name: string; value: string; children: Item[] };
/** An entry of a business transaction, source or destination list: its (type, id) fields in the document's order. */
type Pair = { pair: Node[] };
type Item = Node | Pair;
type Order = readonly (readonly [string, Order | null])[];

const isNode = (item: Item): item is Node => 'name' in item;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const QUANTITY: Order = [
  [
    'quantityElement',
    [
      ['epcClass', null],
      ['quantity', null],
      ['uom', null],
    ],
  ],
];
const EPCS: Order = [['epc', null]];
/** The canonical property order (after eventType). */
const ORDER: Order = [
  ['eventTime', null],
  ['eventTimeZoneOffset', null],
  ['certificationInfo', null],
  ['parentID', null],
  ['epcList', EPCS],
  ['inputEPCList', EPCS],
  ['childEPCs', EPCS],
  ['quantityList', QUANTITY],
  ['childQuantityList', QUANTITY],
  ['inputQuantityList', QUANTITY],
  ['outputEPCList', EPCS],
  ['outputQuantityList', QUANTITY],
  ['action', null],
  ['transformationID', null],
  ['bizStep', null],
  ['disposition', null],
  [
    'persistentDisposition',
    [
      ['set', null],
      ['unset', null],
    ],
  ],
  ['readPoint', [['id', null]]],
  ['bizLocation', [['id', null]]],
  [
    'sensorElementList',
    [
      [
        'sensorElement',
        [
          [
            'sensorMetadata',
            ['time', 'startTime', 'endTime', 'deviceID', 'deviceMetadata', 'rawData', 'dataProcessingMethod', 'bizRules'].map(
              (n) => [n, null] as const,
            ),
          ],
          [
            'sensorReport',
            [
              'type',
              'exception',
              'deviceID',
              'deviceMetadata',
              'rawData',
              'dataProcessingMethod',
              'time',
              'microorganism',
              'chemicalSubstance',
              'value',
              'component',
              'stringValue',
              'booleanValue',
              'hexBinaryValue',
              'uriValue',
              'minValue',
              'maxValue',
              'meanValue',
              'sDev',
              'percRank',
              'percValue',
              'uom',
              'coordinateReferenceSystem',
            ].map((n) => [n, null] as const),
          ],
        ],
      ],
    ],
  ],
];
/** Fields that take no part in the hash. */
const IGNORED = new Set(['recordTime', 'eventID', 'type', 'errorDeclaration']);
/** Lists whose entries are (type, identifier) pairs, kept in the document's order inside an entry. */
const PAIR_LISTS = new Set(['sourceList', 'destinationList', 'bizTransactionList']);
const UNSORTED_KEYS = ['bizTransaction', 'source', 'destination'];

// ---- Values ----

const CBV_URNS: [string, string][] = [
  ['urn:epcglobal:cbv:bizstep:', 'https://ref.gs1.org/cbv/BizStep-'],
  ['urn:epcglobal:cbv:disp:', 'https://ref.gs1.org/cbv/Disp-'],
  ['urn:epcglobal:cbv:btt:', 'https://ref.gs1.org/cbv/BTT-'],
  ['urn:epcglobal:cbv:sdt:', 'https://ref.gs1.org/cbv/SDT-'],
  ['urn:epcglobal:cbv:er:', 'https://ref.gs1.org/cbv/ER-'],
];

/** A float as Python's repr writes it (the reference's numbers): shortest digits, exponent below 1e-4. */
const pythonFloat = (n: number): string => {
  const [mantissa = '', exponentText = '0'] = n.toExponential().split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace(/[-.]/g, '');
  if (exponent < -4 || exponent >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${negative ? '-' : ''}${m}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  const point = exponent + 1;
  const text =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : digits.length > point
        ? `${digits.slice(0, point)}.${digits.slice(point)}`
        : `${digits}${'0'.repeat(point - digits.length)}.0`;
  return `${negative ? '-' : ''}${text}`;
};

/** What Python's float() reads: a decimal number, maybe signed, with an exponent and `_` between digits. */
const FLOAT = /^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;

/** A number without trailing zeros (`1.0` → `1`, `0.50` → `0.5`); other text unchanged. */
const canonicalNumber = (text: string): string => {
  const trimmed = text.trim();
  if (!FLOAT.test(trimmed)) return text;
  const n = Number(trimmed.replaceAll('_', ''));
  if (!Number.isFinite(n)) return text;
  return Number.isInteger(n) ? BigInt(n).toString() : pythonFloat(n);
};

const canonicalValue = (text: string): string => {
  let out = text;
  for (const [urn, web] of CBV_URNS) out = out.replaceAll(urn, web);
  out = canonicalNumber(out);
  return (out.includes('.') && canonicalGs1Uri(out)) || out;
};

const TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
/** Python's round-half-to-even of microseconds to milliseconds (`round(µs, -3)`). */
const roundMs = (micro: number) => {
  const ms = Math.floor(micro / 1000);
  const rest = micro - ms * 1000;
  return rest > 500 || (rest === 500 && ms % 2 === 1) ? ms + 1 : ms;
};

/** A timestamp in UTC with milliseconds, `Z` for the zero offset; text that is no timestamp is unchanged. */
export const canonicalTimestamp = (text: string): string => {
  const m = TIME.exec(text.trim());
  if (!m) return text;
  const [, y, mo, d, h, mi, s = '0', fraction = '', zone = 'Z'] = m;
  const micro = Number(fraction.slice(0, 6).padEnd(6, '0'));
  let offset = 0;
  if (zone.toUpperCase() !== 'Z') {
    const z = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
    offset = (z?.[1] === '-' ? -1 : 1) * (Number(z?.[2]) * 60 + Number(z?.[3] ?? 0));
  }
  const at = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - offset * 60_000;
  if (Number.isNaN(at)) return text;
  return new Date(at + roundMs(micro)).toISOString();
};

// ---- The document's vocabulary: namespaces and the CBV words its standard fields expand ----

const CONTEXT_FOLDER = new URL('../../../../standards/epcis/context/', import.meta.url);
const PREFIXES: Record<string, string> = { cbv: 'https://ref.gs1.org/cbv/', gs1: 'https://gs1.org/voc/' };
let termTables: Record<string, Map<string, string>> | undefined;
/** The CBV/GS1 terms of the standard's JSON-LD context, per field (apps/server/standards/epcis/context). */
const terms = () => {
  if (!termTables) {
    const load = (...files: string[]) => {
      const table = new Map<string, string>();
      for (const file of files) {
        const context = (JSON.parse(readFileSync(new URL(`${file}.jsonld`, CONTEXT_FOLDER), 'utf8')) as { '@context': Json })[
          '@context'
        ];
        for (const [term, iri] of Object.entries(context)) {
          const curie = typeof iri === 'string' ? /^(cbv|gs1):(.+)$/.exec(iri) : null;
          if (curie && !term.startsWith('@')) table.set(term, `${PREFIXES[curie[1] ?? '']}${curie[2]}`);
        }
      }
      return table;
    };
    termTables = {
      bizStep: load('cbv-context-bizstep'),
      disposition: load('cbv-context-disposition'),
      bizTransactionType: load('cbv-context-biztransaction-type'),
      sourceDestType: load('cbv-context-sourcedest-type'),
      measurementType: load('gs1-context-measurement-type', 'gs1-context-sensor-alert-type'),
      exception: load('gs1-context-sensor-alert-type'),
      component: load('cbv-context-component'),
      errorReason: load('cbv-context-error-reason'),
    };
  }
  return termTables;
};

/** A vocabulary field's value as JSON-LD expands it: a defined term, a `cbv:`/`gs1:` CURIE, or an absolute IRI. */
const expand = (table: Map<string, string>, value: unknown): string[] => {
  if (typeof value !== 'string') return [];
  const term = table.get(value);
  if (term) return [term];
  const curie = /^(cbv|gs1):(.+)$/.exec(value);
  if (curie) return [`${PREFIXES[curie[1] ?? '']}${curie[2]}`];
  return value.includes(':') ? [value] : [];
};
const entries = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** The GS1 Web URIs (CBV, GS1 vocabulary) the standard fields of a document's events expand to. */
const expandedVocabulary = (events: Json[]): Set<string> => {
  const t = terms();
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const v of value) walk(v);
      return;
    }
    if (!isObject(value)) return;
    for (const [key, v] of Object.entries(value)) {
      if (key === 'bizStep') found.push(...expand(t.bizStep, v));
      else if (key === 'disposition') found.push(...expand(t.disposition, v));
      else if (key === 'persistentDisposition' && isObject(v))
        for (const d of [v.set, v.unset].flatMap((x) => (Array.isArray(x) ? x : []))) found.push(...expand(t.disposition, d));
      else if (key === 'bizTransactionList') for (const e of entries(v)) found.push(...expand(t.bizTransactionType, e.type));
      else if (key === 'sourceList' || key === 'destinationList')
        for (const e of entries(v)) found.push(...expand(t.sourceDestType, e.type));
      else if (key === 'sensorElementList')
        for (const element of entries(v))
          for (const report of entries(element.sensorReport)) {
            found.push(...expand(t.measurementType, report.type), ...expand(t.exception, report.exception));
            found.push(...expand(t.component, report.component));
          }
      else if (key === 'errorDeclaration' && isObject(v)) found.push(...expand(t.errorReason, v.reason));
      walk(v);
    }
  };
  walk(events);
  return new Set(found.filter((v) => v.startsWith('https://ref.gs1.org/cbv') || v.startsWith('https://gs1.org/voc')));
};

/** Every string of `value` that names exactly one of the expanded URIs by its last word gets that URI. */
const expandBareWords = (value: unknown, vocabulary: string[]): unknown => {
  if (typeof value === 'string') {
    const matches = vocabulary.filter((v) => v.endsWith(`-${value}`) || v.endsWith(`/${value}`));
    return matches.length === 1 ? matches[0] : value;
  }
  if (Array.isArray(value)) return value.map((v) => expandBareWords(v, vocabulary));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandBareWords(v, vocabulary)]));
  return value;
};

/** The namespaces a document's @context declares: `{ prefix: '{https://…}' }`. */
export const contextNamespaces = (context: unknown): Map<string, string> => {
  const namespaces = new Map<string, string>();
  for (const entry of Array.isArray(context) ? context : []) {
    if (typeof entry === 'string') namespaces.set(entry, `{${entry}}`);
    else if (isObject(entry)) for (const [k, v] of Object.entries(entry)) if (typeof v === 'string') namespaces.set(k, `{${v}}`);
  }
  return namespaces;
};

// ---- The event as a tree of fields ----

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareNodes = (a: Item, b: Item): number => {
  if (!isNode(a) || !isNode(b)) return 0;
  const byName = compareText(a.name, b.name) || compareText(a.value, b.value);
  if (byName) return byName;
  for (let i = 0; i < Math.min(a.children.length, b.children.length); i++) {
    const c = compareNodes(a.children[i] as Item, b.children[i] as Item);
    if (c) return c;
  }
  return a.children.length - b.children.length;
};

const scalarText = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'boolean' ? (v ? 'True' : 'False') : v === null ? 'None' : String(v);

const SKIPPED_KEYS = new Set(['#text', 'rdfs:comment', 'comment']);

const toTree = (json: unknown, namespaces: Map<string, string>, ignored: ReadonlySet<string> = new Set()): Node => {
  const replace = (text: string, isValue: boolean) => {
    const colon = text.indexOf(':');
    const ns = colon > 0 ? namespaces.get(text.slice(0, colon)) : undefined;
    if (ns === undefined) return text;
    return (isValue ? ns.replace(/[{}]/g, '') : ns) + text.slice(colon + 1);
  };
  if (Array.isArray(json)) {
    const node: Node = { name: '', value: '', children: json.map((v) => toTree(v, namespaces)) };
    if (!UNSORTED_KEYS.some((k) => json.includes(k))) node.children.sort(compareNodes);
    return node;
  }
  if (isObject(json)) {
    const node: Node = {
      name: json.type === undefined ? '' : scalarText(json.type),
      value: typeof json['#text'] === 'string' ? json['#text'] : '',
      children: [],
    };
    for (const [key, value] of Object.entries(json)) {
      if (SKIPPED_KEYS.has(key) || ignored.has(key)) continue;
      if (key.startsWith('@xmlns')) {
        namespaces.set(key.slice(7), `{${scalarText(value)}}`);
        node.name = replace(node.name, false);
        continue;
      }
      const child = toTree(value, namespaces);
      const name = replace(key, false);
      if (Array.isArray(value)) for (const c of child.children) if (isNode(c)) node.children.push({ ...c, name });
      if (!Array.isArray(value)) node.children.push({ name, value: child.value, children: child.children });
    }
    if (!UNSORTED_KEYS.some((k) => k in json)) node.children.sort(compareNodes);
    return node;
  }
  return { name: '', value: scalarText(typeof json === 'string' ? replace(json, true) : json), children: [] };
};

const RENAMES: Record<string, string> = {
  inputEPC: 'epc',
  outputEPC: 'epc',
  inputQuantity: 'quantityElement',
  outputQuantity: 'quantityElement',
  childQuantity: 'quantityElement',
};

/** JSON's lists as XML's (`epcList: [a, b]` → `epcList` of `epc` a, `epc` b; quantities as `quantityElement`). */
const restructure = (node: Node): Node => {
  const children = node.children.filter(isNode);
  const lists = new Map<string, Node[]>();
  const rest: Node[] = [];
  const childEpcs: Node[] = [];
  for (const child of children) {
    if (child.name.endsWith('List')) {
      const list = lists.get(child.name) ?? [];
      list.push({ name: child.name.slice(0, -4), value: child.value, children: child.children });
      lists.set(child.name, list);
    } else if (child.name === 'childEPCs') childEpcs.push({ name: 'epc', value: child.value, children: [] });
    else rest.push(child);
  }
  const grouped: Item[] = [...rest];
  for (const [name, list] of lists) {
    grouped.push(
      PAIR_LISTS.has(name)
        ? { name, value: '', children: list.map((e) => ({ pair: e.children.slice(0, 2).filter(isNode) })) }
        : { name, value: '', children: list },
    );
  }
  if (childEpcs.length) grouped.push({ name: 'childEPCs', value: '', children: childEpcs });
  const corrected = grouped.map((c) => (isNode(c) && !PAIR_LISTS.has(c.name) ? restructure(c) : c));
  const renamed = RENAMES[node.name] ?? (node.name === 'quantity' && corrected.length ? 'quantityElement' : node.name);
  return { name: renamed, value: node.value, children: corrected };
};

// ---- The pre-hash string ----

const remove = (list: Item[], item: Item) => {
  const at = list.indexOf(item);
  if (at >= 0) list.splice(at, 1);
};

/** The user extensions of a standard field (readPoint, sensorElement…), taken out to follow its regular fields. */
const takeExtensions = (list: Item[]): Node[] => {
  if (list.length <= 1) return [];
  if (list.some((c) => isNode(c) && (c.name.includes('eventTime') || c.name.includes('action')))) return [];
  const extensions = list.filter((c): c is Node => isNode(c) && c.name.includes('{') && c.name.includes('/}'));
  for (const e of extensions) remove(list, e);
  return extensions;
};

const generic = (items: Item[]): string => {
  const values = items.map((c) => {
    if (!isNode(c)) return generic(c.pair);
    const text = c.value.trim();
    return c.name + (text ? `=${canonicalValue(text)}` : '') + generic(c.children);
  });
  if (items.length > 1 && !items.some((c) => isNode(c) && UNSORTED_KEYS.includes(c.name))) values.sort(compareText);
  return values.join('');
};

const fieldText = (node: Node, order: Order | null): string => {
  const inner = order ? ordered(node.children, order) : '';
  let text = node.value.trim();
  if (text) {
    const name = node.name.toLowerCase();
    text = name.includes('time') && !name.includes('offset') ? canonicalTimestamp(text) : canonicalValue(text);
  }
  return text || inner ? `${node.name}${text ? `=${text}` : ''}${inner}` : '';
};

/** The fields of `list` that `order` names, in its order (consumed from `list`), then the level's extensions. */
const ordered = (list: Item[], order: Order): string => {
  const extensions = takeExtensions(list);
  let out = '';
  for (const [name, sub] of order) {
    const values: string[] = [];
    for (const child of list.filter((c): c is Node => isNode(c) && c.name === name)) {
      const text = fieldText(child, sub);
      if (text) values.push(text);
      if (!child.children.length) remove(list, child);
    }
    out += values.sort(compareText).join('');
  }
  return extensions.length ? out + generic(extensions) : out;
};

export type HashOptions = {
  /** The document's @context (its namespaces name the user extensions). */
  context?: unknown;
  /** The other events of the document (the CBV words they expand are read in all of them). */
  documentEvents?: Json[];
  /** Fields left out of the hash (the document's `…:ignoreFields`, as the reference reads it). */
  ignoredFields?: string[];
};

/** The pre-hash strings of a document's events (CBV 2.0 section 8.9). */
export const preHashStrings = (events: Json[], options: HashOptions = {}): string[] => {
  const vocabulary = [...expandedVocabulary(options.documentEvents ?? events)];
  const namespaces = contextNamespaces(options.context);
  const ignored = new Set(options.ignoredFields ?? []);
  return events.map((event) => {
    const tree = restructure(toTree(expandBareWords(event, vocabulary), namespaces, ignored));
    const list: Item[] = [...tree.children];
    const head = ordered(list, ORDER);
    const rest = list.filter((c) => !isNode(c) || !IGNORED.has(c.name));
    return `eventType=${tree.name}${head}${rest.length ? generic(rest) : ''}`;
  });
};

export const hashOfPreHash = (preHash: string): string =>
  `ni:///sha-256;${createHash('sha256').update(preHash, 'utf8').digest('hex')}?ver=CBV2.0`;

/** The event hash IDs of a document's events, in their order. */
export const eventHashIds = (events: Json[], options: HashOptions = {}): string[] =>
  preHashStrings(events, options).map(hashOfPreHash);

/** The event hash ID of one event (a document of its own). */
export const eventHashIdOf = (event: Json, context?: unknown): string => eventHashIds([event], { context })[0] ?? '';
