import type { EpcisPagingQuery } from '@rfid/contract';
import type { Language } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { type CaptureJob, captureDto } from '../epcis-capture-dto.js';
import type { EpcisRepository } from '../epcis-store.repository.js';
import { captureTokens, positionedPage } from './epcis-paging.js';

export type ListCaptureJobsInput = { user: AuthUser; query: EpcisPagingQuery; language: Language };

/** GET /epcis/capture: a page of the company's capture jobs, newest first; `next` when there are more. */
export const listCaptureJobs = async (
  repo: Pick<EpcisRepository, 'captures'>,
  { user, query, language }: ListCaptureJobsInput,
): Promise<{ jobs: CaptureJob[]; next: string | null }> => {
  const { page, next } = await positionedPage(query, captureTokens, (beforeId, limit) =>
    repo.captures(user.companyId, { ...(beforeId ? { beforeId } : {}), limit }),
  );
  return { jobs: page.map((row) => captureDto(row, language)), next };
};
