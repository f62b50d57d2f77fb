import AddIcon from '@mui/icons-material/Add';
import { Button, Card, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { TitleText } from '../../../components/page-title';

/**
 * The frame every order dashboard shares (inbound, online, movement exit and entry): a title row
 * with the "new order" button (shown only when the user may create orders), the statistics, and
 * the history card with its filters and table.
 *
 * ```tsx
 * <OrderDashboardLayout title={t('title')} createTo={ORDER_PATHS.online.create} createLabel={t('newOrder')}
 *   canCreate={canCreateOrders(role)} stats={<StatGrid … />} historyTitle={t('history')} filters={…} testId="online-dashboard">
 *   <PagedTable … />
 * </OrderDashboardLayout>
 * ```
 */
export const OrderDashboardLayout = ({
  title,
  subtitle,
  createTo,
  createLabel,
  canCreate,
  actions,
  stats,
  historyTitle,
  filters,
  children,
  testId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  createTo?: string;
  createLabel?: ReactNode;
  canCreate?: boolean;
  /** More buttons beside "new order". */
  actions?: ReactNode;
  stats?: ReactNode;
  historyTitle?: ReactNode;
  filters?: ReactNode;
  children: ReactNode;
  testId?: string;
}) => (
  <Stack spacing={2} data-testid={testId}>
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
        <TitleText title={title} subtitle={subtitle} />
      </Stack>
      {actions}
      {canCreate && createTo && (
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={createTo} data-testid="new-order">
          {createLabel}
        </Button>
      )}
    </Stack>
    {stats}
    <Card
      variant="outlined"
      // Order tables have many narrow figures: half the usual cell padding keeps every column within a desktop screen.
      sx={{ p: { xs: 1.5, md: 2 }, '& .MuiTableCell-root': { px: 1 } }}
    >
      {historyTitle && (
        <Typography variant="h6" sx={{ mb: 1.5 }}>
          {historyTitle}
        </Typography>
      )}
      {filters}
      {children}
    </Card>
  </Stack>
);

/** A row of filter fields under the text filters: stacked on phones, wrapping on a desktop. */
export const FilterRow = ({ children }: { children: ReactNode }) => (
  <Stack
    direction={{ xs: 'column', md: 'row' }}
    spacing={1}
    useFlexGap
    sx={{ mb: 2, flexWrap: 'wrap', alignItems: { md: 'flex-start' } }}
  >
    {children}
  </Stack>
);

/** What a dashboard shows before a location is chosen in the header. */
