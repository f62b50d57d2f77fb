import { Alert, Button, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ItemDescriptionCell } from '../../components/item-type';
import { SimpleDialog } from '../../components/simple-dialog';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { useBoxContent } from './api/get-box-content';

/** The contents dialog of a box in stock: the GTINs its last reading set held. */
export const BoxContentDialog = ({ codebar, onClose }: { codebar: string | null; onClose: () => void }) => {
  const { t, i18n } = useTranslation(['stock', 'common']);
  const content = useBoxContent(codebar ?? '');
  const data = content.data;
  return (
    <SimpleDialog
      open={codebar !== null}
      onClose={onClose}
      title={t('content.title', { codebar })}
      titleSx={{ overflowWrap: 'anywhere' }}
      testId="box-content-dialog"
      actions={
        <Button onClick={onClose} data-testid="box-content-close">
          {t('content.close')}
        </Button>
      }
    >
      {content.isError && <Alert severity="error">{t('content.notFound')}</Alert>}
      {content.isPending && <Skeleton height={120} />}
      {data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="box-content-summary">
            {t('content.summary', {
              quantity: formatQuantity(data.quantity, i18n.language),
              area: data.area.description,
              location: data.area.location_description,
              date: formatDateTime(data.date, t('common:noDate')),
            })}
          </Typography>
          {data.results.length === 0 ? (
            <Typography>{t('content.empty')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('columns.gtin')}</TableCell>
                  <TableCell>{t('columns.description')}</TableCell>
                  <TableCell align="right">{t('columns.quantity')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.results.map((line) => (
                  <TableRow key={`${line.item_type ?? 'x'}-${line.gtin ?? ''}`} data-testid="box-content-line">
                    <TableCell sx={{ overflowWrap: 'anywhere' }} data-testid="box-content-gtin">
                      {line.gtin ?? ''}
                    </TableCell>
                    <TableCell>
                      <ItemDescriptionCell description={line.description} size={line.size} colour={line.colour} />
                    </TableCell>
                    <TableCell align="right" data-testid="box-content-quantity">
                      {formatQuantity(line.quantity, i18n.language)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </SimpleDialog>
  );
};
