import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration (config.ts, the only reader of the environment)', () => {
  it('starts the demo with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      seedDemo: true,
      readsIdleGapMs: 2_000,
      print: { spooler: true, labelTimeoutMs: 30_000, companyPrefixLength: 7 },
      llrp: { enabled: true, leaseMs: 15_000 },
      printerAllowLoopback: false,
      brandDashboardUrl: undefined,
    });
  });

  it('reads what is set; empty is the default', () => {
    const config = loadConfig({
      PORT: '8080',
      SEED_DEMO: 'false',
      PRINT_SPOOLER: 'off',
      LLRP: 'off',
      PRINT_LABEL_TIMEOUT_MS: '4000',
      READS_IDLE_GAP_MS: '',
      PRINTER_ALLOW_LOOPBACK: '1',
      BRAND_DASHBOARD_URL: ' https://bi.example.com/x ',
    });
    expect(config).toMatchObject({
      port: 8080,
      seedDemo: false,
      readsIdleGapMs: 2_000,
      print: { spooler: false, labelTimeoutMs: 4_000 },
      llrp: { enabled: false },
      printerAllowLoopback: true,
      brandDashboardUrl: 'https://bi.example.com/x',
    });
  });

  it('reads the read replica only beside DATABASE_URL (PostgreSQL): the embedded database has none', () => {
    expect(loadConfig({}).databaseRead).toBeUndefined();
    const primary = 'postgres://app@db-1/rfid';
    const standby = 'postgres://app@db-2/rfid';
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: standby }).databaseRead).toEqual({
      url: standby,
      maxLagMs: 2_000,
      checkMs: 500,
    });
    expect(
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_READ_URL: standby,
        DATABASE_READ_MAX_LAG_MS: '0',
        DATABASE_READ_CHECK_MS: '100',
      }).databaseRead,
    ).toEqual({ url: standby, maxLagMs: 0, checkMs: 100 });
    const embedded = loadConfig({ DATABASE_READ_URL: standby });
    expect(embedded).toMatchObject({ databaseRead: undefined, databaseReadIgnored: true });
    expect(() => loadConfig({ DATABASE_READ_CHECK_MS: '10' })).toThrow(/DATABASE_READ_CHECK_MS/);
    expect(() => loadConfig({ DATABASE_READ_MAX_LAG_MS: 'soon' })).toThrow(/DATABASE_READ_MAX_LAG_MS/);
  });

  it('refuses to start on a bad value, naming it', () => {
    expect(() => loadConfig({ PRINT_LEASE_MS: 'soon' })).toThrow(ConfigError);
    expect(() => loadConfig({ PRINT_LEASE_MS: 'soon' })).toThrow(/PRINT_LEASE_MS/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ JOB_LEASE_MS: '10' })).toThrow(/JOB_LEASE_MS/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });
});
