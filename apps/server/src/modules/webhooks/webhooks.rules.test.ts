import { createHmac } from 'node:crypto';
import { WEBHOOK_SECRET_PATTERN } from '@rfid/contract';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  disableReason,
  headersOf,
  isAcknowledged,
  isLastAttempt,
  messageIdOf,
  newSecret,
  retryDelayMs,
  signatureOf,
  signingSecrets,
} from './webhooks.rules.js';

const NOW = new Date('2026-11-29T10:00:00Z');
const policy = { maxAttempts: 5, baseMs: 5_000, maxMs: 3_600_000, factor: 4 };

describe('webhook signature (Standard Webhooks, checked with the specification’s own library)', () => {
  it('a message signed with a new secret verifies with standardwebhooks, and the body is its payload', () => {
    const secret = newSecret();
    expect(secret).toMatch(WEBHOOK_SECRET_PATTERN);
    const body = bodyOf({ eventType: 'order.status_changed', createdAt: NOW, payload: { order: 12, status: 'verified' } });
    const headers = headersOf([secret], messageIdOf(7), new Date(), body);
    expect(headers['webhook-id']).toBe('msg_7');
    expect(new Webhook(secret).verify(body, headers)).toEqual({
      type: 'order.status_changed',
      timestamp: '2026-11-29T10:00:00.000Z',
      data: { order: 12, status: 'verified' },
    });
  });

  it('is the same signature the library computes for the same id, time and body', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"type":"x","timestamp":"t","data":{}}';
    expect(signatureOf([secret], 'msg_1', 1_614_265_330, body)).toBe(
      new Webhook(secret).sign('msg_1', new Date(1_614_265_330_000), body),
    );
    // And by hand, from the specification's text: base64(HMAC-SHA256(key, "id.timestamp.body")), key = base64 after whsec_.
    const key = Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64');
    const expected = createHmac('sha256', key).update(`msg_1.1614265330.${body}`).digest('base64');
    expect(signatureOf([secret], 'msg_1', 1_614_265_330, body)).toBe(`v1,${expected}`);
  });

  it('during a rotation both secrets sign (space separated): a receiver with either verifies', () => {
    const current = newSecret();
    const previous = newSecret();
    const endpoint = { secret: current, previousSecret: previous, previousSecretUntil: new Date(NOW.getTime() + 1_000) };
    const secrets = signingSecrets(endpoint, NOW);
    expect(secrets).toEqual([current, previous]);
    const body = '{"a":1}';
    const headers = headersOf(secrets, 'msg_3', new Date(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toEqual({ a: 1 });
    expect(new Webhook(previous).verify(body, headers)).toEqual({ a: 1 });
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
  });

  it('after the overlap only the new secret signs', () => {
    const endpoint = { secret: 'whsec_new', previousSecret: 'whsec_old', previousSecretUntil: new Date(NOW.getTime() - 1) };
    expect(signingSecrets(endpoint, NOW)).toEqual(['whsec_new']);
  });

  it('a changed body or a changed id does not verify', () => {
    const secret = newSecret();
    const headers = headersOf([secret], 'msg_9', new Date(), '{"a":1}');
    expect(() => new Webhook(secret).verify('{"a":2}', headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify('{"a":1}', { ...headers, 'webhook-id': 'msg_10' })).toThrow(WebhookVerificationError);
  });
});

describe('retry schedule', () => {
  it('grows by the factor from the base, capped, with half of each delay random', () => {
    // No jitter drawn (random 0): half of 5 s, 20 s, 80 s, 320 s, 1280 s, then the 1 h cap.
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => retryDelayMs(policy, n, 0))).toEqual([
      2_500, 10_000, 40_000, 160_000, 640_000, 1_800_000, 1_800_000,
    ]);
    // The whole delay when the draw is (nearly) 1.
    expect(retryDelayMs(policy, 1, 0.999_999)).toBe(5_000);
    expect(retryDelayMs(policy, 3, 0.5)).toBe(60_000);
  });

  it('the last attempt is the policy’s maxAttempts', () => {
    expect(isLastAttempt(policy, 4)).toBe(false);
    expect(isLastAttempt(policy, 5)).toBe(true);
  });

  it('only 2xx acknowledges', () => {
    expect([200, 201, 204, 299].every(isAcknowledged)).toBe(true);
    expect([100, 301, 302, 304, 400, 410, 429, 500, 503].some(isAcknowledged)).toBe(false);
  });
});

describe('disabling an endpoint', () => {
  const disable = { afterFailedDeliveries: 3, afterFailingMs: 5 * 86_400_000 };
  it('after K deliveries failed in a row', () => {
    expect(disableReason(disable, { consecutiveFailures: 2, failingSince: NOW }, NOW)).toBeNull();
    expect(disableReason(disable, { consecutiveFailures: 3, failingSince: NOW }, NOW)).toBe(
      '3 deliveries in a row failed after every attempt',
    );
  });
  it('or after failing without a success for longer than the span', () => {
    const since = new Date(NOW.getTime() - 5 * 86_400_000);
    expect(disableReason(disable, { consecutiveFailures: 1, failingSince: new Date(since.getTime() + 1) }, NOW)).toBeNull();
    expect(disableReason(disable, { consecutiveFailures: 1, failingSince: since }, NOW)).toBe(
      `failing without a success since ${since.toISOString()}`,
    );
  });
});
