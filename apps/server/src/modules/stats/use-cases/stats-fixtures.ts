import { expect } from 'vitest';
import { notFound } from '../../../http/errors.js';
import { fakeSection } from '../../../test/recording-repo.js';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { FiguresRepository } from '../figures.repository.js';
import type { StatsRepository, StatsSnapshotReads } from '../stats.repository.js';
import type { BrandStatsInput } from './stats-scope.js';

/** A user of company 1 (role 1) for the stats use cases' unit tests. */
export const statsUser = testUser();

/** 29 November 2026, 08:00 in Madrid (CET, UTC+1). */
export const statsNow = new Date('2026-11-29T07:00:00Z');
export const clock = () => statsNow;

/** A repository call: its method, its arguments, and whether it ran within `readSnapshot`. */
export type Call = { method: string; args: unknown[]; inSnapshot: boolean };

/**
 * A fake stats repository of company 1 ("Demo", Europe/Madrid): location 2 (T-MAD-01) is the one the user sees, brand 5
 * (Zeta) has locations 2 and 3, the company's visible locations are 2, 3 and 4. Every call is recorded in `calls`.
 */
export const fakeStatsRepo = (over: Partial<StatsRepository> = {}) => {
  const calls: Call[] = [];
  const record =
    <A extends unknown[], R>(method: string, answer: (...args: A) => R) =>
    (...args: A): R => {
      calls.push({ method, args, inSnapshot: snapshot.isInside() });
      return answer(...args);
    };
  const answers: Omit<StatsRepository, 'readSnapshot'> = {
    stockNow: async () => 95,
    theoreticalNow: async () => 100,
    snapshotTotalOn: async () => 80,
    itemsOut: async () => 60,
    orderStatusCounts: async () => ({ entry: {}, exit: {}, online: {} }),
    location: async (_user, id) => {
      if (id !== 2) throw notFound('location.not_found');
      return { id, description: 'T-MAD-01', timeZone: 'Europe/Madrid' };
    },
    companyOf: async (id) => (id === 1 ? { id, name: 'Demo' } : undefined),
    visibleLocationIds: async () => [2, 3, 4],
    brandOf: async (companyId, brandId) => (companyId === 1 && brandId === 5 ? { id: 5, description: 'Zeta' } : undefined),
    brandLocationIds: async () => [2, 3],
    scopeTimeZone: async () => 'Europe/Madrid',
    orderBuckets: async () => [],
    posBuckets: async () => [],
    stockBuckets: async () => [],
    listStockEvolution: async () => ({ count: 0, rows: [] }),
    ...over,
  };
  const reads: StatsSnapshotReads = {
    stockNow: record('stockNow', answers.stockNow),
    theoreticalNow: record('theoreticalNow', answers.theoreticalNow),
    snapshotTotalOn: record('snapshotTotalOn', answers.snapshotTotalOn),
    itemsOut: record('itemsOut', answers.itemsOut),
    orderStatusCounts: record('orderStatusCounts', answers.orderStatusCounts),
  };
  const snapshot = fakeSection(reads);
  const repo: StatsRepository = {
    ...reads,
    location: record('location', answers.location),
    companyOf: record('companyOf', answers.companyOf),
    visibleLocationIds: record('visibleLocationIds', answers.visibleLocationIds),
    brandOf: record('brandOf', answers.brandOf),
    brandLocationIds: record('brandLocationIds', answers.brandLocationIds),
    scopeTimeZone: record('scopeTimeZone', answers.scopeTimeZone),
    orderBuckets: record('orderBuckets', answers.orderBuckets),
    posBuckets: record('posBuckets', answers.posBuckets),
    stockBuckets: record('stockBuckets', answers.stockBuckets),
    listStockEvolution: record('listStockEvolution', answers.listStockEvolution),
    readSnapshot: (work) => snapshot.run(work),
  };
  return { repo, calls, called: (method: string) => calls.filter((c) => c.method === method).map((c) => c.args) };
};

/** A fake figures repository answering `over` (else no orders), with the ranges it was asked for. */
export const fakeFigures = (over: Partial<FiguresRepository> = {}) => {
  const asked: { method: string; range: unknown }[] = [];
  const side = { orders: 0, pending: 0, avgSeconds: null, maxSeconds: null };
  const figures: FiguresRepository = {
    inboundFigures: async () => ({
      orders: 0,
      avgDelaySeconds: null,
      avgReceptionSeconds: null,
      maxReceptionSeconds: null,
      incorrect: 0,
      correct: 0,
      todayTotal: 0,
      todayPending: 0,
    }),
    entryFigures: async () => side,
    exitFigures: async () => side,
    saleFigures: async () => ({ sales: 0, itemsSold: 0, returns: 0, itemsReturned: 0 }),
    inventoryFigures: async () => ({
      total: 0,
      pending: 0,
      validated: 0,
      avgSeconds: null,
      avgItems: null,
      avgAccuracy: null,
      readSum: 0,
      secondsSum: 0,
    }),
    ...over,
  };
  const ask =
    <R, A>(method: keyof FiguresRepository, answer: (range: A) => Promise<R>) =>
    (range: A) => {
      asked.push({ method, range });
      return answer(range);
    };
  const recorded: FiguresRepository = {
    inboundFigures: ask('inboundFigures', figures.inboundFigures),
    entryFigures: ask('entryFigures', figures.entryFigures),
    exitFigures: ask('exitFigures', figures.exitFigures),
    saleFigures: ask('saleFigures', figures.saleFigures),
    inventoryFigures: ask('inventoryFigures', figures.inventoryFigures),
  };
  return { figures: recorded, asked };
};

/** 1 to 10 November 2026: a brand statistic's range of 10 days of Madrid. */
export const tenDays = { date_start: '2026-11-01', date_end: '2026-11-10' };
/** The range a brand statistic asks its figures for: the brand's locations (2 and 3, brandLocationIds) from `from` to `to`. */
export const brandRange = (from: string, to: string) => ({ locationIds: [2, 3], from: new Date(from), to: new Date(to) });
/** What a brand of another company is refused with (404). */
export const brandNotFound = { code: 'NOT_FOUND', text: { key: 'brand.not_found' } };

/** A brand statistic's fake dependencies: the stats repository, the figures answering `over` and the clock. */
export const brandStatsDeps = (over: Partial<FiguresRepository> = {}) => {
  const { repo, called } = fakeStatsRepo();
  const { figures, asked } = fakeFigures(over);
  return { deps: { repo, figures, now: clock }, asked, called };
};

/** A brand statistic of brandStats (stats-scope.ts), as the tests call it. */
type BrandStatsUseCase = (deps: ReturnType<typeof brandStatsDeps>['deps'], input: BrandStatsInput) => Promise<unknown>;

/** Expects the brand statistic to refuse `input` (with `error`, matched) before reading any figure. */
export const expectRefusedBeforeFigures = async (
  useCase: BrandStatsUseCase,
  input: Omit<BrandStatsInput, 'user'>,
  error: Record<string, unknown>,
) => {
  const { deps, asked, called } = brandStatsDeps();
  await expect(useCase(deps, { user: statsUser, ...input })).rejects.toMatchObject(error);
  expect(asked).toEqual([]);
  return { called };
};
