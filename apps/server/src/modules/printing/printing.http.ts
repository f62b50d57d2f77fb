import { errorBodySchema, RoleThreshold } from '@rfid/contract';

/** What every printing route declares: its error answers, its OpenAPI tag, and who reads and who writes. */
export const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
export const tags = ['printing'];
/** The printer menu (roles 1 to 4). */
export const read = { maxRole: RoleThreshold.printerMenu };
/** Print order creation and printing (roles 1 to 4). */
export const write = { maxRole: RoleThreshold.printOrderAdd };
