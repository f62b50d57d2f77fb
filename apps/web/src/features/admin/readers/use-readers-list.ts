import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageParams } from '../../../components/paged-table';
import { useCurrentLocation } from '../../../lib/current-location';
import { useNotify } from '../../../lib/notifier';
import { adminKeys } from '../api/admin-keys';
import { getReaders, type ReaderFilters } from '../api/get-readers';
import { useUpdateReader } from '../api/save-reader';
import type { Reader } from '../api/types';
import { translateMessage } from '../shared/messages';

/** The readers list's state: filters, the location's scope, the ticked rows, whether a row has a state, saving a row. */
export const useReadersList = () => {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const update = useUpdateReader();
  const [filters, setFilters] = useState<ReaderFilters>({ mac_address__icontains: '', serial_number__icontains: '' });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [hasState, setHasState] = useState(false);
  // As the spec's call does, the list shows the readers of the location picked in the header.
  const location = useCurrentLocation();
  const scope = { ...filters, locationId: location?.id };

  const change = (reader: Reader, body: { working_mode: number } | { reader_type: number }) =>
    update.mutate(
      { id: reader.id, body },
      {
        onSuccess: () => notify(t('readers.updated'), 'success'),
        onError: (error) => notify(translateMessage(error.message), 'error'),
        onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.readers }),
      },
    );
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** A page of readers; notes whether any of them has a state (the state column shows only then). */
  const fetchPage = async (page: PageParams) => {
    const answer = await getReaders({ ...scope, ...page });
    setHasState(answer.results.some((reader) => Boolean(reader.state)));
    return answer;
  };
  return { location, filters, setFilters, scope, selected, toggle, hasState, change, fetchPage };
};

export type ReadersList = ReturnType<typeof useReadersList>;
