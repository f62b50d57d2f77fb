import type { Sticker } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /stickers/ {order_id, language}: the order's box stickers, pending; the PDF follows. */
export const createStickers = (orderId: number, language: 'es' | 'en') =>
  apiRequest<Sticker>('/stickers/', { method: 'POST', body: { order_id: orderId, language }, silent: true });
