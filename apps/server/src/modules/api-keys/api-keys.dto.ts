import type { ApiKey } from '@rfid/contract';
import { personOrNull } from '../../http/person.js';
import type { ApiKeyRow, KeyLocation } from './api-keys.repository.js';

/** A key as the API answers it (apiKeySchema): its locations named from `places` (the company's, by id). */
export const toApiKey = (row: ApiKeyRow, places: Map<number, KeyLocation>): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  access: row.access,
  locations:
    row.locationIds === null
      ? null
      : row.locationIds
          .map((id) => places.get(id) ?? { id, code: '', description: '' })
          .sort((a, b) => a.code.localeCompare(b.code)),
  created_by: personOrNull(row.creatorId, row.creatorFirstName, row.creatorLastName, row.creatorEmail),
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

/** Every location id the rows name. */
export const locationIdsOf = (rows: ApiKeyRow[]): number[] => [...new Set(rows.flatMap((r) => r.locationIds ?? []))];
