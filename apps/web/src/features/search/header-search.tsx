import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import {
  Autocomplete,
  Box,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  type PopperProps,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { SEARCH_QUERY_MAX, type SearchResult } from '@rfid/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_BOX_SX } from '../../components/search-box';
import { useCurrentLocation } from '../../lib/current-location';
import { useDebounced } from '../../lib/use-debounced';
import { searchQueryOptions, useSearch } from './api/search';

/** Typing waits this long before it asks (a scanner's burst of keys asks once). */
const DEBOUNCE_MS = 250;

/** Whether a key went to something the user types in (where `/` is a character, not the shortcut). */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** `/` (outside a text box) or Ctrl+K / ⌘K anywhere calls `onShortcut`. */
const useSearchShortcut = (onShortcut: () => void) => {
  const latest = useRef(onShortcut);
  latest.current = onShortcut;
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const isSlash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
      const isCtrlK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      if (!isSlash && !isCtrlK) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
};

/** The one to open on Enter: the single exact match, else the first. */
const target = (results: SearchResult[]): SearchResult | undefined => {
  const exact = results.filter((result) => result.is_exact);
  return exact.length === 1 ? exact[0] : results[0];
};

/** The matches in the dialog: in its flow under the box (a popper would hang over the dialog's edge at 390 px). */
const InlinePopper = ({ open, children, className, role, id }: PopperProps) =>
  open && typeof children !== 'function' ? (
    <Box className={className} role={role} id={id} sx={{ mt: 1 }}>
      {children}
    </Box>
  ) : null;

const ResultOption = ({ result }: { result: SearchResult }) => {
  const { t } = useTranslation('search');
  return (
    <Box sx={{ minWidth: 0, width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Chip size="small" label={t(`kinds.${result.kind}`)} sx={{ flexShrink: 0 }} />
        <Typography
          noWrap
          sx={{ fontFamily: result.kind === 'item' ? 'monospace' : undefined, fontWeight: result.is_exact ? 600 : 400 }}
        >
          {result.label}
        </Typography>
      </Box>
      {result.detail && (
        <Typography variant="body2" color="text.secondary" noWrap>
          {result.detail}
        </Typography>
      )}
    </Box>
  );
};

/**
 * The search box: a combobox whose options are the server's matches for what was typed (debounced). Arrows move,
 * Enter opens the highlighted match (the first, exact ones come first); Enter before the matches came asks at once and
 * opens the single exact match, else the first; Esc closes the list. Matches shown are always those of the text in the
 * box, so Enter never opens what an earlier text found.
 */
const SearchField = ({
  inputRef,
  autoFocus = false,
  isInline = false,
  onOpened,
}: {
  inputRef?: RefObject<HTMLInputElement | null>;
  autoFocus?: boolean;
  /** The matches under the box, in the page's flow (the dialog), rather than floating over the page. */
  isInline?: boolean;
  onOpened?: () => void;
}) => {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locationId = useCurrentLocation()?.id ?? null;
  const [input, setInput] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [isNotFound, setIsNotFound] = useState(false);
  const typed = input.trim();
  const debounced = useDebounced(typed, DEBOUNCE_MS);
  const search = useSearch(debounced, locationId);
  const isFresh = typed !== '' && debounced === typed && search.data !== undefined && !search.isPlaceholderData;
  const options = isFresh ? (search.data?.results ?? []) : [];
  const isLoading = typed !== '' && !isFresh && !search.isError;

  const open = (result: SearchResult) => {
    setInput('');
    setIsOpen(false);
    inputRef?.current?.blur();
    onOpened?.();
    void navigate(result.route);
  };

  /** Enter before the matches of the text came: ask now, open the single exact match or the first. */
  const openNow = async (text: string) => {
    const answer = await queryClient.fetchQuery(searchQueryOptions(text, locationId)).catch(() => undefined);
    const found = answer && target(answer.results);
    if (found) open(found);
    else setIsNotFound(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement> & { defaultMuiPrevented?: boolean }) => {
    if (event.key !== 'Enter' || typed === '' || options.length > 0) return;
    event.defaultMuiPrevented = true;
    event.preventDefault();
    void openNow(typed);
  };

  return (
    <Autocomplete<SearchResult, false, false, false>
      open={isOpen && typed !== ''}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      value={null}
      onChange={(_, result) => {
        if (result) open(result);
      }}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        if (reason === 'reset') return;
        setInput(text);
        setIsNotFound(false);
        setIsOpen(text.trim() !== '');
      }}
      options={options}
      filterOptions={(list) => list}
      getOptionLabel={(result) => result.label}
      getOptionKey={(result) => `${result.kind}:${result.route}`}
      isOptionEqualToValue={(a, b) => a.route === b.route}
      autoHighlight
      clearOnBlur={false}
      handleHomeEndKeys={false}
      loading={isLoading && !isNotFound}
      loadingText={t('searching')}
      noOptionsText={search.isError ? t('error') : t('noResults')}
      onKeyDown={onKeyDown}
      renderOption={({ key, ...props }, result) => (
        <li key={key} {...props} data-testid="search-result">
          <ResultOption result={result} />
        </li>
      )}
      forcePopupIcon={false}
      {...(isInline ? { slots: { popper: InlinePopper } } : {})}
      slotProps={{ popper: { placement: 'bottom-start', sx: { minWidth: { xs: 0, md: 380 } } } }}
      sx={{ width: '100%' }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          autoFocus={autoFocus}
          size="small"
          placeholder={t('shell:searchPlaceholder')}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': t('label'),
              'data-testid': 'search-input',
              maxLength: SEARCH_QUERY_MAX,
              spellCheck: false,
              autoCapitalize: 'off',
            },
          }}
        />
      )}
    />
  );
};

/**
 * The header's search (issue 28, finding 16): an EPC (hex, EPC URI or GS1 Digital Link), a GTIN, an order code or a box
 * barcode, opening its page. `/` or Ctrl+K goes to it. Wide screens show the box in the header; narrow ones an icon
 * that opens it in a full-width dialog (the header keeps its width at 390 px).
 */
export const HeaderSearch = () => {
  const { t } = useTranslation('search');
  const theme = useTheme();
  const isCompact = useMediaQuery(theme.breakpoints.down('md'));
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useSearchShortcut(() => (isCompact ? setIsDialogOpen(true) : inputRef.current?.focus()));

  if (!isCompact) {
    return (
      <Box sx={SEARCH_BOX_SX}>
        <SearchField inputRef={inputRef} />
      </Box>
    );
  }
  const close = () => setIsDialogOpen(false);
  return (
    <>
      <Tooltip title={t('label')}>
        <IconButton color="inherit" onClick={() => setIsDialogOpen(true)} aria-label={t('label')} data-testid="search-button">
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <Dialog
        open={isDialogOpen}
        onClose={close}
        fullWidth
        aria-labelledby="search-dialog-title"
        sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
        data-testid="search-dialog"
        slotProps={{ paper: { sx: { m: 1, width: 'calc(100% - 16px)', maxWidth: 'none' } } }}
      >
        <DialogTitle id="search-dialog-title" sx={{ display: 'flex', alignItems: 'center', py: 1, pr: 1 }}>
          <Box component="span" sx={{ flexGrow: 1 }}>
            {t('title')}
          </Box>
          <IconButton onClick={close} aria-label={t('close')}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent sx={{ px: 1.5, pb: 2 }}>
          <Box sx={{ pt: 0.5 }}>
            <SearchField autoFocus isInline onOpened={close} />
          </Box>
        </DialogContent>
      </Dialog>
    </>
  );
};
