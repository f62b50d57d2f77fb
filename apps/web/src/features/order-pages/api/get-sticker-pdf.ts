import { fetchFile } from '../../../lib/files';

/** GET /stickers_pdfs/{id}/: the stickers' PDF, one page per box. */
export const downloadStickerPdf = (id: number, signal: AbortSignal) =>
  fetchFile(`/stickers_pdfs/${id}/`, { fallbackName: `Stickers-${id}.pdf`, accept: 'application/pdf', signal });
