import type { TagFormatDetail, TagFormatUpdateBody } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';

/** PATCH /tagformat/{id}/ {digital_link_qr} (role 1): the format's labels carry the GS1 Digital Link QR code or not. */
export const setTagFormatQr = ({ id, digital_link_qr }: { id: number } & TagFormatUpdateBody) =>
  apiRequest<TagFormatDetail>(`/tagformat/${id}/`, { method: 'PATCH', body: { digital_link_qr } });

/** The switch's mutation: the tag formats list refetches after it (an error shows the server's message). */
export const useSetTagFormatQr = () => useSavingMutation(setTagFormatQr, adminKeys.tagFormats);
