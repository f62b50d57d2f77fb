/**
 * How many journey files run at once, each worker with its own server (E2E_WORKERS overrides).
 * A journey spends most of its time waiting on the page, so three fit on two cores.
 */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));
