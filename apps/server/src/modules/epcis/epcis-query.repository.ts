import { and, asc, desc, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { epcisEvents } from '../../db/schema/index.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { Cmp, Criterion, FieldScope, Operand, OrderBy, SimpleEventQuery } from './epcis.query.js';

/**
 * The SQL of the SimpleEventQuery's criteria (epcis.query.ts), over `epcis_events`: its columns where there is one
 * (type, times, action, bizStep, disposition, readPoint, bizLocation, eventID, the GIN-indexed `epcs`), else the
 * event's JSON-LD (`document`) through SQL/JSON paths. Paths are built here from fixed parts and quoted field names;
 * every value is a bound parameter.
 */

/** The event's JSON-LD without its `@context` (whose term definitions are no event fields). */
const doc = sql`(${epcisEvents.document} - '@context')`;
const OPS: Record<Cmp, SQL> = { eq: sql`=`, gt: sql`>`, ge: sql`>=`, lt: sql`<`, le: sql`<=` };
/** A field name as a JSON path member (`."example:myField"`): JSON string quoting is the path language's. */
const member = (name: string) => `.${JSON.stringify(name)}`;
const path = (p: string) => sql`${p}::jsonpath`;
const texts = (values: string[]) => sql`${sql.param(values)}::text[]`;

/**
 * A number as text that PostgreSQL's numeric reads without error (bounded exponent), and an ISO 8601 instant with an
 * offset that timestamptz reads without error: real calendar days (leap years included), hours 00–23, offsets up to
 * ±15:59. They guard the casts below, so a malformed value in an event is no match, never an error (PostgreSQL 15 has
 * no pg_input_is_valid).
 */
const NUMERIC_TEXT = '^[+-]?([0-9]{1,100}([.][0-9]{0,100})?|[.][0-9]{1,100})([eE][+-]?[0-9]{1,3})?$';
const INSTANT_TEXT = [
  '^(',
  '[1-9][0-9]{3}-(0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])',
  '|[1-9][0-9]{3}-(0[469]|11)-(0[1-9]|[12][0-9]|30)',
  '|[1-9][0-9]{3}-02-(0[1-9]|1[0-9]|2[0-8])',
  '|([1-9][0-9](0[48]|[2468][048]|[13579][26])|([2468][048]|[13579][26])00)-02-29',
  ')T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9]([.][0-9]{1,9})?)?(Z|[+-](0[0-9]|1[0-5]):?[0-5][0-9])$',
].join('');
/** `v`, one JSON value, as a number when it is one (or a numeric string), else null. */
const asNumber = sql`(case when jsonb_typeof(v) = 'number' or (jsonb_typeof(v) = 'string' and v #>> '{}' ~ ${NUMERIC_TEXT}) then (v #>> '{}')::numeric end)`;
/** `v` as an instant when it is a date-time string with an offset, else null. */
const asTime = sql`(case when jsonb_typeof(v) = 'string' and v #>> '{}' ~ ${INSTANT_TEXT} then (v #>> '{}')::timestamptz end)`;
const asText = sql`(case when jsonb_typeof(v) in ('string', 'number', 'boolean') then v #>> '{}' end)`;

/** Some value at one of `paths` of the event's document satisfies `condition` (on `v`). */
const someValue = (paths: string[], condition: SQL): SQL =>
  sql`exists (select 1 from (${sql.join(
    paths.map((p) => sql`select v from jsonb_path_query(${doc}, ${path(p)}) v`),
    sql` union all `,
  )}) found where ${condition})`;

const operandSql = (cmp: Cmp, operand: Operand): SQL => {
  if (operand.kind === 'text') return sql`${asText} = any(${texts(operand.values)})`;
  if (operand.kind === 'number') return sql`${asNumber} ${OPS[cmp]} ${operand.value}`;
  return sql`${asTime} ${OPS[cmp]} ${operand.value.toISOString()}::timestamptz`;
};

const SCOPE_PATH: Record<FieldScope, string> = {
  event: '$',
  ilmd: '$.ilmd',
  errorDeclaration: '$.errorDeclaration',
  readPoint: '$.readPoint',
  bizLocation: '$.bizLocation',
  sensorElement: '$.sensorElementList[*]',
  sensorMetadata: '$.sensorElementList[*].sensorMetadata',
  sensorReport: '$.sensorElementList[*].sensorReport[*]',
};
/** Where an extension field is: directly in its scope, or (INNER_) nested at any depth within one of its members. */
const fieldPath = (scope: FieldScope, inner: boolean, name: string) =>
  `${SCOPE_PATH[scope]}${inner ? '.*.**' : ''}${member(name)}`;

const COLUMNS = {
  eventType: epcisEvents.eventType,
  action: epcisEvents.action,
  bizStep: epcisEvents.bizStep,
  disposition: epcisEvents.disposition,
  eventId: epcisEvents.eventId,
  readPoint: epcisEvents.readPoint,
  bizLocation: epcisEvents.bizLocation,
  eventTime: epcisEvents.eventTime,
  recordTime: epcisEvents.recordTime,
} as const;

const PRIVATE_LOCATION = /^urn:x-rfid-stock:location:(\d+)$/;
const GLN_DL = /^https:\/\/id\.gs1\.org\/414\/(\d{13})$/;
const SGLN_GLN = /^urn:epc:id:sgln:(\d+)\.(\d*)\.0$/;

/**
 * WD_readPoint / WD_bizLocation: the place itself (in either form), and what is within it: for a GLN (an SGLN of
 * extension 0, or its Digital Link without AI 254), every SGLN of that GLN (any extension, either form); for one of
 * the company's locations (its GLN or the product's own location URN), the areas of that location.
 */
const withinSql = (
  companyId: number,
  column: typeof epcisEvents.readPoint | typeof epcisEvents.bizLocation,
  values: string[],
  forms: string[],
): SQL => {
  const parts: SQL[] = [sql`${column} = any(${texts(forms)})`];
  const glns: string[] = [];
  const locationIds: number[] = [];
  for (const v of values) {
    const dl = GLN_DL.exec(v);
    if (dl) {
      parts.push(sql`starts_with(${column}, ${`${v}/254/`})`);
      glns.push(dl[1] as string);
    }
    const sgln = SGLN_GLN.exec(v);
    if (sgln) parts.push(sql`starts_with(${column}, ${`urn:epc:id:sgln:${sgln[1]}.${sgln[2]}.`})`);
    const own = PRIVATE_LOCATION.exec(v);
    if (own) locationIds.push(Number(own[1]));
  }
  for (const f of forms) {
    const dl = GLN_DL.exec(f);
    if (dl && !glns.includes(dl[1] as string)) {
      parts.push(sql`starts_with(${column}, ${`${f}/254/`})`);
      glns.push(dl[1] as string);
    }
    // The URN forms of a GLN's location (extension 0): every SGLN of that GLN.
    const sgln = SGLN_GLN.exec(f);
    if (sgln && !values.includes(f)) parts.push(sql`starts_with(${column}, ${`urn:epc:id:sgln:${sgln[1]}.${sgln[2]}.`})`);
  }
  if (glns.length || locationIds.length) {
    parts.push(sql`${column} in (select 'urn:x-rfid-stock:area:' || a.id from areas a join locations l on l.id = a.location_id
      where l.company_id = ${companyId} and (l.gln = any(${texts(glns)}) or l.id = any(${sql.param(locationIds)}::int[])))`);
  }
  return sql`(${sql.join(parts, sql` or `)})`;
};

const EPC_PATHS: Record<string, string> = {
  epcList: '$.epcList[*]',
  childEPCs: '$.childEPCs[*]',
  parentID: '$.parentID',
  inputEPCList: '$.inputEPCList[*]',
  outputEPCList: '$.outputEPCList[*]',
};

const idMatch = (values: string[], patterns: string[]): SQL => {
  const parts: SQL[] = [];
  if (values.length) parts.push(sql`${asText} = any(${texts(values)})`);
  for (const p of patterns) parts.push(sql`${asText} ~ ${p}`);
  return sql`(${sql.join(parts, sql` or `)})`;
};

/** One criterion as a condition on an `epcis_events` row. */
export const criterionSql = (companyId: number, c: Criterion, idForms: (values: string[]) => string[]): SQL => {
  switch (c.kind) {
    case 'column':
      return inArray(COLUMNS[c.column], c.values);
    case 'time':
      return c.cmp === 'ge' ? gte(COLUMNS[c.column], c.at) : lt(COLUMNS[c.column], c.at);
    case 'place': {
      const forms = idForms(c.values);
      return c.withDescendants ? withinSql(companyId, COLUMNS[c.column], c.values, forms) : inArray(COLUMNS[c.column], forms);
    }
    case 'epc': {
      const found = someValue(
        c.fields.map((f) => EPC_PATHS[f] as string),
        idMatch(c.values, c.patterns),
      );
      // The GIN index of every EPC an event names narrows exact matches first.
      return c.patterns.length ? found : sql`(${epcisEvents.epcs} && ${texts(c.values)} and ${found})`;
    }
    case 'epcClass':
      return someValue(
        c.lists.map((l) => `$.${l}[*].epcClass`),
        idMatch(c.values, c.patterns),
      );
    case 'quantity': {
      const paths = ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'].map((l) => `$.${l}[*]`);
      const quantity = sql`(case when jsonb_typeof(v -> 'quantity') = 'number' then (v ->> 'quantity')::numeric end)`;
      const value =
        c.cmp === 'eq'
          ? sql`${quantity} = any(${sql.param(c.values)}::numeric[])`
          : sql`${quantity} ${OPS[c.cmp]} ${c.values[0] ?? 0}`;
      return someValue(paths, c.uom ? sql`${value} and v ->> 'uom' = ${c.uom}` : value);
    }
    case 'sensorValue': {
      const number = sql`(case when jsonb_typeof(v -> ${c.field}) = 'number' then (v ->> ${c.field})::numeric end)`;
      const value =
        c.cmp === 'eq'
          ? sql`${number} = any(${sql.param(c.values)}::numeric[])`
          : sql`${number} ${OPS[c.cmp]} ${c.values[0] ?? 0}`;
      return someValue(['$.sensorElementList[*].sensorReport[*]'], c.uom ? sql`${value} and v ->> 'uom' = ${c.uom}` : value);
    }
    case 'persistentDisposition':
      return someValue([`$.persistentDisposition.${c.which}[*]`], sql`${asText} = any(${texts(c.values)})`);
    case 'typedList': {
      const key = c.list === 'bizTransactionList' ? 'bizTransaction' : c.list === 'sourceList' ? 'source' : 'destination';
      return someValue([`$.${c.list}[*]`], sql`v ->> 'type' = any(${texts(c.types)}) and v ->> ${key} = any(${texts(c.values)})`);
    }
    case 'exists':
      return sql`jsonb_path_exists(${doc}, ${path(c.field === 'errorDeclaration' ? '$.errorDeclaration' : '$.sensorElementList[*]')})`;
    case 'jsonText':
      return someValue([c.path], sql`${asText} = any(${texts(c.values)})`);
    case 'jsonTime':
      return someValue([c.path], sql`${asTime} ${OPS[c.cmp]} ${c.at.toISOString()}::timestamptz`);
    case 'field': {
      const p = fieldPath(c.scope, c.inner, c.name);
      if (c.cmp === 'exists' || !c.operand) return sql`jsonb_path_exists(${doc}, ${path(p)})`;
      return someValue([p], operandSql(c.cmp, c.operand));
    }
    case 'nothing':
      return sql`false`;
  }
};

/** The events a user sees: the company's, and of them only those of locations in scope (scoped users). */
export const visibleTo = (user: Pick<AuthUser, 'companyId' | 'locationIds'>): SQL => {
  const company = eq(epcisEvents.companyId, user.companyId);
  if (user.locationIds === null) return company;
  return and(company, inArray(epcisEvents.locationId, user.locationIds.length ? user.locationIds : [0])) as SQL;
};

export const whereOf = (
  user: Pick<AuthUser, 'companyId' | 'locationIds'>,
  query: Pick<SimpleEventQuery, 'criteria'>,
  idForms: (values: string[]) => string[],
  { afterId, minRecordTime }: { afterId?: number; minRecordTime?: Date } = {},
): SQL =>
  and(
    visibleTo(user),
    ...query.criteria.map((c) => criterionSql(user.companyId, c, idForms)),
    afterId ? gt(epcisEvents.id, afterId) : undefined,
    minRecordTime ? gte(epcisEvents.recordTime, minRecordTime) : undefined,
  ) as SQL;

/** The order of an answer: by `orderBy` (an extension field numerically, else as text), then by id. */
export const orderOf = (orderBy: OrderBy | null, direction: 'ASC' | 'DESC'): SQL[] => {
  const dir = direction === 'ASC' ? asc : desc;
  if (!orderBy) return [asc(epcisEvents.id)];
  if (orderBy.kind === 'column') return [dir(COLUMNS[orderBy.column]), dir(epcisEvents.id)];
  const value = sql`${epcisEvents.document} -> ${orderBy.name}`;
  const number = sql`(case when jsonb_typeof(${value}) = 'number' then (${value} #>> '{}')::numeric end)`;
  const text = sql`(${value} #>> '{}')`;
  const nulls = sql.raw(direction === 'ASC' ? 'asc nulls last' : 'desc nulls last');
  return [sql`${number} ${nulls}`, sql`${text} ${nulls}`, dir(epcisEvents.id)];
};
