import { errorBodySchema, RoleThreshold } from '@rfid/contract';
import { routeDeclarer } from '../../http/route.js';

/** What every printing route declares: its error answers, its OpenAPI tag, and who reads and who writes. */
export const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
/** The printing routes' declarer: tag "printing", the error answers above. */
export const route = routeDeclarer(['printing'], errors);
/** The printer menu (roles 1 to 4). */
export const READ = RoleThreshold.printerMenu;
/** Print order creation and printing (roles 1 to 4). */
export const WRITE = RoleThreshold.printOrderAdd;
