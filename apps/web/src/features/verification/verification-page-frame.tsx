import type { Verification } from '@rfid/contract';
import type { ReactNode } from 'react';
import { LinkButton } from '../../components/link-button';
import { TitledPage } from '../../components/page-title';
import { PagedTable, type PagedTableProps } from '../../components/paged-table';
import { TableCard } from '../../components/table-card';
import { OrderHeader } from '../orders';
import { VERIFICATION_LINES_PAGE_SIZE } from './api/get-verification-report';
import { KindChip } from './kind-chip';
import { VerificationGate } from './verification-gate';
import type { VerificationIds } from './verification-kind';

/**
 * The frame of a verification's report and items pages: the title (with the kind's chip, but for
 * purchase orders), the back arrow and the link to the other page, the order header, and the
 * content, rendered once the verification is known to be the one the URL names.
 */
export const VerificationPageFrame = ({
  kind,
  orderId,
  boxId,
  verificationId,
  title,
  backTo,
  link,
  loading,
  children,
}: VerificationIds & {
  title: ReactNode;
  backTo: string;
  /** The button to the other page of the verification. */
  link: { to: string; label: ReactNode; icon: ReactNode; testId: string };
  /** Shown while the verification loads. */
  loading?: ReactNode;
  children: (verification: Verification) => ReactNode;
}) => (
  <TitledPage
    title={title}
    subtitle={kind === 'purchase' ? undefined : <KindChip kind={kind} />}
    backTo={backTo}
    actions={
      <LinkButton to={link.to} icon={link.icon} variant="outlined" testId={link.testId}>
        {link.label}
      </LinkButton>
    }
  >
    <OrderHeader kind={kind} orderId={orderId} />
    <VerificationGate kind={kind} orderId={orderId} boxId={boxId} verificationId={verificationId} loading={loading}>
      {children}
    </VerificationGate>
  </TitledPage>
);

/** The table of a verification's report or items, in its card: 100 lines per page (spec section 9). */
export const VerificationLinesTable = <T,>(props: Omit<PagedTableProps<T>, 'pageSize'>) => (
  <TableCard>
    <PagedTable {...props} pageSize={VERIFICATION_LINES_PAGE_SIZE} />
  </TableCard>
);
