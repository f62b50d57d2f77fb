import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventHashIds } from './event-hash.js';
import { GS1_EXAMPLES, gs1Examples, vectorDocument } from './vector-document.js';

/**
 * GS1's example documents (github.com/gs1/EPCIS, JSON/, in test-data/gs1-examples) hashed by our algorithm and
 * compared with the hashes the reference implementation (github.com/RalphTro/epcis-event-hash-generator, run on each
 * file: test-data/gs1-examples/README.md) wrote in the `.hashes` beside each.
 */
describe("GS1's EPCIS examples hashed as the reference implementation hashes them", () => {
  it('finds them', () => {
    expect(gs1Examples().length).toBeGreaterThanOrEqual(40);
  });

  it.each(gs1Examples())('%s', (name) => {
    const document = JSON.parse(readFileSync(new URL(`${name}.jsonld`, GS1_EXAMPLES), 'utf8'));
    const { events, context, ignoredFields } = vectorDocument(document);
    const expected = readFileSync(new URL(`${name}.hashes`, GS1_EXAMPLES), 'utf8')
      .split('\n')
      .filter(Boolean);
    expect(eventHashIds(events, { context, ignoredFields })).toEqual(expected);
  });
});
