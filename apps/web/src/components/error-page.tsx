import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** 'Something went wrong' with a Go back link (spec section 8). */
export const ErrorPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box sx={{ textAlign: 'center', mt: 8 }}>
      <Typography variant="h5" gutterBottom>
        {t('errors.somethingWrong')}
      </Typography>
      <Button onClick={() => void navigate(-1)}>{t('actions.goBack')}</Button>
    </Box>
  );
};
