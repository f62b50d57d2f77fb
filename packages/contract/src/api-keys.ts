/** API keys for integrations (issue 27, docs/integrations.md): per company, scoped to locations and to read or write. */
import { z } from 'zod';
import { booleanTextField, intId, personFields } from './common.js';
import { API_KEY_ACCESS } from './integrations.js';

/** Every key starts with this: a key is told from a user's token (64 hex digits) at a glance, and by the server. */
export const API_KEY_PREFIX = 'rfid_';
/** How many characters of a key its list shows (the `rfid_` and the first characters of its random part). */
export const API_KEY_SHOWN_CHARS = 12;
export const API_KEY_NAME_MAX = 100;
/** A key names at most this many locations (none: every location of the company). */
export const API_KEY_MAX_LOCATIONS = 500;

/**
 * POST /api/api_keys/: a key's name, its access (read: GET only; write: also writes, as a location editor of its
 * locations) and its locations (omitted or null: every location of the company; else some of the company's).
 */
export const apiKeyCreateBodySchema = z.object({
  name: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field is required.')
    .max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters.`),
  access: z.enum(API_KEY_ACCESS, { error: 'Choose read or write.' }),
  locations: z
    .array(intId(), { error: 'A list of location ids.' })
    .max(API_KEY_MAX_LOCATIONS, `At most ${API_KEY_MAX_LOCATIONS} locations.`)
    .nullable()
    .optional(),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

/** A key as the list shows it: never the key itself, only its first characters (`prefix`). */
export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  access: z.enum(API_KEY_ACCESS),
  /** null: every location of the company. */
  locations: z.array(z.object({ id: z.number(), code: z.string(), description: z.string() })).nullable(),
  created_by: z.object(personFields).nullable(),
  created_at: z.string(),
  /** The last request made with it (kept at most once a minute). */
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of a creation: the key, shown this once (only its SHA-256 is kept). */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** GET /api/api_keys/: `revoked=true` lists the revoked ones too (by default only the active ones). */
export const apiKeyListQuerySchema = z.object({
  revoked: booleanTextField.optional(),
});
export type ApiKeyListQuery = z.infer<typeof apiKeyListQuerySchema>;

export const apiKeyParamsSchema = z.object({ id: intId() });
