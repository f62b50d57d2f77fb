import { ExitAlarmStatus, ItemState } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { ExitAlarmResolution, ExitAlarmRow } from '../exit-alarms.repository.js';
import { alarmRow } from './exit-alarm-fixtures.js';
import { type ResolveExitAlarmPort, resolveExitAlarm } from './resolve-exit-alarm.js';

const NOW = new Date('2026-05-01T10:05:00Z');

/** The use case over a fake alarm (`row`, undefined: not seen): what it wrote, moved and announced. */
const setup = (row: ExitAlarmRow | undefined) => {
  const state = { row, writes: [] as ExitAlarmResolution[], lost: [] as number[], announced: [] as number[] };
  const port: ResolveExitAlarmPort = {
    repo: {
      lock: async () => state.row,
      get: async () => state.row,
      resolve: async (_id, resolution) => {
        if (!state.row || state.row.status !== ExitAlarmStatus.Open) return false;
        state.writes.push(resolution);
        state.row = { ...state.row, status: resolution.status, note: resolution.note, resolvedAt: resolution.at };
        return true;
      },
    },
    markItemLost: async (alarm) => {
      state.lost.push(alarm.itemId);
      if (state.row) state.row = { ...state.row, currentState: ItemState.Unknown };
    },
    announce: (alarm) => {
      state.announced.push(alarm.id);
    },
  };
  const run = (status: 'false_alarm' | 'recovered' | 'lost', note?: string) =>
    resolveExitAlarm({ inTransaction: (work) => work(port), now: () => NOW }, testUser({ id: 3, role: 3 }), {
      id: 11,
      body: { status, ...(note === undefined ? {} : { note }) },
    });
  return { state, run };
};

describe('resolve exit alarm (use case)', () => {
  it('marks a false alarm with the user, the time and the note, moves nothing and announces it', async () => {
    const { state, run } = setup(alarmRow());
    const answer = await run('false_alarm', 'a shop assistant');
    expect(state.writes).toEqual([{ status: 'false_alarm', note: 'a shop assistant', userId: 3, at: NOW }]);
    expect(state.lost).toEqual([]);
    expect(state.announced).toEqual([11]);
    expect(answer).toMatchObject({ status: 'false_alarm', note: 'a shop assistant', resolved_at: NOW.toISOString() });
  });

  it('marks recovered with an empty note when none is sent', async () => {
    const { state, run } = setup(alarmRow());
    await run('recovered');
    expect(state.writes[0]).toMatchObject({ status: 'recovered', note: '' });
    expect(state.lost).toEqual([]);
  });

  it('marks lost: the item is moved as lost in the same transaction', async () => {
    const { state, run } = setup(alarmRow());
    const answer = await run('lost');
    expect(state.lost).toEqual([501]);
    expect(answer).toMatchObject({ status: 'lost', current_state: ItemState.Unknown });
  });

  it('refuses a resolved alarm (409) and changes nothing', async () => {
    const { state, run } = setup(alarmRow({ status: ExitAlarmStatus.FalseAlarm }));
    await expectStatus(run('lost'), 409);
    expect(state.writes).toEqual([]);
    expect(state.lost).toEqual([]);
    expect(state.announced).toEqual([]);
  });

  it('refuses an alarm the user does not see (404) and changes nothing', async () => {
    const { state, run } = setup(undefined);
    await expectStatus(run('lost'), 404);
    expect(state.writes).toEqual([]);
    expect(state.lost).toEqual([]);
  });
});
