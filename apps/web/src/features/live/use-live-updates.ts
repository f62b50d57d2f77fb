import { type LiveEvent, LiveTopic, liveEventSchema } from '@rfid/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readSession } from '../../lib/storage';

/** Which queries each topic refreshes, by query-key prefix (the app builds it from the features' keys). */
export type LiveRefreshMap = Partial<Record<LiveTopic, readonly QueryKey[]>>;

/** Topics heard within this window refresh their queries once (a burst of reads is one refetch). */
const COALESCE_MS = 50;

/** The stream's URL: EventSource cannot send headers, so the token goes in the query (the server hides it in its logs). */
export const liveStreamUrl = (token: string): string => `/api/events/stream?access_token=${encodeURIComponent(token)}`;

/** The event of a message's data; null when it is not one (ignored). */
export const parseLiveEvent = (data: unknown): LiveEvent | null => {
  if (typeof data !== 'string') return null;
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * The live updates of the signed-in user (issue 17): one EventSource on `GET /api/events/stream` while the shell is
 * shown; each event refreshes the queries of its topic (`refresh`), a `reset` refreshes them all. EventSource
 * reconnects by itself and resumes with Last-Event-ID; while it is down the pages' own polling (every 20 s) goes on.
 */
export const useLiveUpdates = (refresh: LiveRefreshMap): void => {
  const queryClient = useQueryClient();
  const token = readSession()?.token;
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    const source = new EventSource(liveStreamUrl(token));
    const heard = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const topics = [...heard];
      heard.clear();
      const isReset = topics.includes(LiveTopic.Reset);
      const keys = isReset ? Object.values(refresh).flat() : topics.flatMap((topic) => refresh[topic as LiveTopic] ?? []);
      const seen = new Set<string>();
      for (const queryKey of keys) {
        const id = JSON.stringify(queryKey);
        if (seen.has(id)) continue;
        seen.add(id);
        void queryClient.invalidateQueries({ queryKey });
      }
    };
    source.onmessage = (message) => {
      const event = parseLiveEvent(message.data);
      if (!event) return;
      heard.add(event.topic);
      timer ??= setTimeout(flush, COALESCE_MS);
    };
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [token, queryClient, refresh]);
};
