import type { Reception, ReceptionCreateBody } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /receptions/ {reception_code, order_id}: the reception the wizard's boxes belong to. */
export const createReception = (body: ReceptionCreateBody) => apiRequest<Reception>('/receptions/', { method: 'POST', body });
