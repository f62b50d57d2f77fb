import { EpcError, type EpcErrorCode } from '../errors.js';

/** The EpcError code thrown by fn; a test expecting a code fails when nothing, or something else, is thrown. */
export const codeOf = (fn: () => unknown): EpcErrorCode | 'NOTHING_THROWN' | 'NOT_AN_EPC_ERROR' => {
  try {
    fn();
  } catch (error) {
    return error instanceof EpcError ? error.code : 'NOT_AN_EPC_ERROR';
  }
  return 'NOTHING_THROWN';
};
