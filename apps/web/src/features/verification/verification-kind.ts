import type { VerificationSide } from '@rfid/contract';
import type { OrderKind } from '../orders';

/**
 * Which side of an order a kind's verifications belong to: purchase orders and movement entries
 * verify the destination (arrival), online orders and movement exits the origin (departure).
 */
export const verificationSideOf = (kind: OrderKind): VerificationSide =>
  kind === 'purchase' || kind === 'entry' ? 'destination' : 'origin';

/** The ids a verification page is about, as its route gives them. */
export type VerificationPageProps = { kind: OrderKind; orderId: string; boxId: string };

/** The ids a verification's report and items pages are about. */
export type VerificationIds = VerificationPageProps & { verificationId: string };
