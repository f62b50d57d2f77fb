import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Card } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The external brand dashboard at `url`, embedded, with a button opening it in a new tab. */
export const BrandFrame = ({ url }: { url: string }) => {
  const { t } = useTranslation('dashboard');
  return (
    <Card variant="outlined">
      <Box
        component="iframe"
        src={url}
        title={t('brand.frameTitle')}
        data-testid="brand-dashboard-frame"
        sx={{ display: 'block', width: '100%', height: { xs: '70vh', md: 'calc(100vh - 260px)' }, minHeight: 420, border: 0 }}
      />
      <Box sx={{ p: 1, textAlign: 'right' }}>
        <Button size="small" endIcon={<OpenInNewIcon />} href={url} target="_blank" rel="noopener noreferrer">
          {t('brand.openNew')}
        </Button>
      </Box>
    </Card>
  );
};
