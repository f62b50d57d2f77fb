import type { Page } from 'playwright-core';

/** A body the app sent (with its UUID `id`) and the server's answers to each time it was sent. */
export type SentPost<B extends { id: string }> = { body: B; statuses: number[] };

/**
 * Records the POSTs the page makes to a URL ending in `path`, by their body's `id` (the app's UUID of an offline
 * action): what was sent and every answer, so that a test sees each action sent and stored once. Not a test file.
 */
export const recordSentPosts = <B extends { id: string }>(page: Page, path: string): Map<string, SentPost<B>> => {
  const sent = new Map<string, SentPost<B>>();
  page.on('response', async (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().endsWith(path)) return;
    // The app's JSON body, as the test's type of it (the test checks the fields it reads).
    const body = request.postDataJSON() as B;
    const known = sent.get(body.id) ?? { body, statuses: [] };
    known.statuses.push(response.status());
    sent.set(body.id, known);
  });
  return sent;
};
