import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isAllowedOutboundAddress, type OutboundAddressPolicy } from '../printing/printer-address.js';
import { RESPONSE_EXCERPT_CHARS } from './webhooks.rules.js';

/** What one POST to an endpoint gave: its status (null: no answer), an excerpt of its body, the error, the time. */
export type PostResult = { status: number | null; excerpt: string; error: string | null; durationMs: number };

export type WebhookPost = (url: string, headers: Record<string, string>, body: string) => Promise<PostResult>;

/** The endpoint's address is refused by the policy (loopback, private, link-local …). */
export class RefusedAddressError extends Error {
  constructor(address: string) {
    super(`address ${address} is not allowed for webhooks`);
    this.name = 'RefusedAddressError';
  }
}

/**
 * The resolver of the connection: every address the name resolves to must be allowed, and the connection goes to the
 * one checked (no second resolution that could answer otherwise: DNS rebinding).
 */
const guardedLookup =
  (policy: OutboundAddressPolicy): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const refused = addresses.find((a) => !isAllowedOutboundAddress(a.address, policy));
      if (refused || addresses.length === 0) {
        callback(new RefusedAddressError(refused?.address ?? hostname), '', 0);
        return;
      }
      if (options.all) callback(null, addresses);
      else {
        const [first] = addresses as [LookupAddress];
        callback(null, first.address, first.family);
      }
    });
  };

/** Whether a URL's host may be called (a literal IP checked now; a name is checked when it is resolved). */
export const isAllowedUrlHost = (url: string, policy: OutboundAddressPolicy): boolean => {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) === 0) return host.toLowerCase() !== 'localhost' || policy.allowLoopback;
  return isAllowedOutboundAddress(host, policy);
};

/**
 * POSTs a message (node's http client: redirects are not followed, a 3xx is an answer like any other). The call ends
 * after `timeoutMs` whatever it is doing; only the first RESPONSE_EXCERPT_CHARS characters of the answer are kept.
 */
export const httpPost =
  ({ timeoutMs, policy }: { timeoutMs: number; policy: OutboundAddressPolicy }): WebhookPost =>
  (url, headers, body) =>
    new Promise<PostResult>((resolve) => {
      const started = performance.now();
      let isDone = false;
      let timer: NodeJS.Timeout | undefined;
      const done = (result: Omit<PostResult, 'durationMs'>) => {
        if (isDone) return;
        isDone = true;
        clearTimeout(timer);
        resolve({ ...result, durationMs: Math.round(performance.now() - started) });
      };
      if (!isAllowedUrlHost(url, policy)) {
        done({ status: null, excerpt: '', error: new RefusedAddressError(new URL(url).hostname).message });
        return;
      }
      const target = new URL(url);
      const client = target.protocol === 'https:' ? https : http;
      const request = client.request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          lookup: guardedLookup(policy),
          agent: false,
        },
        (response) => {
          let excerpt = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            if (excerpt.length < RESPONSE_EXCERPT_CHARS) excerpt += chunk.slice(0, RESPONSE_EXCERPT_CHARS - excerpt.length);
          });
          response.on('end', () => done({ status: response.statusCode ?? null, excerpt, error: null }));
          response.on('error', (error) => done({ status: response.statusCode ?? null, excerpt, error: error.message }));
        },
      );
      timer = setTimeout(() => {
        request.destroy(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      request.on('error', (error) => done({ status: null, excerpt: '', error: error.message }));
      request.end(body);
    });
