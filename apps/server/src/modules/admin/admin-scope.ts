/** The admin modules' shared checks: the area lookup lives in admin-scope.repository.ts (queries only in repositories). */
export { joinAreaAndLocation, requireArea, type ScopedArea } from './admin-scope.repository.js';

/** Postgres unique-violation (both pg and PGlite report SQLSTATE 23505, possibly on a wrapped cause). */
export const isUniqueViolation = (error: unknown): boolean => {
  let current: unknown = error;
  for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/** A guard on writes: runs `work`, and throws `toError()` instead when it breaks a unique constraint. */
export const guardUnique =
  (toError: () => Error) =>
  async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw toError();
      throw error;
    }
  };
