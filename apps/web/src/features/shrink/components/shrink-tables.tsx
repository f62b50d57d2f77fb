import {
  Box,
  Card,
  CardContent,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ShrinkReport } from '@rfid/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuantity } from '../../../lib/format';

type Row = { key: string; name: ReactNode; detail?: string; units: number; value: number };

/** One top list: its name column (with a second line), units and value; a note when empty. */
const TopTable = ({ title, header, rows, testId }: { title: string; header: string; rows: Row[]; testId: string }) => {
  const { t, i18n } = useTranslation('shrink');
  const language = i18n.language;
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid={`${testId}-empty`}>
            {t('tables.empty')}
          </Typography>
        ) : (
          <Table size="small" sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell>{header}</TableCell>
                <TableCell align="right" sx={{ width: 80 }}>
                  {t('tables.units')}
                </TableCell>
                <TableCell align="right" sx={{ width: 96 }}>
                  {t('tables.value')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key} data-testid={`${testId}-row`}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ display: 'block' }} data-testid={`${testId}-name`}>
                      {row.name}
                    </Box>
                    {row.detail && (
                      <Box component="span" sx={{ display: 'block', color: 'text.secondary', typography: 'caption' }}>
                        {row.detail}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell align="right" data-testid={`${testId}-units`}>
                    {formatQuantity(row.units, language)}
                  </TableCell>
                  <TableCell align="right" data-testid={`${testId}-value`}>
                    {formatNumber(row.value, language, 2)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
};

/** The GTINs and the sections with most shrink in the period, side by side on a desktop, one under the other on phones. */
export const ShrinkTables = ({ report }: { report: ShrinkReport }) => {
  const { t } = useTranslation('shrink');
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const gtins: Row[] = report.top_gtins.map((g) => ({
    key: g.gtin,
    name: g.gtin,
    detail: isPhone || !g.section ? g.description : `${g.description} · ${g.section}`,
    units: g.units,
    value: g.value,
  }));
  const sections: Row[] = report.top_sections.map((s) => ({
    key: s.section,
    name: s.section || t('tables.noSection'),
    units: s.units,
    value: s.value,
  }));
  return (
    <Grid container spacing={1.5}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <TopTable title={t('tables.gtins')} header={t('tables.gtin')} rows={gtins} testId="shrink-gtins" />
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <TopTable title={t('tables.sections')} header={t('tables.section')} rows={sections} testId="shrink-sections" />
      </Grid>
    </Grid>
  );
};
