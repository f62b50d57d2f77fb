import {
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_TYPES,
  type SupportTicket,
  type SupportTicketListItem,
  TICKET_CREATED_MESSAGE,
  type TicketFields,
} from '@rfid/contract';
import type { Db } from '../../db/client.js';
import { fieldError, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import { msg } from '../../i18n/messages.js';
import type { AuthUser } from '../../plugins/auth.js';
import { sniffImage } from '../admin/admin-locations.service.js';
import { requireLocation } from '../locations/location-scope.js';
import * as repo from './support.repository.js';

export const SCREENSHOT_NOT_IMAGE = 'support.screenshot_not_image';
export const SCREENSHOT_TOO_LARGE = msg('support.screenshot_too_large', { mb: SCREENSHOT_MAX_BYTES / 1024 / 1024 });

/** The screenshot's type told by its first bytes (never by its name or declared type), or a 400 on `image`. */
export const screenshotType = (bytes: Buffer): string => {
  if (bytes.length > SCREENSHOT_MAX_BYTES) throw fieldError('image', SCREENSHOT_TOO_LARGE);
  const mime = sniffImage(bytes);
  if (!mime || !(SCREENSHOT_TYPES as readonly string[]).includes(mime)) throw fieldError('image', SCREENSHOT_NOT_IMAGE);
  return mime;
};

type Row = Awaited<ReturnType<typeof repo.insertTicket>>;
type ListRow = Awaited<ReturnType<typeof repo.listTickets>>['rows'][number];

/** A ticket as its list shows it; `screenshotBytes`: the screenshot's size (null without one). */
const toListItem = (r: Omit<ListRow, 'screenshotBytes'>, screenshotBytes: number | null): SupportTicketListItem => ({
  id: r.id,
  email: r.email,
  topic: r.topic,
  description: r.description,
  location_id: r.locationId,
  screenshot: screenshotBytes !== null && r.screenshotMime ? { mime: r.screenshotMime, bytes: screenshotBytes } : null,
  created_at: r.createdAt.toISOString(),
});

const toDto = (r: Row): SupportTicket => ({
  ...toListItem(r, r.screenshot ? Buffer.from(r.screenshot, 'base64').length : null),
  message: TICKET_CREATED_MESSAGE,
});

/** Support tickets (spec section 2 "Support"): any signed-in user opens one; role 1 reads its company's. */
export const createSupportService = (db: Db) => ({
  async create(user: AuthUser, fields: TicketFields, screenshot: Buffer | null): Promise<SupportTicket> {
    if (fields.location_id !== undefined) await requireLocation(db, user, fields.location_id);
    const mime = screenshot && screenshot.length > 0 ? screenshotType(screenshot) : null;
    const row = await repo.insertTicket(db, {
      companyId: user.companyId,
      userId: user.id,
      locationId: fields.location_id ?? null,
      email: fields.email,
      topic: fields.topic,
      description: fields.description,
      screenshot: mime && screenshot ? screenshot.toString('base64') : null,
      screenshotMime: mime,
    });
    return toDto(row);
  },

  async list(user: AuthUser, page: PageParams) {
    const { count, rows } = await repo.listTickets(db, user.companyId, page);
    return {
      count,
      results: rows.map((r) => toListItem(r, r.screenshotBytes === null ? null : Number(r.screenshotBytes))),
    };
  },

  async screenshot(user: AuthUser, id: number): Promise<{ mime: string; bytes: Buffer }> {
    const row = await repo.getTicket(db, id);
    if (!row || row.companyId !== user.companyId) throw notFound('support.ticket_not_found');
    if (!row.screenshot || !row.screenshotMime) throw notFound('support.no_screenshot');
    return { mime: row.screenshotMime, bytes: Buffer.from(row.screenshot, 'base64') };
  },
});
