import type { Page, Sticker } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';

/** Polled every 1 s until the sticker is completed. */
export const STICKER_POLL_MS = 1_000;

/** GET /stickers/?order=: the order's sticker requests, newest first. */
export const getOrderStickers = (orderId: number) =>
  apiRequest<Page<Sticker>>('/stickers/', { query: { order: orderId, limit: 20 }, silent: true });
