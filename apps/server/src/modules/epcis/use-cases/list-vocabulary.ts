import type { EpcisPagingQuery } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { VocabularyName } from '../epcis.repository.js';
import type { EpcisRepository } from '../epcis-store.repository.js';
import { positionedPage, valueTokens } from './epcis-paging.js';

export type ListVocabularyInput = { user: AuthUser; name: VocabularyName; query: EpcisPagingQuery };

/**
 * GET /epcis/{bizSteps|dispositions|readPoints|bizLocations|epcs}: a page of the vocabulary's values in the events the
 * user sees, in order; `next` (the last value, base64url) when there are more.
 */
export const listVocabulary = async (
  repo: Pick<EpcisRepository, 'vocabulary'>,
  { user, name, query }: ListVocabularyInput,
): Promise<{ values: string[]; next: string | null }> => {
  const { page, next } = await positionedPage(query, valueTokens, (after, limit) =>
    repo.vocabulary(user, name, { ...(after ? { after } : {}), limit }),
  );
  return { values: page, next };
};
