import type { Page, Verification } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import type { PagedQuery } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';
import type { OrderKind } from '../../orders';
import { verificationKeys } from '../keys';
import { verificationSideOf } from '../verification-kind';

/** Box verification list: 11 per page (spec section 9; "the exit box verification list has 11 per page"). */
export const VERIFICATIONS_PAGE_SIZE = LIST_PAGE_SIZE;

export type BoxVerificationsParams = {
  kind: OrderKind;
  boxId: string | number;
  limit: number;
  offset: number;
};

/**
 * GET /rboxes/{id}/verifications/?order_by=-start_time: a box's verifications, newest first.
 * The exit flavour (online orders and movement exits, the origin side) adds the spec's
 * `readingset_ptr__reading__type=1`; without it the server lists the destination side.
 */
export const getBoxVerifications = ({ kind, boxId, limit, offset }: BoxVerificationsParams, signal?: AbortSignal) =>
  apiRequest<Page<Verification>>(`/rboxes/${boxId}/verifications/`, {
    query: {
      order_by: '-start_time',
      readingset_ptr__reading__type: verificationSideOf(kind) === 'origin' ? 1 : undefined,
      limit,
      offset,
    },
    signal,
  });

/** A box's verifications as a paged table reads them. */
export const boxVerificationsPages = (kind: OrderKind, boxId: string | number): PagedQuery<Verification> => ({
  queryKey: verificationKeys.box(kind, boxId),
  fetchPage: ({ limit, offset, signal }) => getBoxVerifications({ kind, boxId, limit, offset }, signal),
  pageSize: VERIFICATIONS_PAGE_SIZE,
});
