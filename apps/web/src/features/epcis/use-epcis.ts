import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notifier';
import { downloadEpcisEvents } from './api/download-epcis-events';
import { EMPTY_FILTERS, type EpcisFilters } from './api/epcis-request';
import { epcisEventsQuery } from './api/get-epcis-events';

/** The EPCIS page's state: the filters typed and applied, the page of events (by token), the download. */
export const useEpcis = () => {
  const { t } = useTranslation(['epcis', 'common']);
  const [form, setForm] = useState<EpcisFilters>(EMPTY_FILTERS);
  const [applied, setApplied] = useState<EpcisFilters>(EMPTY_FILTERS);
  /** The tokens of the pages before this one (the first page has none). */
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [isDownloading, setIsDownloading] = useState(false);
  const token = tokens.at(-1) ?? null;
  const page = useQuery({ ...epcisEventsQuery(applied, token), staleTime: 0 });

  const field = (name: keyof EpcisFilters) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(form);
    setTokens([null]);
  };
  const download = async () => {
    setIsDownloading(true);
    try {
      const { document, count, isCut } = await downloadEpcisEvents(applied);
      const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: 'application/ld+json' }));
      const link = Object.assign(window.document.createElement('a'), {
        href: url,
        download: `epcis-events-${new Date().toISOString().slice(0, 10)}.jsonld`,
      });
      link.click();
      URL.revokeObjectURL(url);
      notify(isCut ? t('download.cut', { count }) : t('download.done', { count }), 'success');
    } catch (error) {
      notify(error instanceof ApiError ? error.message : t('common:errors.connection'), 'error');
    } finally {
      setIsDownloading(false);
    }
  };
  const previous = () => setTokens((s) => s.slice(0, -1));
  const next = () => {
    const nextToken = page.data?.next;
    if (nextToken) setTokens((s) => [...s, nextToken]);
  };
  const events = page.data?.events ?? [];
  const error = page.error instanceof ApiError ? page.error.message : page.error ? t('common:errors.connection') : null;
  return {
    form,
    setForm,
    field,
    submit,
    download,
    isDownloading,
    page,
    events,
    error,
    hasPrevious: tokens.length > 1,
    previous,
    next,
  };
};

export type EpcisState = ReturnType<typeof useEpcis>;
