import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Card, CardContent, IconButton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Title row (with an optional back arrow and actions) and the page's card. */
export const AdminPage = ({
  title,
  actions,
  children,
  hasBack = false,
  maxWidth,
  testId,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  hasBack?: boolean;
  maxWidth?: number;
  testId?: string;
}) => {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Box sx={{ maxWidth, mx: maxWidth ? 'auto' : undefined }} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {hasBack && (
          <IconButton onClick={() => void navigate(-1)} aria-label={t('actions.back')}>
            <ArrowBackIcon />
          </IconButton>
        )}
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>{actions}</Box>}
      </Stack>
      <Card>
        <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>{children}</CardContent>
      </Card>
    </Box>
  );
};

/** A form laid out in one column on phones and two on wider screens. */
export const FormGrid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>
);

/** A full-width row inside FormGrid. */
export const FullRow = ({ children }: { children: ReactNode }) => <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
