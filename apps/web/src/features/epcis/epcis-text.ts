import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import type { EpcisEvent } from './api/epcis-request';

/** A CBV value without its URI or URN prefix (`https://ref.gs1.org/cbv/BizStep-receiving` → `receiving`). */
const bare = (value: unknown) =>
  typeof value === 'string'
    ? value.replace(/^https:\/\/ref\.gs1\.org\/cbv\/[A-Za-z]+-/, '').replace(/^urn:epcglobal:cbv:[a-z]+:/, '')
    : '';
const idOf = (value: unknown) =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string'
    ? (value as { id: string }).id
    : '';
const epcsOf = (event: EpcisEvent): string[] =>
  ['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList'].flatMap((key) => {
    const list = event[key];
    return Array.isArray(list) ? list.filter((e): e is string => typeof e === 'string') : [];
  });

/** How the results show an event: its step or disposition by name, its time, what it moved and where. */
export const useEpcisText = () => {
  const { t } = useTranslation(['epcis', 'common']);
  /** A CBV business step or disposition in the user's language; one the page has no name for, as its code. */
  const label = (group: 'bizSteps' | 'dispositions', value: unknown): string => {
    const code = bare(value);
    return code ? t(`${group}.${code}`, { defaultValue: code }) : '';
  };
  const when = (event: EpcisEvent) => (typeof event.eventTime === 'string' ? formatDateTime(event.eventTime) : '');
  const what = (event: EpcisEvent) => {
    const epcs = epcsOf(event);
    const parent = typeof event.parentID === 'string' ? event.parentID : '';
    if (parent) return t('what.parent', { parent, count: epcs.length });
    if (epcs.length === 1) return epcs[0];
    return t('what.epcs', { count: epcs.length, first: epcs[0] ?? '' });
  };
  const where = (event: EpcisEvent) => idOf(event.bizLocation) || idOf(event.readPoint);
  const type = (event: EpcisEvent) => t(`types.${String(event.type)}`, { defaultValue: String(event.type) });
  return { label, when, what, where, type };
};
