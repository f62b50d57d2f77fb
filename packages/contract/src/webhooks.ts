/** Outbound webhooks (issue 27, docs/webhooks.md): a company's endpoints, their secrets and their delivery log. */
import { z } from 'zod';
import { bigId, intId, isoDateTime, pageQueryFields } from './common.js';
import { RoleThreshold } from './enums.js';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES } from './integrations.js';

/** Roles that manage webhooks: company administrators and the company-wide managers (1–2). */
export const WEBHOOKS_MAX_ROLE = RoleThreshold.adminMenu;

export const WEBHOOK_URL_MAX = 2_000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_URL_MESSAGE = 'Enter an http:// or https:// address without user or password.';
export const WEBHOOK_EVENT_TYPES_MESSAGE = 'Choose at least one event type.';

/** A signing secret as the Standard Webhooks specification writes it: `whsec_` + base64 of 24 to 64 random bytes. */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

/** How long the previous secret keeps signing after a rotation (the receivers change theirs meanwhile). */
export const WEBHOOK_ROTATION_OVERLAP_MS = 24 * 3_600_000;

const isWebhookUrl = (value: string): boolean => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' && url.hash === '';
};

const urlField = z
  .string({ error: WEBHOOK_URL_MESSAGE })
  .trim()
  .min(1, { error: WEBHOOK_URL_MESSAGE })
  .max(WEBHOOK_URL_MAX, { error: `At most ${WEBHOOK_URL_MAX} characters.` })
  .refine(isWebhookUrl, { error: WEBHOOK_URL_MESSAGE });
const descriptionField = z
  .string()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, { error: `At most ${WEBHOOK_DESCRIPTION_MAX} characters.` });
const eventTypesField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unknown event type.' }), { error: WEBHOOK_EVENT_TYPES_MESSAGE })
  .min(1, { error: WEBHOOK_EVENT_TYPES_MESSAGE })
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);
/** Only these locations' events (null or absent: every location of the company). */
const locationIdsField = z
  .array(intId('Choose locations of your company.'))
  .min(1, { error: 'Choose at least one location, or none for all.' })
  .max(1_000)
  .transform((ids) => [...new Set(ids)])
  .nullable();

/** What a user sets of an endpoint. */
const webhookEndpointFields = z.object({
  url: urlField,
  description: descriptionField,
  event_types: eventTypesField,
  location_ids: locationIdsField,
  enabled: z.boolean(),
});

/** POST /api/webhooks/: a new endpoint (its secret is made by the server and shown once, in the answer). */
export const webhookEndpointCreateSchema = webhookEndpointFields.extend({
  description: descriptionField.default(''),
  location_ids: locationIdsField.default(null),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;
export type WebhookEndpointCreateInput = z.input<typeof webhookEndpointCreateSchema>;

/** PATCH /api/webhooks/{id}/: any of the fields. Enabling a disabled endpoint clears its reason and failures. */
export const webhookEndpointUpdateSchema = webhookEndpointFields.partial();
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

/** An endpoint as the API answers it (never its secret, except once: webhookEndpointCreatedSchema, webhookSecretSchema). */
export const webhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  location_ids: z.array(z.number()).nullable(),
  enabled: z.boolean(),
  /** Why it is disabled (automatically after repeated failures, or by a user); null when enabled. */
  disabled_reason: z.string().nullable(),
  disabled_at: z.string().nullable(),
  /** Deliveries failed in a row (all their attempts spent). */
  consecutive_failures: z.number(),
  /** Until when the previous secret still signs (a rotation under way); null: none. */
  previous_secret_until: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of a creation: the endpoint and its secret (shown this once). */
export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

/** POST /api/webhooks/{id}/rotate_secret/: the new secret (shown this once) and until when the old one still signs. */
export const webhookSecretSchema = z.object({ secret: z.string(), previous_secret_until: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

/** GET /api/webhooks/: every endpoint of the company (a handful: not paged). */
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);

export const webhookParamsSchema = z.object({ id: intId() });
export const webhookDeliveryParamsSchema = z.object({ id: intId(), deliveryId: bigId() });

/** One delivery of the log (GET /api/webhooks/{id}/deliveries/): a message to the endpoint and its last attempt. */
export const webhookDeliverySchema = z.object({
  id: z.number(),
  /** The Standard Webhooks `webhook-id` (`msg_<n>`): the same on every attempt and replay. */
  message_id: z.string(),
  event_type: z.string(),
  subject: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number(),
  last_status: z.number().nullable(),
  last_error: z.string().nullable(),
  last_duration_ms: z.number().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = z.object({
  ...pageQueryFields,
  state: z.enum(WEBHOOK_DELIVERY_STATES, { error: 'Choose pending, succeeded or failed.' }).optional(),
});
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuerySchema>;

/** POST /api/webhooks/{id}/replay/: every failed delivery of the endpoint created since `since` is sent again. */
export const webhookReplayBodySchema = z.object({ since: isoDateTime() });
export type WebhookReplayBody = z.infer<typeof webhookReplayBodySchema>;
export const webhookReplayAnswerSchema = z.object({ replayed: z.number() });
export type WebhookReplayAnswer = z.infer<typeof webhookReplayAnswerSchema>;

/** POST /api/webhooks/{id}/test/: a signed `webhook.test` message sent now; what the endpoint answered. */
export const webhookTestAnswerSchema = z.object({
  ok: z.boolean(),
  status: z.number().nullable(),
  duration_ms: z.number(),
  error: z.string().nullable(),
});
export type WebhookTestAnswer = z.infer<typeof webhookTestAnswerSchema>;

/** The `type` of a test ping (not an event type an endpoint subscribes to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
