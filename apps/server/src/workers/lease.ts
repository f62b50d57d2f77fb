import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type SQL, sql } from 'drizzle-orm';

/**
 * What every lease holder of a process shares (docs/adr/0002-connection-holders.md): the job runner's jobs, the print
 * spooler's printers and the LLRP client's reader links are each held under a lease in a database row, named by the
 * process, ended by the database's clock (the processes' clocks never matter) and renewed every third of its length.
 */

/** This process's name in the leases: host, pid and a random part (unique per process, readable in the tables). */
export const processOwner = (): string => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** How often a holder renews a lease of `leaseMs`: every third of it, and not more often than `minMs`. */
export const renewEveryMs = (leaseMs: number, minMs = 20): number => Math.max(minMs, Math.floor(leaseMs / 3));

/** A duration in SQL (`ms` milliseconds as an interval). */
export const intervalMs = (ms: number): SQL => sql`(${Math.max(0, Math.round(ms))}::float8 * interval '1 millisecond')`;

/** When a lease taken or renewed now for `ms` ends, by the database's clock. */
export const leaseUntil = (ms: number): SQL => sql`now() + ${intervalMs(ms)}`;
