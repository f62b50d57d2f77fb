import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { RejectedRecord } from '../catalog-import.repository.js';
import { importRow } from './catalog-import-fixtures.js';
import { getCatalogImportReport, REPORT_PAGE } from './get-catalog-import-report.js';

const rejected = (line: number): RejectedRecord => ({
  line,
  gtin: `0000${line}`,
  rejection: { reason: 'catalogue.required', params: { field: 'description' } },
});

describe('catalogue import report (use case)', () => {
  it("writes every rejected record (line, GTIN, reason) in the reader's language, page after page", async () => {
    const all = Array.from({ length: REPORT_PAGE + 3 }, (_, i) => rejected(i + 2));
    const repo = {
      get: async () => importRow(),
      rejections: async (_id: number, after: number, limit: number) => all.filter((r) => r.line > after).slice(0, limit),
    };
    const report = await getCatalogImportReport(repo, testUser(), { id: 5, language: 'es' });
    expect(report.columns).toEqual(['línea', 'código GTIN', 'motivo']);
    const rows: unknown[][] = [];
    for await (const page of report.chunks) rows.push(...page);
    expect(rows).toHaveLength(REPORT_PAGE + 3);
    expect(rows[0]).toEqual([2, '00002', 'description es obligatorio.']);
    expect(rows.at(-1)?.[0]).toBe(REPORT_PAGE + 4);
  });

  it("is a 404 for another company's import", async () => {
    const repo = { get: async () => undefined, rejections: async () => [] };
    await expectStatus(getCatalogImportReport(repo, testUser(), { id: 5, language: 'en' }), 404);
  });
});
