import { describe, expect, it } from 'vitest';
import { notFound } from '../../../http/errors.js';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { ExitAlarmsRepository } from '../exit-alarms.repository.js';
import { alarmRow } from './exit-alarm-fixtures.js';
import { listExitAlarms } from './list-exit-alarms.js';

describe('list exit alarms (use case)', () => {
  it('reads the filters in the location’s time zone and answers the rows with the item’s GTIN fields', async () => {
    const calls: Parameters<ExitAlarmsRepository['list']>[] = [];
    const repo: Pick<ExitAlarmsRepository, 'list'> = {
      list: async (...args) => {
        calls.push(args);
        return { count: 1, rows: [alarmRow()] };
      },
    };
    const answer = await listExitAlarms({ repo, location: async () => ({ timeZone: 'Atlantic/Canary' }) }, testUser(), {
      locationId: 2,
      query: { status: 'open', date_start: '2026-05-01' },
      page: { limit: 11, offset: 0 },
    });
    expect(calls).toEqual([
      [2, { filters: { status: 'open', dateStart: '2026-05-01' }, page: { limit: 11, offset: 0 }, timeZone: 'Atlantic/Canary' }],
    ]);
    expect(answer.count).toBe(1);
    expect(answer.results[0]).toMatchObject({
      epc: '3034257BF7194E4000000001',
      description: 'Camiseta básica',
      size_primary: 'M',
      colour: 'Blanco',
      price: '19.95',
      external_image: 'https://example.com/i.jpg',
      area: { id: 9, description: 'Salida' },
      device: { id: 4, serial_number: 'EXIT-T01-01' },
      reads: 2,
      status: 'open',
      resolved_by: null,
    });
  });

  it('refuses a location the user does not see before reading any alarm', async () => {
    let isRead = false;
    const repo: Pick<ExitAlarmsRepository, 'list'> = {
      list: async () => {
        isRead = true;
        return { count: 0, rows: [] };
      },
    };
    const location = async () => {
      throw notFound('location.not_found');
    };
    await expectStatus(
      listExitAlarms({ repo, location }, testUser(), { locationId: 5, query: {}, page: { limit: 11, offset: 0 } }),
      404,
    );
    expect(isRead).toBe(false);
  });
});
