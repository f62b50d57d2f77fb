import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('makes Zod jitless without the entry importing Zod (Zod reads the global it set)', async () => {
    await import('./zod-config');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
