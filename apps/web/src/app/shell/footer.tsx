import { Box, Dialog, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export const Footer = () => {
  const { t } = useTranslation('shell');
  const [aboutOpen, setAboutOpen] = useState(false);
  return (
    <Box
      component="footer"
      sx={{
        py: 2,
        px: 3,
        display: 'flex',
        gap: 3,
        justifyContent: 'center',
        color: 'text.secondary',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Link component="button" type="button" onClick={() => setAboutOpen(true)} underline="hover" color="inherit">
        {t('footer.about')}
      </Link>
      <Link component={RouterLink} to="/legal" underline="hover" color="inherit">
        {t('footer.legal')}
      </Link>
      <Typography variant="body2">© {new Date().getFullYear()} Bionix</Typography>
      <Dialog open={aboutOpen} onClose={() => setAboutOpen(false)}>
        <DialogTitle>{t('footer.about')}</DialogTitle>
        <DialogContent>
          <Typography>{t('footer.aboutText')}</Typography>
        </DialogContent>
      </Dialog>
    </Box>
  );
};
