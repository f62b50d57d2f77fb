import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../plugins/auth.js';
import type { CaptureRepository, EventRow } from '../capture/capture.repository.js';
import { captureEvents } from './capture-events.js';
import { objectEvent } from './epcis-use-case-fixtures.js';

type Json = Record<string, unknown>;
const user = { id: 1, companyId: 7, locationIds: null } as unknown as AuthUser; // only these fields are read

/** A repository in memory: the company's stored eventIDs, and what the capture was finished with. */
const fakeRepository = (storedBefore: string[] = [], failStore = false) => {
  const stored = new Set(storedBefore);
  const finished: { state: string; eventCount: number; errors: unknown[] }[] = [];
  const batches: EventRow[][] = [];
  const repo: CaptureRepository = {
    locationsByGln: async () => [],
    storeEvents: async (rows) => {
      if (failStore) throw new Error('connection lost');
      batches.push(rows);
      const now = new Set<string>();
      for (const r of rows) {
        if (stored.has(r.eventId)) continue;
        stored.add(r.eventId);
        now.add(r.eventId);
      }
      return now;
    },
    finishCapture: async (_id, outcome) => {
      finished.push(outcome);
    },
  };
  return { repo, finished, batches, stored };
};

const input = (events: Json[]) => ({ user, captureId: 3, events, context: undefined, recordTime: new Date() });

describe('capture-events', () => {
  it('stores every event, reporting those stored already and those given twice', async () => {
    const { repo, finished, batches } = fakeRepository(['urn:x:old']);
    const events = [objectEvent('A.1'), objectEvent('A.2'), objectEvent('A.1'), objectEvent('B', { eventID: 'urn:x:old' })];
    const outcome = await captureEvents(repo, input(events));
    expect(outcome.state).toBe('succeeded');
    expect(outcome.eventCount).toBe(2);
    expect(outcome.report.map((e) => [e.kind, e.index, e.reason.key])).toEqual([
      ['duplicate', 2, 'epcis.capture_duplicate_in_document'],
      ['duplicate', 3, 'epcis.capture_duplicate'],
    ]);
    expect(outcome.report[1]?.eventID).toBe('urn:x:old');
    expect(batches.flat()).toHaveLength(3);
    expect(finished).toEqual([{ state: 'succeeded', eventCount: 2, errors: outcome.report }]);
  });

  it('stores nothing when an event breaks a rule, and reports each broken rule', async () => {
    const { repo, finished, batches } = fakeRepository();
    const late = objectEvent('C', {
      sensorElementList: [
        { sensorMetadata: { time: '2026-11-29T11:00:00Z' }, sensorReport: [{ type: 'Temperature', value: 1, uom: 'CEL' }] },
      ],
    });
    const outcome = await captureEvents(repo, input([objectEvent('A'), late]));
    expect(outcome).toMatchObject({ state: 'failed', eventCount: 0 });
    expect(outcome.report.map((e) => [e.kind, e.index, e.rule])).toEqual([['rejected', 1, 'M122']]);
    expect(outcome.report[0]?.eventID).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/);
    expect(batches).toEqual([]);
    expect(finished[0]?.state).toBe('failed');
  });

  it('ends the job failed when the events cannot be stored', async () => {
    const { repo, finished } = fakeRepository([], true);
    await expect(captureEvents(repo, input([objectEvent('A')]))).rejects.toThrow('connection lost');
    expect(finished).toMatchObject([{ state: 'failed', eventCount: 0 }]);
  });

  it('runs the preparation only for events that keep the rules, and fails on what it refuses', async () => {
    const { repo, finished } = fakeRepository();
    let prepared = 0;
    const prepare = async () => {
      prepared++;
      return [
        { kind: 'rejected' as const, index: 0, eventID: null, rule: 'desadv', reason: { key: 'common.invalid_value' as const } },
      ];
    };
    expect((await captureEvents(repo, { ...input([objectEvent('A')]), prepare })).state).toBe('failed');
    expect(prepared).toBe(1);
    await captureEvents(repo, { ...input([objectEvent('B', { quantityList: [{ epcClass: 'urn:x:c', uom: 'KGM' }] })]), prepare });
    expect(prepared).toBe(1);
    expect(finished.map((f) => f.state)).toEqual(['failed', 'failed']);
  });
});
