import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { RoleThreshold } from '@rfid/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRole, useRole } from '../../auth';
import { LazyPrintWizardDialog } from '../../print-wizard';
import type { DashboardScope } from '../api/get-statistics';

/** The location's (or company's) name and, with a location, the Print button opening the print wizard. */
export const DashboardHeader = ({
  scope,
  location,
}: {
  scope: DashboardScope;
  location: { description: string } | null | undefined;
}) => {
  const { t } = useTranslation('dashboard');
  const role = useRole();
  const [isPrintOpen, setPrintOpen] = useState(false);
  // The wizard's code loads on the first click of Print; it stays mounted after, so it closes as it opens.
  const [wasPrintOpened, setPrintOpened] = useState(false);
  // The 3-step print wizard (tag type, tag format, order or print): the printing feature's, roles 1 to 4.
  const printButton = (
    <Button
      variant="outlined"
      startIcon={<PrintIcon />}
      disabled={!hasRole(role, RoleThreshold.printOrderAdd)}
      onClick={() => {
        setPrintOpened(true);
        setPrintOpen(true);
      }}
      data-testid="dashboard-print"
    >
      {t('print.button')}
    </Button>
  );

  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', '&:last-child': { pb: 2 } }}>
        <Box sx={{ flex: '1 1 0%', minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            {scope.kind === 'company' ? t('company') : t('location')}
          </Typography>
          <Typography variant="h4" component="h1" data-testid="dashboard-location" sx={{ overflowWrap: 'anywhere' }}>
            {location?.description ?? t('noLocation')}
          </Typography>
        </Box>
        {location && printButton}
        {wasPrintOpened && (
          <Suspense fallback={null}>
            <LazyPrintWizardDialog open={isPrintOpen} onClose={() => setPrintOpen(false)} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
};
