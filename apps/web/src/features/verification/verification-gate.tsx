import type { Verification } from '@rfid/contract';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useVerification } from './api/get-verification';
import { type VerificationPageProps, verificationSideOf } from './verification-kind';

/**
 * Loads a verification and renders `children` with it only when it is the one the URL names: of
 * that order, that box and the kind's side (a movement box has verifications on both sides, and an
 * entry verification must not show under the exit pages). Otherwise, or when the server answers 404
 * (another location), 'Not found'.
 */
export const VerificationGate = ({
  kind,
  orderId,
  boxId,
  verificationId,
  loading,
  children,
}: VerificationPageProps & {
  verificationId: string;
  /** Shown while the verification loads. */
  loading?: ReactNode;
  children: (verification: Verification) => ReactNode;
}) => {
  const query = useVerification(verificationId);
  const verification = query.data;
  const isOther =
    verification !== undefined &&
    (String(verification.order) !== orderId ||
      String(verification.box) !== boxId ||
      verification.side !== verificationSideOf(kind));
  if (query.isError || isOther) return <LoadErrorAlert error={query.error} isNotFound={isOther} testId="verification-error" />;
  if (!verification) return loading ?? null;
  return children(verification);
};
