import { EXIT_ALARM_STATUSES, type ExitAlarm } from '@rfid/contract';
import { knownValue } from '../../db/rows.js';
import { personOrNull } from '../../http/person.js';
import type { ExitAlarmRow } from './exit-alarms.repository.js';

/** An exit alarm as the API answers it (exitAlarmSchema). */
export const toExitAlarm = (row: ExitAlarmRow): ExitAlarm => ({
  id: row.id,
  location: row.locationId,
  item: row.itemId,
  epc: row.epc,
  gtin: row.gtin,
  item_type: row.itemTypeId,
  description: row.description,
  size_primary: row.sizePrimary,
  colour: row.colour,
  price: row.price,
  external_image: row.externalImage,
  area: row.areaId === null ? null : { id: row.areaId, description: row.areaDescription ?? '' },
  device: row.deviceId === null ? null : { id: row.deviceId, serial_number: row.deviceSerial ?? '' },
  item_state: row.itemState,
  current_state: row.currentState ?? row.itemState,
  first_read_at: row.firstReadAt.toISOString(),
  last_read_at: row.lastReadAt.toISOString(),
  reads: row.reads,
  status: knownValue(EXIT_ALARM_STATUSES, row.status, 'exit alarm with an unknown status'),
  note: row.note,
  resolved_by: personOrNull(row.resolverId, row.resolverFirstName, row.resolverLastName, row.resolverEmail),
  resolved_at: row.resolvedAt === null ? null : row.resolvedAt.toISOString(),
});
