import type { WebhookReplayAnswer, WebhookReplayBody } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import { type ReplayDeps, requireEndpoint } from './webhook-use-case.js';

/** POST /api/webhooks/{id}/replay/: every failed delivery of the endpoint made since `since` is sent again. */
export const replayFailed = async (
  { repo, wake }: ReplayDeps,
  user: AuthUser,
  { id, body }: { id: number; body: WebhookReplayBody },
): Promise<WebhookReplayAnswer> => {
  await requireEndpoint(repo, user, id);
  const replayed = await repo.replayFailedSince(id, new Date(body.since));
  if (replayed > 0) wake();
  return { replayed };
};
