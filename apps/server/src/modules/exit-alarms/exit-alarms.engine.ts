import type { ReadingSetHandler } from '../engine/dispatch.js';

/** The claim of a set an exit gate (working mode 8) read. */
export const EXIT_GATE_CLAIM = 'exit-gate';

/** An exit gate's set (issue 26): every tag that is not SOLD raises an exit alarm. To be built. */
export const exitGateHandler: ReadingSetHandler = async () => null;
