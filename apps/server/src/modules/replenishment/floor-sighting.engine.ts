import type { ReadingSetHandler } from '../engine/dispatch.js';

/** The claim of a set that saw stocked items of its store in another area (replenished to the floor, say). */
export const FLOOR_SIGHTING_CLAIM = 'floor-sighting';

/**
 * A handheld's or a floor reader's set that no inventory claimed (issue 26): STOCKED items of the reader's location seen
 * in another area move to the reader's area (stockroom → sales floor: replenished). To be built.
 */
export const floorSightingHandler: ReadingSetHandler = async () => null;
