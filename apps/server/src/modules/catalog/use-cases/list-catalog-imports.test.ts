import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { importRow } from './catalog-import-fixtures.js';
import { listCatalogImports } from './list-catalog-imports.js';

describe('list catalogue imports (use case)', () => {
  it("lists the user's company's imports with the page asked for", async () => {
    const asked: unknown[] = [];
    const repo = {
      list: async (companyId: number, page: { limit: number; offset: number }) => {
        asked.push([companyId, page]);
        return { count: 2, rows: [importRow({ id: 8 }), importRow({ id: 7 })] };
      },
    };
    const answer = await listCatalogImports(repo, testUser({ companyId: 3 }), { page: { limit: 20, offset: 0 }, language: 'en' });
    expect(asked).toEqual([[3, { limit: 20, offset: 0 }]]);
    expect(answer.count).toBe(2);
    expect(answer.results.map((r) => r.id)).toEqual([8, 7]);
  });
});
