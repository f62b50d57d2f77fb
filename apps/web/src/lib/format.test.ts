import { describe, expect, it } from 'vitest';
import {
  defaultDateRange,
  formatBytes,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatQuantity,
  rangeBounds,
  validateDateRange,
} from './format';

describe('format', () => {
  it('formats dates as the spec shows them, and a fallback when there is none', () => {
    const date = new Date(2026, 10, 3, 15, 5);
    expect(formatDate(date)).toBe('03/11/2026');
    // One date-time style, 24 hours, in both languages (issue 28: no "3:05 pm", no "03-11-2026").
    expect(formatDateTime(date)).toBe('03/11/2026 15:05');
    expect(formatDateTime(new Date(2026, 10, 29, 2, 41))).toBe('29/11/2026 02:41');
    expect(formatDateTime(null, '—')).toBe('—');
    expect(formatDate(null, '—')).toBe('—');
    expect(formatDate('not a date', '—')).toBe('—');
  });

  it('formats numbers in the user language', () => {
    expect(formatQuantity(12345, 'en')).toBe('12,345');
    expect(formatQuantity(12345.6, 'es')).toBe('12.346');
    expect(formatNumber(Math.PI, 'en')).toBe('3.14');
    expect(formatNumber(3.1, 'es')).toBe('3,10');
    expect(formatPercent(42, 'en')).toBe('42%');
    expect(formatPercent(42, 'es')).toMatch(/^42\s%$/);
    expect(formatQuantity(undefined)).toBe('');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
  });

  it('builds and validates date ranges', () => {
    expect(defaultDateRange(new Date(2026, 10, 23))).toEqual({ start: '2026-10-24', end: '2026-11-23' });
    // Whole days, read by the server in the location's zone (the contract's date codec).
    expect(rangeBounds('2026-01-01', '2026-01-31')).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    const today = new Date(2026, 10, 23);
    expect(validateDateRange({ start: '2026-11-01', end: '2026-11-02' }, today)).toBeNull();
    expect(validateDateRange({ start: '2026-11-01', end: '2026-11-01' }, today)).toBeNull();
    expect(validateDateRange({ start: '2026-11-03', end: '2026-11-02' }, today)).toBe('end');
    expect(validateDateRange({ start: '2026-11-24', end: '' }, today)).toBe('start');
    expect(validateDateRange({ start: '', end: '2026-12-01' }, today)).toBe('end');
  });
});
