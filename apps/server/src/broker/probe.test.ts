import { describe, expect, it } from 'vitest';
import { createProbe } from './probe.js';

describe('a bus probe', () => {
  it('keeps one probe in flight, times its round trip and keeps the last one across a reset', () => {
    let clock = 1_000;
    const probe = createProbe(() => new Date(clock));
    expect(probe.status()).toEqual({});
    probe.received();
    expect(probe.status()).toEqual({});
    expect(probe.begin()).toBe(true);
    expect(probe.begin()).toBe(false);
    expect(probe.status()).toEqual({ probePendingSince: new Date(1_000) });
    clock = 1_250;
    probe.received();
    expect(probe.status()).toEqual({ lastProbe: { at: new Date(1_250), roundTripMs: 250 } });
    expect(probe.begin()).toBe(true);
    probe.reset();
    expect(probe.status()).toEqual({ lastProbe: { at: new Date(1_250), roundTripMs: 250 } });
    expect(probe.begin()).toBe(true);
  });
});
