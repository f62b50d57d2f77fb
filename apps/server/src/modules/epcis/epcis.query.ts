import { canonicalDigitalLink } from './epcis.identity.js';

/**
 * The EPCIS 2.0 SimpleEventQuery (standard section 8.2.7.1; the REST binding's query-schema.json): its parameters read
 * into typed criteria the repository turns into SQL (epcis.repository.ts `criterionSql`). Pure: no database here.
 * A parameter the standard does not define, a malformed value or an unknown event type is a QueryParameterException.
 */

/** One parameter's value as it came: a query string's text (pipe-delimited lists), or a named query's JSON value. */
export type RawValue = string | number | boolean | null | undefined | (string | number | boolean)[];
export type RawQuery = Record<string, RawValue>;

export type Cmp = 'eq' | 'gt' | 'ge' | 'lt' | 'le';
/** Lists of EPCs an event names (MATCH_epc, MATCH_parentID, …). */
export type EpcField = 'epcList' | 'childEPCs' | 'parentID' | 'inputEPCList' | 'outputEPCList';
/** Lists of quantity elements (MATCH_epcClass, …, EQ_quantity). */
export type QuantityList = 'quantityList' | 'childQuantityList' | 'inputQuantityList' | 'outputQuantityList';
/** Where an extension field is looked for: the event's top level, its ilmd, its errorDeclaration, … */
export type FieldScope =
  | 'event'
  | 'ilmd'
  | 'errorDeclaration'
  | 'readPoint'
  | 'bizLocation'
  | 'sensorElement'
  | 'sensorMetadata'
  | 'sensorReport';
/** A comparison value: text (EQ lists), a number or an instant. */
export type Operand = { kind: 'text'; values: string[] } | { kind: 'number'; value: number } | { kind: 'time'; value: Date };

export type Criterion =
  | { kind: 'column'; column: 'eventType' | 'action' | 'bizStep' | 'disposition' | 'eventId'; values: string[] }
  | { kind: 'time'; column: 'eventTime' | 'recordTime'; cmp: 'ge' | 'lt'; at: Date }
  | { kind: 'place'; column: 'readPoint' | 'bizLocation'; withDescendants: boolean; values: string[] }
  | { kind: 'epc'; fields: EpcField[]; values: string[]; patterns: RegExpSource[] }
  | { kind: 'epcClass'; lists: QuantityList[]; values: string[]; patterns: RegExpSource[] }
  | { kind: 'quantity'; cmp: Cmp; values: number[]; uom: string | null }
  | { kind: 'persistentDisposition'; which: 'set' | 'unset'; values: string[] }
  | { kind: 'typedList'; list: 'bizTransactionList' | 'sourceList' | 'destinationList'; types: string[]; values: string[] }
  | { kind: 'exists'; field: 'errorDeclaration' | 'sensorElementList' }
  | { kind: 'jsonText'; path: string; values: string[] }
  | { kind: 'jsonTime'; path: string; cmp: 'ge' | 'lt'; at: Date }
  | { kind: 'sensorValue'; field: string; cmp: Cmp; values: number[]; uom: string | null }
  | { kind: 'field'; scope: FieldScope; inner: boolean; name: string; cmp: Cmp | 'exists'; operand: Operand | null }
  /** Master data attributes (HASATTR_, EQATTR_): the product keeps no master data, so no event has any. */
  | { kind: 'nothing' };

/** An anchored regular expression (PostgreSQL `~`) an EPC pattern stands for. */
export type RegExpSource = string;

export type OrderBy = { kind: 'column'; column: 'eventTime' | 'recordTime' } | { kind: 'field'; name: string };
export type SimpleEventQuery = {
  criteria: Criterion[];
  orderBy: OrderBy | null;
  orderDirection: 'ASC' | 'DESC';
  eventCountLimit: number | null;
  maxEventCount: number | null;
};

export const EVENT_TYPES = ['ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'TransformationEvent', 'AssociationEvent'];
export const ACTIONS = ['ADD', 'OBSERVE', 'DELETE'];

/** A QueryParameterException: the parameter and what is wrong with it (English, the standard's exception detail). */
export class QueryParameterError extends Error {
  constructor(
    readonly parameter: string,
    readonly problem: string,
  ) {
    super(`${parameter}: ${problem}`);
  }
}

const fail = (parameter: string, problem: string): never => {
  throw new QueryParameterError(parameter, problem);
};

const listOf = (name: string, raw: RawValue): string[] => {
  if (raw === null || raw === undefined) return [];
  const items = Array.isArray(raw) ? raw.map(String) : String(raw).split('|');
  const values = items.map((v) => v.trim()).filter(Boolean);
  if (!values.length) fail(name, 'no value');
  return values;
};
const single = (name: string, raw: RawValue): string => {
  const values = listOf(name, raw);
  if (values.length !== 1) fail(name, 'one value expected');
  return values[0] as string;
};
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const timeOf = (name: string, raw: RawValue): Date => {
  // An unencoded `+01:00` arrives as ` 01:00` (form encoding): read it as the offset it was.
  const text = single(name, raw).replace(/ (\d{2}:?\d{2})$/, '+$1');
  const at = new Date(text);
  if (!ISO_TIME.test(text) || Number.isNaN(at.getTime())) fail(name, 'not a date-time (ISO 8601 with an offset)');
  return at;
};
const numberOf = (name: string, raw: RawValue): number => {
  const text = single(name, raw);
  const n = Number(text);
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) || !Number.isFinite(n)) fail(name, 'not a number');
  return n;
};
const numbersOf = (name: string, raw: RawValue): number[] =>
  listOf(name, raw).map((v) => {
    const n = Number(v);
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v) || !Number.isFinite(n)) fail(name, 'not a number');
    return n;
  });
const countOf = (name: string, raw: RawValue): number => {
  const n = numberOf(name, raw);
  if (!Number.isInteger(n) || n < 1) fail(name, 'a positive integer expected');
  return n;
};
const uris = (name: string, raw: RawValue): string[] => {
  const values = listOf(name, raw);
  for (const v of values) if (!/^[a-z][a-z0-9+.-]*:\S+$/i.test(v)) fail(name, `not a URI: ${v}`);
  return values;
};

/** A CBV value asked as a bare word, a GS1 Web URI or a URN: each of its forms (events keep the form they came in). */
const cbvForms = (values: string[], web: string, urn: string) =>
  values.flatMap((v) => {
    const bare = v.replace(`https://ref.gs1.org/cbv/${web}`, '').replace(urn, '');
    return [...new Set([v, bare, `https://ref.gs1.org/cbv/${web}${bare}`, `${urn}${bare}`])];
  });
const BIZ_STEP = ['BizStep-', 'urn:epcglobal:cbv:bizstep:'] as const;
const DISPOSITION = ['Disp-', 'urn:epcglobal:cbv:disp:'] as const;
const BTT = ['BTT-', 'urn:epcglobal:cbv:btt:'] as const;
const SDT = ['SDT-', 'urn:epcglobal:cbv:sdt:'] as const;
const ER = ['ER-', 'urn:epcglobal:cbv:er:'] as const;

const PREFIX_LENGTHS = [6, 7, 8, 9, 10, 11, 12];
/**
 * The EPC URNs a canonical Digital Link may stand for: a URN splits the key at the GS1 Company Prefix, whose length the
 * Digital Link does not tell, so one per possible length (6 to 12 digits). SGTIN, SSCC, SGLN and LGTIN classes.
 */
export const urnCandidates = (link: string): string[] => {
  const path = link.startsWith('https://id.gs1.org/') ? link.slice('https://id.gs1.org'.length) : '';
  const item = /^\/01\/(\d{14})\/(21|10)\/([^/?#]+)$/.exec(path);
  if (item) {
    const [, gtin = '', ai, tail = ''] = item;
    const serial = decodeURIComponent(tail);
    return PREFIX_LENGTHS.map((n) => {
      const reference = `${gtin[0]}${gtin.slice(1 + n, 13)}`;
      return ai === '21'
        ? `urn:epc:id:sgtin:${gtin.slice(1, 1 + n)}.${reference}.${serial}`
        : `urn:epc:class:lgtin:${gtin.slice(1, 1 + n)}.${reference}.${serial}`;
    });
  }
  const sscc = /^\/00\/(\d{18})$/.exec(path);
  if (sscc) {
    const digits = sscc[1] ?? '';
    return PREFIX_LENGTHS.map((n) => `urn:epc:id:sscc:${digits.slice(1, 1 + n)}.${digits[0]}${digits.slice(1 + n, 17)}`);
  }
  const gln = /^\/414\/(\d{13})(?:\/254\/([^/?#]+))?$/.exec(path);
  if (gln) {
    const [, digits = '', extension] = gln;
    const ext = extension === undefined ? '0' : decodeURIComponent(extension);
    return PREFIX_LENGTHS.map((n) => `urn:epc:id:sgln:${digits.slice(0, n)}.${digits.slice(n, 12)}.${ext}`);
  }
  return [];
};

/**
 * An identifier asked in one form: the forms it may be stored in (as given, its canonical GS1 Digital Link, and the
 * EPC URNs that Digital Link may stand for): an event keeps the form it was captured in.
 */
export const idForms = (values: string[]): string[] => [
  ...new Set(
    values.flatMap((v) => {
      const link = canonicalDigitalLink(v);
      return [v, link, ...urnCandidates(link)];
    }),
  ),
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * EPC patterns (`urn:epc:idpat:sgtin:0614141.107346.*`, `…:0614141.*.*`) as anchored regular expressions over pure
 * identity URIs; for classes (`epcClass`), an SGTIN pattern also matches the LGTIN classes of its GTIN.
 */
const patternRegExp = (name: string, pattern: string, forClasses: boolean): RegExpSource => {
  const m = /^urn:epc:idpat:([a-z0-9-]+):(.+)$/i.exec(pattern);
  if (!m) return fail(name, `not an EPC pattern: ${pattern}`);
  const [, scheme = '', body = ''] = m;
  const parts = body.split('.').map((p) => (p === '*' ? '[^.:]+' : escapeRegExp(p)));
  const tail = parts.join('\\.');
  const schemes = forClasses && scheme === 'sgtin' ? '(id:sgtin|class:lgtin|idpat:sgtin)' : `(id|idpat):${escapeRegExp(scheme)}`;
  return `^urn:epc:${schemes}:${tail}$`;
};
const epcValues = (name: string, raw: RawValue, forClasses = false) => {
  const values = uris(name, raw);
  const patterns = values.filter((v) => v.startsWith('urn:epc:idpat:'));
  return {
    values: idForms(values.filter((v) => !patterns.includes(v))),
    patterns: patterns.map((p) => patternRegExp(name, p, forClasses)),
  };
};

const EPC_PARAMS: Record<string, EpcField[]> = {
  MATCH_epc: ['epcList', 'childEPCs'],
  MATCH_parentID: ['parentID'],
  MATCH_inputEPC: ['inputEPCList'],
  MATCH_outputEPC: ['outputEPCList'],
  MATCH_anyEPC: ['epcList', 'childEPCs', 'parentID', 'inputEPCList', 'outputEPCList'],
};
const CLASS_PARAMS: Record<string, QuantityList[]> = {
  MATCH_epcClass: ['quantityList', 'childQuantityList'],
  MATCH_inputEPCClass: ['inputQuantityList'],
  MATCH_outputEPCClass: ['outputQuantityList'],
  MATCH_anyEPCClass: ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'],
};
/** Sensor metadata fields compared as URIs/text (EQ_deviceID, …): their JSON path in an event. */
const SENSOR_TEXT: Record<string, string> = {
  EQ_type: '$.sensorElementList[*].sensorReport[*].type',
  EQ_deviceID: '$.sensorElementList[*].sensorMetadata.deviceID',
  EQ_dataProcessingMethod: '$.sensorElementList[*].sensorMetadata.dataProcessingMethod',
  EQ_bizRules: '$.sensorElementList[*].sensorMetadata.bizRules',
  EQ_microorganism: '$.sensorElementList[*].sensorReport[*].microorganism',
  EQ_chemicalSubstance: '$.sensorElementList[*].sensorReport[*].chemicalSubstance',
  EQ_stringValue: '$.sensorElementList[*].sensorReport[*].stringValue',
  EQ_hexBinaryValue: '$.sensorElementList[*].sensorReport[*].hexBinaryValue',
  EQ_uriValue: '$.sensorElementList[*].sensorReport[*].uriValue',
  EQ_deviceMetadata: '$.sensorElementList[*].sensorMetadata.deviceMetadata',
  EQ_rawData: '$.sensorElementList[*].sensorMetadata.rawData',
};
const SENSOR_TIMES: Record<string, string> = {
  time: '$.sensorElementList[*].sensorMetadata.time',
  startTime: '$.sensorElementList[*].sensorMetadata.startTime',
  endTime: '$.sensorElementList[*].sensorMetadata.endTime',
};
const CMP: Record<string, Cmp> = { EQ: 'eq', GT: 'gt', GE: 'ge', LT: 'lt', LE: 'le' };
const UOM = '[A-Z0-9]{2,4}';
/** An extension field's name as the document has it: a compact IRI (`example:myField`) or a full one. */
const FIELD = '([A-Za-z][\\w.-]*:[^\\s|]+)';
const FIELD_SCOPES: [string, FieldScope, boolean][] = [
  ['INNER_ILMD_', 'ilmd', true],
  ['INNER_ERROR_DECLARATION_', 'errorDeclaration', true],
  ['INNER_readPoint_', 'readPoint', true],
  ['INNER_bizLocation_', 'bizLocation', true],
  ['INNER_', 'event', true],
  ['ILMD_', 'ilmd', false],
  ['ERROR_DECLARATION_', 'errorDeclaration', false],
  ['readPoint_', 'readPoint', false],
  ['bizLocation_', 'bizLocation', false],
  ['SENSORELEMENT_', 'sensorElement', false],
  ['SENSORMETADATA_', 'sensorMetadata', false],
  ['SENSORREPORT_', 'sensorReport', false],
  ['', 'event', false],
];
/** Parameters of the REST binding that are not query criteria (paging). */
export const PAGING_PARAMS = new Set(['perPage', 'nextPageToken']);

/** A value of an extension field filter: a number, an instant, or (EQ only) a list of texts. */
const operandOf = (name: string, cmp: Cmp, raw: RawValue): Operand => {
  if (typeof raw === 'number') return { kind: 'number', value: raw };
  if (cmp === 'eq') {
    const values = listOf(name, raw);
    if (values.length === 1 && ISO_TIME.test(values[0] as string)) return { kind: 'time', value: timeOf(name, raw) };
    return { kind: 'text', values };
  }
  const text = single(name, raw);
  if (ISO_TIME.test(text)) return { kind: 'time', value: timeOf(name, raw) };
  return { kind: 'number', value: numberOf(name, raw) };
};

/** One parameter as a criterion (or an error). */
const criterionOf = (name: string, raw: RawValue): Criterion => {
  switch (name) {
    case 'eventType': {
      const values = listOf(name, raw);
      for (const v of values) if (!EVENT_TYPES.includes(v)) fail(name, `unknown event type: ${v}`);
      return { kind: 'column', column: 'eventType', values };
    }
    case 'GE_eventTime':
    case 'LT_eventTime':
    case 'GE_recordTime':
    case 'LT_recordTime':
      return {
        kind: 'time',
        column: name.endsWith('eventTime') ? 'eventTime' : 'recordTime',
        cmp: name.startsWith('GE') ? 'ge' : 'lt',
        at: timeOf(name, raw),
      };
    case 'EQ_action': {
      const values = listOf(name, raw);
      for (const v of values) if (!ACTIONS.includes(v)) fail(name, `unknown action: ${v}`);
      return { kind: 'column', column: 'action', values };
    }
    case 'EQ_bizStep':
      return { kind: 'column', column: 'bizStep', values: cbvForms(listOf(name, raw), ...BIZ_STEP) };
    case 'EQ_disposition':
      return { kind: 'column', column: 'disposition', values: cbvForms(listOf(name, raw), ...DISPOSITION) };
    case 'EQ_persistentDisposition_set':
    case 'EQ_persistentDisposition_unset':
      return {
        kind: 'persistentDisposition',
        which: name.endsWith('_set') ? 'set' : 'unset',
        values: cbvForms(listOf(name, raw), ...DISPOSITION),
      };
    case 'EQ_readPoint':
    case 'WD_readPoint':
    case 'EQ_bizLocation':
    case 'WD_bizLocation':
      return {
        kind: 'place',
        column: name.endsWith('readPoint') ? 'readPoint' : 'bizLocation',
        withDescendants: name.startsWith('WD_'),
        values: uris(name, raw),
      };
    case 'EQ_transformationID':
      return { kind: 'jsonText', path: '$.transformationID', values: idForms(uris(name, raw)) };
    case 'EQ_eventID':
      return { kind: 'column', column: 'eventId', values: listOf(name, raw) };
    case 'EXISTS_errorDeclaration':
      return { kind: 'exists', field: 'errorDeclaration' };
    case 'EXISTS_sensorElementList':
      return { kind: 'exists', field: 'sensorElementList' };
    case 'GE_errorDeclarationTime':
    case 'LT_errorDeclarationTime':
    case 'GE_errorDeclaration_Time':
    case 'LT_errorDeclaration_Time':
      return {
        kind: 'jsonTime',
        path: '$.errorDeclaration.declarationTime',
        cmp: name.startsWith('GE') ? 'ge' : 'lt',
        at: timeOf(name, raw),
      };
    case 'EQ_errorReason':
      return { kind: 'jsonText', path: '$.errorDeclaration.reason', values: cbvForms(listOf(name, raw), ...ER) };
    case 'EQ_correctiveEventID':
      return { kind: 'jsonText', path: '$.errorDeclaration.correctiveEventIDs[*]', values: listOf(name, raw) };
    case 'EQ_booleanValue': {
      const v = single(name, raw);
      if (v !== 'true' && v !== 'false') fail(name, 'true or false expected');
      return { kind: 'jsonText', path: '$.sensorElementList[*].sensorReport[*].booleanValue', values: [v] };
    }
  }
  const epcFields = EPC_PARAMS[name];
  if (epcFields) return { kind: 'epc', fields: epcFields, ...epcValues(name, raw) };
  const classLists = CLASS_PARAMS[name];
  if (classLists) return { kind: 'epcClass', lists: classLists, ...epcValues(name, raw, true) };
  const sensorPath = SENSOR_TEXT[name];
  if (sensorPath) return { kind: 'jsonText', path: sensorPath, values: listOf(name, raw) };

  let m = /^(GE|LT)_(time|startTime|endTime)$/.exec(name);
  if (m) {
    const path = SENSOR_TIMES[m[2] as string] as string;
    return { kind: 'jsonTime', path, cmp: m[1] === 'GE' ? 'ge' : 'lt', at: timeOf(name, raw) };
  }
  m = new RegExp(`^(EQ|GT|GE|LT|LE)_quantity(?:_(${UOM}))?$`).exec(name);
  if (m) {
    const cmp = CMP[m[1] as string] as Cmp;
    const values = cmp === 'eq' ? numbersOf(name, raw) : [numberOf(name, raw)];
    return { kind: 'quantity', cmp, values, uom: m[2] ?? null };
  }
  m = new RegExp(`^(EQ|GT|GE|LT|LE)_(value|minValue|maxValue|meanValue|sDev|percValue|percRank)(?:_(${UOM}))?$`).exec(name);
  if (m) {
    const cmp = CMP[m[1] as string] as Cmp;
    const values = cmp === 'eq' ? numbersOf(name, raw) : [numberOf(name, raw)];
    return { kind: 'sensorValue', field: m[2] as string, cmp, values, uom: m[3] ?? null };
  }
  m = /^EQ_(bizTransaction|source|destination)_(.+)$/.exec(name);
  if (m) {
    const list = `${m[1]}List` as 'bizTransactionList' | 'sourceList' | 'destinationList';
    const type = m[2] as string;
    const [web, urn] = list === 'bizTransactionList' ? BTT : SDT;
    return { kind: 'typedList', list, types: cbvForms([type], web, urn), values: idForms(uris(name, raw)) };
  }
  if (/^(HASATTR_|EQATTR_|EQ_ATTR_)/.test(name)) {
    listOf(name, raw);
    return { kind: 'nothing' };
  }
  for (const [prefix, scope, inner] of FIELD_SCOPES) {
    m = new RegExp(`^(EQ|GT|GE|LT|LE|EXISTS)_${prefix}${FIELD}$`).exec(name);
    if (!m) continue;
    const field = m[2] as string;
    if (m[1] === 'EXISTS') return { kind: 'field', scope, inner, name: field, cmp: 'exists', operand: null };
    const cmp = CMP[m[1] as string] as Cmp;
    return { kind: 'field', scope, inner, name: field, cmp, operand: operandOf(name, cmp, raw) };
  }
  return fail(name, 'not a parameter of the SimpleEventQuery');
};

/** Reads a query (REST query string or named query body) into criteria, order and limits. */
export const parseSimpleEventQuery = (raw: RawQuery): SimpleEventQuery => {
  const query: SimpleEventQuery = {
    criteria: [],
    orderBy: null,
    orderDirection: 'DESC',
    eventCountLimit: null,
    maxEventCount: null,
  };
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || PAGING_PARAMS.has(name)) continue;
    if (name === 'orderBy') {
      const by = single(name, value);
      if (by === 'eventTime' || by === 'recordTime') query.orderBy = { kind: 'column', column: by };
      else if (new RegExp(`^${FIELD}$`).test(by)) query.orderBy = { kind: 'field', name: by };
      else fail(name, 'eventTime, recordTime or an extension field expected');
    } else if (name === 'orderDirection') {
      const direction = single(name, value);
      if (direction !== 'ASC' && direction !== 'DESC') fail(name, 'ASC or DESC expected');
      query.orderDirection = direction as 'ASC' | 'DESC';
    } else if (name === 'eventCountLimit') query.eventCountLimit = countOf(name, value);
    else if (name === 'maxEventCount') query.maxEventCount = countOf(name, value);
    else query.criteria.push(criterionOf(name, value));
  }
  if (query.eventCountLimit !== null && query.maxEventCount !== null) {
    fail('eventCountLimit', 'eventCountLimit and maxEventCount may not be given together');
  }
  if (query.eventCountLimit !== null && !query.orderBy) fail('eventCountLimit', 'only with orderBy');
  return query;
};
