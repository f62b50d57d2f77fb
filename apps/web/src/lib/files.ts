import { buildUrl, languageHeader } from './api-client';
import { fetchWaitingOutLoad } from './load-retry';
import { readSession } from './storage';

/** The file name of a Content-Disposition header (plain or RFC 5987), if any. */
export const fileNameFrom = (header: string | null): string | null => {
  const match = header ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : null;
};

/** Saves a blob under a name through a temporary link. */
export const saveBlob = (blob: Blob, name: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * GET a file of the API with the session token: its blob and name (Content-Disposition, else `fallbackName`);
 * aborted by `signal` or after `timeoutMs`.
 */
export const fetchFile = async (
  path: string,
  {
    fallbackName,
    accept,
    signal,
    timeoutMs = 20_000,
  }: { fallbackName: string; accept: string; signal?: AbortSignal; timeoutMs?: number },
): Promise<{ name: string; blob: Blob }> => {
  const session = readSession();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  signal?.addEventListener('abort', () => controller.abort());
  const response = await fetchWaitingOutLoad(buildUrl(path), {
    headers: { Accept: accept, ...languageHeader(), ...(session ? { Authorization: `Token ${session.token}` } : {}) },
    signal: controller.signal,
  }).finally(() => clearTimeout(timer));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return { name: fileNameFrom(response.headers.get('Content-Disposition')) ?? fallbackName, blob: await response.blob() };
};
