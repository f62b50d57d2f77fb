import type { FileCreationProgress } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';

/** Polled every 2 s until 100 (spec sections 4 and 9). */
export const CSV_POLL_MS = 2_000;

/** GET /file_creation_progress/{taskId}/: 0 to 100 (and an error when the file could not be made). */
export const getFileCreationProgress = (taskId: string) =>
  apiRequest<FileCreationProgress>(`/file_creation_progress/${taskId}/`, { silent: true });
