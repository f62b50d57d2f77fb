import { LiveTopic, type StreamTicket } from '@rfid/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../lib/api-client';
import { readSession } from '../../lib/storage';

/** Which queries each topic refreshes, by query-key prefix (the app builds it from the features' keys). */
export type LiveRefreshMap = Partial<Record<LiveTopic, readonly QueryKey[]>>;

/** Topics heard within this window refresh their queries once (a burst of reads is one refetch). */
const COALESCE_MS = 50;

/**
 * The stream's URL: EventSource cannot send headers, so a one-time ticket (POST /api/events/ticket/, good for 60 s and
 * one stream) goes in the query, never the session's token; `after`: resume after that event (Last-Event-ID).
 */
export const liveStreamUrl = (ticket: string, after?: string): string =>
  `/api/events/stream?ticket=${encodeURIComponent(ticket)}${after ? `&last_event_id=${encodeURIComponent(after)}` : ''}`;

/** POST /api/events/ticket/: a ticket for one stream (a 401 here sends the browser to the sign-in, as any call). */
export const getStreamTicket = () => apiRequest<StreamTicket>('/events/ticket/', { method: 'POST', silent: true });

/** Waits before reconnecting: 1 s, doubling up to 30 s while the stream keeps failing. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * The live updates of the signed-in user (issue 17): one EventSource on `GET /api/events/stream` while the shell is
 * shown; each event refreshes the queries of its topic (`refresh`), a `reset` refreshes them all. A ticket opens one
 * stream only, so a dropped stream is reopened here with a new ticket, resuming after the last event heard; while it is
 * down the pages' own polling (every 20 s) goes on.
 */
export const useLiveUpdates = (refresh: LiveRefreshMap): void => {
  const queryClient = useQueryClient();
  const token = readSession()?.token;
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let isClosed = false;
    let lastEventId: string | undefined;
    let retryMs = RETRY_FIRST_MS;
    let retry: ReturnType<typeof setTimeout> | undefined;
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
    // The events' parser (Zod's schema) is loaded with the first ticket: not part of the shell's first load.
    let parseLiveEvent: ((data: unknown) => { topic: string } | null) | undefined;
    const onMessage = (message: MessageEvent) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      const event = parseLiveEvent?.(message.data);
      if (!event) return;
      heard.add(event.topic);
      timer ??= setTimeout(flush, COALESCE_MS);
    };
    const reconnectLater = () => {
      if (isClosed) return;
      retry = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
    const connect = async () => {
      retry = undefined;
      let ticket: string;
      try {
        const [answer, parser] = await Promise.all([getStreamTicket(), import('./live-event')]);
        ticket = answer.ticket;
        parseLiveEvent = parser.parseLiveEvent;
      } catch {
        reconnectLater();
        return;
      }
      if (isClosed) return;
      const opened = new EventSource(liveStreamUrl(ticket, lastEventId));
      source = opened;
      opened.onopen = () => {
        retryMs = RETRY_FIRST_MS;
      };
      opened.onmessage = onMessage;
      // EventSource would retry with the same (used) ticket: closed, and opened again with a new one.
      opened.onerror = () => {
        opened.close();
        if (source === opened) reconnectLater();
      };
    };
    void connect();
    return () => {
      isClosed = true;
      source?.close();
      if (retry) clearTimeout(retry);
      if (timer) clearTimeout(timer);
    };
  }, [token, queryClient, refresh]);
};
