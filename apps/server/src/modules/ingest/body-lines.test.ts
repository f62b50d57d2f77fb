import { describe, expect, it } from 'vitest';
import { parseJsonOrLines } from './body-lines.js';

describe('reader bodies: one JSON document or newline-delimited JSON', () => {
  it('reads one document as it is, and lines as their array', () => {
    expect(parseJsonOrLines('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonOrLines('[{"a":1},{"a":2}]')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(parseJsonOrLines('{"a":1}\r\n\n{"a":2}\n')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(parseJsonOrLines('\uFEFF{"a":1}\n{"a":2}')).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('answers null for what is neither, and refuses prototype poisoning', () => {
    expect(parseJsonOrLines('{"a":\n1')).toBeNull();
    expect(parseJsonOrLines('   ')).toBeNull();
    expect(parseJsonOrLines('{"__proto__":{"x":1}}')).toBeNull();
    expect(parseJsonOrLines('{"a":1}\n{"b":{"__proto__":{}}}')).toBeNull();
  });
});
