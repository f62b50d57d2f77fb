/** A user's own sessions (issue 29, docs/sessions.md): the list, and ending one or all but the current. */
import { z } from 'zod';
import { intId } from './common.js';
import { SESSION_METHODS } from './enums.js';

/**
 * A session (a sign-in's token) as its user sees it: how and where it began, when it was last used, and when it ends:
 * `expires_at` (absolute, SESSION_MAX_DAYS after the sign-in) or `idle_expires_at` (SESSION_IDLE_MINUTES after its last
 * use), whichever comes first. `current`: the session of this request.
 */
export const sessionSchema = z.object({
  id: z.number(),
  method: z.enum(SESSION_METHODS),
  ip: z.string(),
  user_agent: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  idle_expires_at: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** `{id}` of DELETE /api/sessions/{id}/. */
export const sessionParamsSchema = z.object({
  id: intId('A session id.'),
});

/** POST /api/sessions/revoke-others/: how many sessions were ended. */
export const sessionsRevokedSchema = z.object({ revoked: z.number() });

/** How long a live stream's ticket is good for (seconds). */
export const STREAM_TICKET_SECONDS = 60;

/** POST /api/events/ticket/: a one-time ticket that opens the live stream once (`GET /api/events/stream?ticket=`). */
export const streamTicketSchema = z.object({ ticket: z.string(), expires_in: z.number() });
export type StreamTicket = z.infer<typeof streamTicketSchema>;
