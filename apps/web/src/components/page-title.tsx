import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, IconButton, Stack, type SxProps, type Theme, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

type PageTitleProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Where the back arrow goes (the parent page); without it, one step back in the history. */
  backTo?: string;
};

/** A page's title row: back arrow, title (and a line under it), and actions that wrap on phones. */
export const PageTitle = ({ title, subtitle, actions, backTo }: PageTitleProps) => {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <IconButton
        onClick={() => void (backTo ? navigate(backTo) : navigate(-1))}
        aria-label={t('actions.goBack')}
        data-testid="page-back"
      >
        <ArrowBackIcon />
      </IconButton>
      <Box sx={{ flex: '1 1 0%', minWidth: 0 }}>
        <TitleText title={title} subtitle={subtitle} />
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>{actions}</Box>}
    </Stack>
  );
};

/** A page's heading (h1) and the muted line under it, both wrapping anywhere so a long name fits a phone. */
export const TitleText = ({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) => (
  <>
    <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
      {title}
    </Typography>
    {subtitle && (
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {subtitle}
      </Typography>
    )}
  </>
);

/** A page: its title row (PageTitle) over its content, one column 16 px apart. */
export const TitledPage = ({
  testId,
  sx,
  children,
  ...title
}: PageTitleProps & { testId?: string; sx?: SxProps<Theme>; children: ReactNode }) => (
  <Stack spacing={2} data-testid={testId} sx={sx}>
    <PageTitle {...title} />
    {children}
  </Stack>
);

/**
 * A list page titled by its namespace's `title` and `subtitle` (TitledPage), free to grow narrower than its table
 * (minWidth 0: the table scrolls inside it).
 */
export const TitledListPage = ({ ns, ...page }: { ns: string; testId: string; actions?: ReactNode; children: ReactNode }) => {
  const { t } = useTranslation(ns);
  return <TitledPage {...page} sx={{ minWidth: 0 }} title={t('title')} subtitle={t('subtitle')} />;
};
