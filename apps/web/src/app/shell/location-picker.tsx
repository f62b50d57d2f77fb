import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Pagination,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PICKER_PAGE_SIZE, type PickerItem, type PickerTab, usePickerPage } from '../../features/locations';
import { PRODUCT } from '../../lib/product';
import { saveLocation } from '../../lib/storage';
import { useMenuSet } from './use-shell-state';

/** Tabs by role: Company for role 1, Brand for roles 1 and 2, Center and Store for everyone. */
export const pickerTabsFor = (role: number): PickerTab[] => [
  ...(role <= 1 ? (['company'] as const) : []),
  ...(role <= 2 ? (['brand'] as const) : []),
  'center',
  'store',
];

export const LocationPicker = ({ open, onClose, role }: { open: boolean; onClose: () => void; role: number }) => {
  const { t } = useTranslation('shell');
  const tabs = pickerTabsFor(role);
  const [tab, setTab] = useState<PickerTab>('center');
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [page, setPage] = useState(0);
  const navigate = useNavigate();
  const [, setMenuSet] = useMenuSet();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebounced(search);
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  const { data, isFetching } = usePickerPage({ tab, search: debounced, page }, open);

  const choose = (item: PickerItem) => {
    onClose();
    if (tab === 'brand') {
      setMenuSet('printer_menu');
      void navigate(`/${PRODUCT}-printer/production?brand=${item.id}`);
      return;
    }
    saveLocation({ id: item.id, description: item.description, ...(tab === 'company' ? { kind: 'company' as const } : {}) });
    // The menu follows: a location's dashboard is in the dashboard set (a brand had set the printer's).
    setMenuSet('dashboard_menu');
    void navigate('/dashboard');
  };
  const pageCount = Math.ceil((data?.count ?? 0) / PICKER_PAGE_SIZE);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="picker-title">
      <DialogTitle id="picker-title" sx={{ pr: 6 }}>
        {t('picker.title')}
        <IconButton aria-label={t('picker.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <Tabs
        value={tab}
        onChange={(_, value: PickerTab) => {
          // Each tab searches afresh: a brand's name typed in Brand would leave Store empty.
          setTab(value);
          setPage(0);
          setSearch('');
          setDebounced('');
        }}
        variant="fullWidth"
        sx={{ px: 2 }}
      >
        {tabs.map((key) => (
          <Tab key={key} value={key} label={t(`picker.${key}`)} data-testid={`picker-tab-${key}`} />
        ))}
      </Tabs>
      <DialogContent sx={{ minHeight: 420 }}>
        <TextField
          fullWidth
          size="small"
          autoFocus
          placeholder={t('picker.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': t('picker.search') },
          }}
          sx={{ my: 1 }}
        />
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
        <List dense data-testid="picker-list">
          {data?.results.map((item) => (
            // Each button in its own <li>: a list holds list items only.
            <ListItem key={item.id} disablePadding>
              <ListItemButton onClick={() => choose(item)}>
                <ListItemText primary={item.description} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        {data && data.results.length === 0 && (
          <Typography color="text.secondary" data-testid="picker-empty">
            {t('picker.empty')}
          </Typography>
        )}
        {pageCount > 1 && (
          <Pagination count={pageCount} page={page + 1} onChange={(_, value) => setPage(value - 1)} size="small" sx={{ mt: 1 }} />
        )}
      </DialogContent>
    </Dialog>
  );
};
