import { describe, expect, it } from 'vitest';
import { handheldReceiptBodySchema, handheldSetBodySchema, readingSetBodySchema } from './ingest.js';

const id = '5d899fb5-6a51-4874-9ce4-e3d0140fbeae';
const start = '2026-01-01T10:00:00Z';
const end = '2026-01-01T10:01:00Z';
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

/** The sets' read windows and the handhelds' EPCs: each schema refuses a window that ends before it starts, every time. */
describe('set bodies', () => {
  it('refuses a read window that ends before it starts, with the same words in each body, parse after parse', () => {
    const refused = [['end_time', 'end_time is before start_time.']];
    for (let round = 0; round < 2; round += 1) {
      expect(messages(readingSetBodySchema.safeParse({ id, start_time: end, end_time: start, epcs: ['AB12'] }))).toEqual(refused);
      expect(
        messages(handheldSetBodySchema.safeParse({ id, area: 1, start_time: end, end_time: start, epcs: ['ab12'] })),
      ).toEqual(refused);
      expect(
        messages(handheldReceiptBodySchema.safeParse({ id, codebar: 'B1', start_time: end, end_time: start, epcs: [] })),
      ).toEqual(refused);
    }
  });

  it("takes a handheld's EPCs as hexadecimal made upper case; a counted set has at least one, a receipt may have none", () => {
    expect(handheldSetBodySchema.parse({ id, area: 1, start_time: start, end_time: end, epcs: [' ab12 '] }).epcs).toEqual([
      'AB12',
    ]);
    expect(handheldSetBodySchema.safeParse({ id, area: 1, start_time: start, end_time: end, epcs: [] }).success).toBe(false);
    expect(messages(handheldSetBodySchema.safeParse({ id, area: 1, start_time: start, end_time: end, epcs: ['xyz1'] }))).toEqual([
      ['epcs.0', 'An EPC is 4 to 128 hexadecimal digits.'],
    ]);
    expect(handheldReceiptBodySchema.parse({ id, codebar: 'B1', start_time: start, end_time: end, epcs: [] }).epcs).toEqual([]);
  });
});
