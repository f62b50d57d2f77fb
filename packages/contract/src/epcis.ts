import { z } from 'zod';

/**
 * EPCIS 2.0 named queries and subscriptions (issue 27; the standard's REST binding, openapi.yaml `Queries` and
 * `Subscriptions`). The query itself is the binding's query-schema.json object (SimpleEventQuery parameters), read by
 * the server's parser: here only its outer shape.
 */

/** A parameter value of a named query: a list (EQ_, MATCH_ …), a time or a number, or null (EXISTS_). */
export const epcisQueryValueSchema = z.union([
  z.string().max(2000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(2000), z.number(), z.boolean()])).max(500),
]);
export const epcisQueryParametersSchema = z.record(z.string().max(200), epcisQueryValueSchema);

/** POST /epcis/queries: `{ name, query }`. */
export const epcisNamedQueryCreateSchema = z
  .object({
    name: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_.~-]+$/, 'Letters, digits and _ . ~ - only.'),
    query: epcisQueryParametersSchema,
  })
  .strict();
export type EpcisNamedQueryCreate = z.infer<typeof epcisNamedQueryCreateSchema>;

export const epcisNamedQuerySchema = z.object({ name: z.string(), query: epcisQueryParametersSchema });
export type EpcisNamedQuery = z.infer<typeof epcisNamedQuerySchema>;

/** The binding's schedule fields: a comma list of numbers or `[a-b]` ranges (e.g. `0,30`, `[9-17]`). */
const scheduleField = z
  .string()
  .max(100)
  .regex(/^(\d{1,2}|\[\d{1,2}-\d{1,2}\])(,(\d{1,2}|\[\d{1,2}-\d{1,2}\]))*$/, 'Numbers or [a-b] ranges, separated by commas.');
export const epcisScheduleSchema = z
  .object({
    second: scheduleField.optional(),
    minute: scheduleField.optional(),
    hour: scheduleField.optional(),
    dayOfMonth: scheduleField.optional(),
    month: scheduleField.optional(),
    dayOfWeek: scheduleField.optional(),
  })
  .strict();
export type EpcisSchedule = z.infer<typeof epcisScheduleSchema>;

/**
 * POST /epcis/queries/{name}/subscriptions: `dest` and either `schedule` or `stream: true` (the binding's two kinds).
 * `signatureToken`: the client's secret, from which the deliveries' Standard Webhooks signing secret is made.
 */
export const epcisSubscriptionCreateSchema = z
  .object({
    dest: z
      .string()
      .url()
      .max(2000)
      .regex(/^https?:\/\//i, 'An http(s) URL is required.'),
    signatureToken: z.string().min(8).max(200).optional(),
    stream: z.boolean().optional(),
    schedule: epcisScheduleSchema.optional(),
    reportIfEmpty: z.boolean().optional(),
    initialRecordTime: z.string().datetime({ offset: true }).optional(),
  })
  .strict()
  .refine((s) => (s.stream === true) !== (s.schedule !== undefined), {
    message: 'Either stream: true or a schedule.',
    path: ['stream'],
  });
export type EpcisSubscriptionCreate = z.infer<typeof epcisSubscriptionCreateSchema>;

export const epcisSubscriptionSchema = z.object({
  subscriptionID: z.string(),
  dest: z.string(),
  stream: z.boolean(),
  schedule: epcisScheduleSchema.optional(),
  reportIfEmpty: z.boolean(),
  initialRecordTime: z.string(),
  minRecordTime: z.string(),
  createdAt: z.string(),
  lastNotifiedAt: z.string().optional(),
  /** Only in the answer to its creation, when the server made the signing secret (Standard Webhooks `whsec_…`). */
  secret: z.string().optional(),
});
export type EpcisSubscription = z.infer<typeof epcisSubscriptionSchema>;

/**
 * The paging of an EPCIS list (vocabularies, capture jobs): `perPage` (1 … 1000, default 30) and the opaque
 * `nextPageToken` of the previous page's `Link: rel="next"`; the routes let other query keys through, unread.
 */
export const epcisPagingQuerySchema = z.object({ perPage: z.string().optional(), nextPageToken: z.string().optional() });
export type EpcisPagingQuery = z.output<typeof epcisPagingQuerySchema>;
