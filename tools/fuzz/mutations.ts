// The fuzz suite's pure part: the OpenAPI document → operations, and a seeded plan of hostile requests.

/** A JSON Schema as @fastify/swagger writes it (the parts the fuzzer reads). */
export type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
};

type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };

export type Operation = {
  /** "GET /api/porders/{id}/" */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: Schema | undefined;
  multipart: boolean;
  isPublic: boolean;
};

/** What the judge needs to know about a request: text of its own that an answer may echo. */
export type Check = { echo?: string; nms?: boolean };

export type FuzzRequest = {
  operation: string;
  kind: string;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | Record<string, unknown> | unknown[] | undefined;
  auth: 'admin' | 'none' | 'bad';
  check: Check;
};

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

type OpenApi = {
  paths?: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
        security?: unknown[];
        summary?: string;
      }
    >
  >;
};

/** Every operation of the document. */
export const readOperations = (doc: OpenApi): Operation[] => {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      const multipart = Boolean(content['multipart/form-data']) || /multipart/i.test(op.summary ?? '');
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: json,
        multipart,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  return operations;
};

/** mulberry32: a small seeded generator, so a failing run replays with its seed. */
export const rng = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return { next, int, pick, shuffle };
};
type Rng = ReturnType<typeof rng>;

const typesOf = (schema: Schema): string[] => {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  const inner = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return inner ? inner.flatMap(typesOf) : [];
};

const isDateLike = (name: string, schema: Schema | undefined): boolean =>
  schema?.format === 'date-time' ||
  schema?.format === 'date' ||
  /(date|time|_at$|^day|__gte$|__lte$|^from$|^to$|start|end)/i.test(name);

/** A plausible valid value for a schema (the request a mutation then breaks in one place). */
export const sample = (schema: Schema | undefined, r: Rng, name = '', depth = 0): unknown => {
  if (!schema || depth > 6) return 'fuzz';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return r.pick(schema.enum);
  if (schema.default !== undefined && r.next() < 0.3) return schema.default;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) {
    const usable = choices.filter((c) => !typesOf(c).includes('null'));
    return sample(r.pick(usable.length ? usable : choices), r, name, depth + 1);
  }
  if (schema.allOf?.length) return sample(schema.allOf[0], r, name, depth + 1);
  const [type] = typesOf(schema).filter((t) => t !== 'null');
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 1;
      const max = schema.maximum ?? Math.max(min, 5);
      return Math.min(max, Math.max(min, 1 + r.int(3)));
    }
    case 'boolean':
      return r.next() < 0.5;
    case 'array':
      return [sample(schema.items, r, name, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || r.next() < 0.5) out[key] = sample(prop, r, key, depth + 1);
      }
      return out;
    }
    default: {
      if (schema.format === 'uuid') return '0b9a3f0e-5d5c-4a44-9a36-6b1f3f0e0001';
      if (schema.format === 'email' || /email|username/i.test(name)) return 'fuzz@example.com';
      if (isDateLike(name, schema)) return r.pick(['2026-01-15', '2026-01-15T10:00:00Z', '2026-01-15 10:00:00']);
      if (schema.pattern && /\\d/.test(schema.pattern) && !/[a-z]/i.test(schema.pattern.replace(/\\[dDsSwW]/g, ''))) return '1';
      if (/gtin|ean/i.test(name)) return '8437012000017';
      if (/epc/i.test(name)) return '30395DFA8318D84000000001';
      return 'fuzz';
    }
  }
};

const MB = 'x'.repeat(1_048_576);
const NUL = ['a\u0000b', '\u0000', 'x\u0000'];
const NUMBERS_JSON: unknown[] = [
  2147483648, -2147483649, 4294967296, 9007199254740992, -9007199254740987, 1e308, -1e308, 1.5, -1, 0, 32768, 100000,
];
const NUMBERS_TEXT = [
  '2147483648',
  '3000000000',
  '-2147483649',
  '9'.repeat(77),
  '1.5',
  '1e400',
  '-1',
  '0',
  '100000',
  '0x10',
  'NaN',
  'Infinity',
];
const DATES = [
  '275760-09-13',
  '0001-01-01',
  '0000-01-01T00:00:00Z',
  '2024-02-30',
  '-000001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '10000-01-01',
  '2024-01-01T25:61:00Z',
  '1e10',
  '1969-12-31',
];
const WRONG_JSON: unknown[] = [{}, [], true, 'abc', null, [[[]]], { a: { b: 1 } }];
const WRONG_TEXT = ['abc', '[]', 'true', '', '{}', ' ', '%', '--'];
const PROTO_QUERY: Record<string, string>[] = [
  { constructor: '1' },
  { toString: '1' },
  { __proto__x: '1' },
  { hasOwnProperty__icontains: 'a' },
  { valueOf__gte: '1' },
  { order_by: '__proto__' },
  { order_by: 'constructor' },
  { order_by: '-toString,hasOwnProperty' },
  { __defineGetter__: '1' },
];
const PROTO_BODY_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype'];
const INVALID_JSON = ['{"a":', '[1,2', '{"a":1}}', 'nul', '\u0000', '{"a":"\\ud800"}', '{"a":1e999999}', '{'.repeat(5000)];

export const MUTATION_CLASSES = [
  'baseline',
  'wrong-type',
  'number-range',
  'nul-byte',
  'huge-string',
  'odd-date',
  'proto-keys',
  'truncated-multipart',
  'invalid-json',
  'unauthenticated',
] as const;
export type MutationClass = (typeof MUTATION_CLASSES)[number];

/** A concrete request: the base values of an operation, then one part broken. */
type Draft = { path: Record<string, string>; query: Record<string, string>; body: unknown };

const buildUrl = (op: Operation, draft: Draft): string => {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(draft.path[name] ?? '1'));
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(draft.query)) params.append(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

const baseDraft = (op: Operation, r: Rng): Draft => {
  const path: Record<string, string> = {};
  for (const p of op.pathParams) {
    const value = sample(p.schema, r, p.name);
    path[p.name] = typeof value === 'number' ? String(value) : typeof value === 'string' && value !== 'fuzz' ? value : '1';
  }
  const query: Record<string, string> = {};
  for (const p of op.queryParams) {
    if (!p.required && r.next() < 0.7) continue;
    const value = sample(p.schema, r, p.name);
    query[p.name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  const body = op.body ? sample(op.body, r) : undefined;
  return { path, query, body };
};

type Slot = { where: 'path' | 'query' | 'body'; name: string; schema: Schema | undefined };

const slotsOf = (op: Operation): Slot[] => [
  ...op.pathParams.map((p) => ({ where: 'path' as const, name: p.name, schema: p.schema })),
  ...op.queryParams.map((p) => ({ where: 'query' as const, name: p.name, schema: p.schema })),
  ...Object.entries(op.body?.properties ?? {}).map(([name, schema]) => ({ where: 'body' as const, name, schema })),
];

const setSlot = (draft: Draft, slot: Slot, value: unknown): Draft => {
  const next: Draft = { path: { ...draft.path }, query: { ...draft.query }, body: draft.body };
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (slot.where === 'path') next.path[slot.name] = text;
  else if (slot.where === 'query') next.query[slot.name] = text;
  else next.body = { ...(draft.body && typeof draft.body === 'object' ? draft.body : {}), [slot.name]: value };
  return next;
};

const truncatedMultipart = (r: Rng): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----fuzz${r.int(1e9)}`;
  const file = r.pick(['file', 'image', 'logo', 'screenshot']);
  const whole = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nfuzz@example.com\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="${file}"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      `gtin;quantity\r\n8437012000017;3\r\n--${boundary}--\r\n`,
  );
  const cut = r.pick([0.2, 0.5, 0.8, 0.95]);
  return {
    payload: whole.subarray(0, Math.max(1, Math.floor(whole.length * cut))),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** One request of `kind` against `op`, or null when the class does not apply. */
export const mutate = (op: Operation, kind: MutationClass, r: Rng): FuzzRequest | null => {
  const draft = baseDraft(op, r);
  const slots = slotsOf(op);
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const make = (d: Draft, extra: Partial<FuzzRequest> = {}): FuzzRequest => ({
    operation: op.key,
    kind,
    method: op.method,
    url: buildUrl(op, d),
    headers: {},
    payload: hasBody && d.body !== undefined ? (d.body as Record<string, unknown>) : undefined,
    auth: 'admin',
    ...extra,
    check: { ...(op.path.startsWith('/nms/') ? { nms: true } : {}), ...extra.check },
  });
  const pickSlot = (filter: (s: Slot) => boolean = () => true): Slot | null => {
    const matching = slots.filter(filter);
    return matching.length ? r.pick(matching) : slots.length ? r.pick(slots) : null;
  };
  switch (kind) {
    case 'baseline':
      return make(draft);
    case 'unauthenticated':
      return make(draft, { auth: r.next() < 0.5 ? 'none' : 'bad' });
    case 'wrong-type': {
      const slot = pickSlot();
      if (!slot) return null;
      return make(setSlot(draft, slot, slot.where === 'body' ? r.pick(WRONG_JSON) : r.pick(WRONG_TEXT)));
    }
    case 'number-range': {
      const slot = pickSlot(
        (s) => !!s.schema && typesOf(s.schema).some((t) => t === 'integer' || t === 'number' || t === 'string'),
      );
      if (!slot) return null;
      const value = slot.where === 'body' && r.next() < 0.7 ? r.pick(NUMBERS_JSON) : r.pick(NUMBERS_TEXT);
      return make(setSlot(draft, slot, value));
    }
    case 'nul-byte': {
      const value = r.pick(NUL);
      const slot = pickSlot((s) => !!s.schema && typesOf(s.schema).includes('string'));
      if (!slot || r.next() < 0.25) {
        // An unknown filter, or an __icontains one, carrying the NUL.
        return make(
          { ...draft, query: { ...draft.query, [r.pick(['epc__icontains', 'name__icontains', 'id__icontains', 'q'])]: value } },
          { check: {} },
        );
      }
      return make(setSlot(draft, slot, value));
    }
    case 'huge-string': {
      const slot = pickSlot((s) => s.where !== 'path');
      if (!slot) return make({ ...draft, query: { ...draft.query, search: MB } }, { check: { echo: MB } });
      return make(setSlot(draft, slot, MB), { check: { echo: MB } });
    }
    case 'odd-date': {
      const slot = pickSlot((s) => isDateLike(s.name, s.schema));
      if (!slot) return null;
      return make(setSlot(draft, slot, r.pick(DATES)));
    }
    case 'proto-keys': {
      if (hasBody && op.body && r.next() < 0.5) {
        const key = r.pick(PROTO_BODY_KEYS);
        const base = JSON.stringify(draft.body ?? {});
        const inner = base === '{}' ? '' : `,${base.slice(1, -1)}`;
        const payload = `{"${key}":{"isAdmin":true,"polluted":1}${inner}}`;
        return make(draft, { payload, headers: { 'content-type': 'application/json' } });
      }
      return make({ ...draft, query: { ...draft.query, ...r.pick(PROTO_QUERY) } });
    }
    case 'truncated-multipart': {
      if (!hasBody) return null;
      const { payload, headers } = truncatedMultipart(r);
      return make(draft, { payload, headers });
    }
    case 'invalid-json': {
      if (!hasBody) return null;
      return make(draft, { payload: r.pick(INVALID_JSON), headers: { 'content-type': 'application/json' } });
    }
    default: {
      const exhaustive: never = kind;
      throw new Error(`unknown class ${String(exhaustive)}`);
    }
  }
};

/**
 * The requests of a run: every operation gets one request of each class that applies (in a
 * seeded order) before any gets a second, round-robin, until `budget` requests.
 */
export const planRequests = (operations: Operation[], { budget, seed }: { budget: number; seed: number }): FuzzRequest[] => {
  const r = rng(seed);
  const ordered = r.shuffle(operations);
  // Each operation's first request is a plausible one (it reaches the handler); then the classes in a seeded order.
  const queues = ordered.map((op) => ({
    op,
    classes: ['baseline', ...r.shuffle(MUTATION_CLASSES.filter((c) => c !== 'baseline'))] as MutationClass[],
    round: 0,
  }));
  const plan: FuzzRequest[] = [];
  let progressed = true;
  while (plan.length < budget && progressed) {
    progressed = false;
    for (const q of queues) {
      if (plan.length >= budget) break;
      const kind = q.classes[q.round % q.classes.length] as MutationClass;
      q.round++;
      if (q.round > 200) continue;
      progressed = true;
      const request = mutate(q.op, kind, r);
      if (request) plan.push(request);
    }
  }
  return plan;
};
