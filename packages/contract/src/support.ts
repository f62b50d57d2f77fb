// Request and response shapes of the support module (spec sections 2 "Support" and 7: POST /ticket/
// multipart with the image plus the fields), and the rules the form and the server share.
import { z } from 'zod';
import { intId } from './common.js';

/**
 * The topic's length in characters (after trimming): a short subject such as "Falla lectura" is a subject (the spec's
 * "5 to 10 words" refused it), up to a line.
 */
export const TOPIC_MIN_LENGTH = 3;
export const TOPIC_MAX_LENGTH = 120;
/** The screenshot: an image of at most 5 MB. */
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const DESCRIPTION_MAX_LENGTH = 5000;

export const TOPIC_LENGTH_MESSAGE = `The topic must have ${TOPIC_MIN_LENGTH} to ${TOPIC_MAX_LENGTH} characters.`;

/**
 * The text fields of POST /ticket/ (multipart): email (contact), topic (3 to 120 characters),
 * description, and optionally location_id (the location the user was looking at). The
 * screenshot is the file part (`image`, also accepted as `screenshot`).
 */
export const ticketFieldsSchema = z.object({
  email: z.string({ error: 'required' }).trim().min(1, 'required').email('Enter a valid email address.').max(254),
  topic: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required', abort: true })
    .min(TOPIC_MIN_LENGTH, TOPIC_LENGTH_MESSAGE)
    .max(TOPIC_MAX_LENGTH, TOPIC_LENGTH_MESSAGE),
  description: z.string({ error: 'required' }).trim().min(1, 'required').max(DESCRIPTION_MAX_LENGTH),
  location_id: intId().optional(),
});
export type TicketFields = z.infer<typeof ticketFieldsSchema>;

/** The ticket created (201). */
export const supportTicketSchema = z.object({
  id: z.number(),
  email: z.string(),
  topic: z.string(),
  description: z.string(),
  location_id: z.number().nullable(),
  screenshot: z.object({ mime: z.string(), bytes: z.number() }).nullable(),
  created_at: z.string(),
  message: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/** A ticket in the company's list (GET /ticket/, role 1). */
export const supportTicketListItemSchema = supportTicketSchema.omit({ message: true });
export type SupportTicketListItem = z.infer<typeof supportTicketListItemSchema>;

/** The spec's success message (section 8: "support ticket created"). */
export const TICKET_CREATED_MESSAGE = 'Support ticket created';
