import type { AvailableApp } from '@rfid/contract';
import { AVAILABLE_APPS } from './nms-scope.js';

/** GET /nms/application/available_apps/: the applications readers may run. */
export const listAvailableApps = (): AvailableApp[] => [...AVAILABLE_APPS];
