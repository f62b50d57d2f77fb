import { ItemState } from '@rfid/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seededDemo } from '../../test/seeded-demo.js';
import { items } from '../schema/index.js';
import { seedExitAlarmsDemo } from './exit-alarms-demo.js';
import { seedStockDemo } from './stock-demo.js';

type Alarm = { epc: string; status: string; reads: number; current_state: number };

/** The demo's exit alarms: T-MAD-01's page has one of each status; the lost one's item left through the ledger. */
describe('exit alarms demo', () => {
  const demo = seededDemo([seedStockDemo, seedExitAlarmsDemo]);

  it('shows two open alarms, a false alarm, a recovered one and a lost one', async () => {
    const { t, store, admin } = demo();
    const r = await t.call('GET', `/api/locations/${store}/exit_alarms/`, admin);
    expect(r.statusCode).toBe(200);
    const alarms: Alarm[] = r.json().results;
    expect(alarms.map((a) => a.status)).toEqual(['open', 'open', 'false_alarm', 'recovered', 'lost']);
    expect(alarms[0]?.reads).toBe(3);
    const lost = alarms[4] as Alarm;
    expect(lost.current_state).toBe(ItemState.Unknown);
    const [item] = await t.database.db.select().from(items).where(eq(items.epc, lost.epc));
    expect(item).toMatchObject({ state: ItemState.Unknown, locationId: null });
    expect((await t.call('GET', `/api/exit_alarms/count/?location=${store}`, admin)).json().count).toBe(2);
  });
});
