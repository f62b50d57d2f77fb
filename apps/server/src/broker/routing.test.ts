import { describe, expect, it } from 'vitest';
import { brokerProblems } from '../plugins/health.js';
import { toRoutingKey, toTopic } from './amqp-bus.js';
import { topicMatches } from './bus.js';

describe('topics, filters and routing keys', () => {
  it('maps MQTT topics to AMQP routing keys as RabbitMQ’s MQTT plugin does (/ and . swap, + is *)', () => {
    // docs: https://www.rabbitmq.com/docs/mqtt#topic-level-separator-and-wildcards
    expect(toRoutingKey('readers/+/reads')).toBe('readers.*.reads');
    expect(toRoutingKey('readers/#')).toBe('readers.#');
    expect(toRoutingKey('readers/00.16.25/reads')).toBe('readers.00/16/25.reads');
    expect(toTopic('readers.001625000011.reads')).toBe('readers/001625000011/reads');
    expect(toTopic('readers.00/16/25.reads')).toBe('readers/00.16.25/reads');
  });
  it('matches MQTT wildcards', () => {
    expect(topicMatches('readers/+/reads', 'readers/AB/reads')).toBe(true);
    expect(topicMatches('readers/+/reads', 'readers/AB/status')).toBe(false);
    expect(topicMatches('readers/#', 'readers/AB/status')).toBe(true);
  });
});

describe('readiness', () => {
  const now = new Date('2026-11-29T10:00:00Z');
  const base = { transport: 'mqtt' as const, connected: true, subscribed: true, role: 'collector' as const };
  it('is ready without a broker, or subscribed with no probe late', () => {
    expect(brokerProblems({ ...base, transport: 'none', connected: false, subscribed: false }, now, 10_000)).toEqual([]);
    expect(brokerProblems(base, now, 10_000)).toEqual([]);
    expect(brokerProblems({ ...base, probePendingSince: new Date(now.getTime() - 9_000) }, now, 10_000)).toEqual([]);
  });
  it('is not ready disconnected, unsubscribed, or with a probe that has not come back in time', () => {
    expect(brokerProblems({ ...base, connected: false, subscribed: false }, now, 10_000)).toEqual([
      'not connected to the readers broker',
    ]);
    expect(brokerProblems({ ...base, subscribed: false }, now, 10_000)).toEqual(['not subscribed to the readers topics']);
    // Another process collects: this one is ready while it reaches the broker.
    expect(brokerProblems({ ...base, role: 'standby', subscribed: false }, now, 10_000)).toEqual([]);
    expect(brokerProblems({ ...base, probePendingSince: new Date(now.getTime() - 12_000) }, now, 10_000)).toEqual([
      'a probe sent through the broker 12 s ago has not come back',
    ]);
  });
});
