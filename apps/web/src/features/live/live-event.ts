import { type LiveEvent, liveEventSchema } from '@rfid/contract';

/** The event of a message's data; null when it is not one (ignored). */
export const parseLiveEvent = (data: unknown): LiveEvent | null => {
  if (typeof data !== 'string') return null;
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
