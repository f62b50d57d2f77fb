import { foundOr } from '../../../http/errors.js';
import type { Language } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { type CaptureJob, captureDto } from '../epcis-capture-dto.js';
import type { EpcisRepository } from '../epcis-store.repository.js';

/** GET /epcis/capture/{captureID}: a capture job of the company, its report in the reader's language (404 otherwise). */
export const getCaptureJob = async (
  repo: Pick<EpcisRepository, 'capture'>,
  { user, id, language }: { user: AuthUser; id: number; language: Language },
): Promise<CaptureJob> => {
  const row = await foundOr(repo.capture(user.companyId, id), 'epcis.capture_not_found');
  return captureDto(row, language);
};
