import { z } from 'zod';

/**
 * The `data` of one server-sent event (its `id` is the SSE id, for `Last-Event-ID`); apart from live.ts's topics, so that
 * what reads the topics (the web's shell) does not load Zod.
 */
export const liveEventSchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  /** The location it concerns; null: the whole company. */
  location: z.number().int().nullable(),
  payload: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
