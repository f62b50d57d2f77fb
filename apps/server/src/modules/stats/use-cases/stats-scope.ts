import type { statsRangeQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import { foundOr, notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { StatsRepository } from '../stats.repository.js';
import { statsRange } from '../stats.rules.js';

/**
 * The scopes of the stats use cases: a dashboard's (a location, or a company's locations the user sees) and a brand's
 * (its locations the user sees). Their days are the days of `timeZone`: the location's, or the one their locations
 * share (else the company's).
 */
export type DashboardScope = {
  kind: 'location' | 'company';
  id: number;
  description: string;
  locationIds: number[];
  timeZone: string;
};
/** Which dashboard: a location's (everyone who sees it) or a company's (role 1, checked by the route). */
export type DashboardTarget = { kind: 'location' | 'company'; id: number };

export type ScopeRepository = Pick<
  StatsRepository,
  'location' | 'companyOf' | 'visibleLocationIds' | 'brandOf' | 'brandLocationIds' | 'scopeTimeZone'
>;

/** A location the user does not see is a 404 (location.not_found); a company other than the user's, admin.company_not_found. */
export const dashboardScope = async (repo: ScopeRepository, user: AuthUser, target: DashboardTarget): Promise<DashboardScope> => {
  if (target.kind === 'location') {
    const { id, description, timeZone } = await repo.location(user, target.id);
    return { kind: 'location', id, description, locationIds: [id], timeZone };
  }
  const company = target.id === user.companyId ? await repo.companyOf(target.id) : undefined;
  if (!company) throw notFound('admin.company_not_found');
  const locationIds = await repo.visibleLocationIds(user);
  const timeZone = await repo.scopeTimeZone({ companyId: company.id, locationIds });
  return { kind: 'company', id: company.id, description: company.name, locationIds, timeZone };
};

export type BrandScope = { id: number; description: string; locationIds: number[]; timeZone: string };

/** A brand of the user's company and its locations the user sees; another company's brand is a 404 (brand.not_found). */
export const brandScope = async (
  repo: Pick<StatsRepository, 'brandOf' | 'brandLocationIds' | 'scopeTimeZone'>,
  user: AuthUser,
  brandId: number,
): Promise<BrandScope> => {
  const brand = await foundOr(repo.brandOf(user.companyId, brandId), 'brand.not_found');
  const locationIds = await repo.brandLocationIds(user, brand.id);
  const timeZone = await repo.scopeTimeZone({ companyId: user.companyId, locationIds });
  return { ...brand, locationIds, timeZone };
};

/** What the brand statistics ask: the brand, and its date_start/date_end (contract's statsRangeQuerySchema). */
export type BrandStatsInput = { user: AuthUser; brandId: number; query: z.output<typeof statsRangeQuerySchema> };

/** A brand statistic's scope and range: the brand, the clock's instant and the query's range in the brand's zone. */
export type BrandStatsRange = { brand: BrandScope; at: Date; from: Date; to: Date; days: number };

/**
 * A brand statistic's use case: the brand of the user's company (brandScope), then the query's range in the brand's
 * zone (statsRange, default the last 30 days), then `answer` reads its figures with its own dependencies.
 */
export const brandStats =
  <D, T>(answer: (deps: D, range: BrandStatsRange) => Promise<T>) =>
  async (deps: D & { repo: ScopeRepository; now: () => Date }, { user, brandId, query }: BrandStatsInput): Promise<T> => {
    const brand = await brandScope(deps.repo, user, brandId);
    const at = deps.now();
    return answer(deps, { brand, at, ...statsRange(query, at, brand.timeZone) });
  };
