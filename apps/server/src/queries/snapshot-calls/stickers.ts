import type { Db } from '../../db/client.js';
import { createStickersRepository } from '../../modules/stickers/stickers.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const stickersCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('stickers.stickers', 'modules/stickers/stickers.repository.ts', createStickersRepository(db), {
    visibleOrder: [user, 1],
    boxIdsOf: [1],
    insertSticker: [{ companyId: 1, orderId: 1, boxCount: 1 }],
    list: [user, {}, { limit: 1, offset: 1 }],
    pdfs: [user, {}, { limit: 1, offset: 1 }],
    pdfContent: [user, 1],
    stickerToBuild: [1],
    pendingStickerIds: [],
    orderOf: [1],
    boxesOf: [1, [1]],
    finish: [1, { fileName: 'fileName', pages: 1, content: 'content' }],
    fail: [1, 'error'],
  });
