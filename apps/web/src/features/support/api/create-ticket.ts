import type { SupportTicket } from '@rfid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type TicketInput = {
  email: string;
  topic: string;
  description: string;
  screenshot: File | null;
  locationId: number | null;
};

/** POST /ticket/ multipart: the fields and the screenshot as `image` (spec section 7). */
export const createTicket = ({ email, topic, description, screenshot, locationId }: TicketInput): Promise<SupportTicket> => {
  const form = new FormData();
  form.append('email', email.trim());
  form.append('topic', topic.trim());
  form.append('description', description.trim());
  if (locationId) form.append('location_id', String(locationId));
  if (screenshot) form.append('image', screenshot, screenshot.name);
  // The form lists the errors itself; a big screenshot may take a while on a slow line.
  return apiRequest<SupportTicket>('/ticket/', { method: 'POST', body: form, silent: true, timeoutMs: 60_000 });
};

export const useCreateTicket = () => useMutation({ mutationFn: createTicket });
