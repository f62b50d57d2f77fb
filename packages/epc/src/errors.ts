export type EpcErrorCode =
  | 'BAD_HEX'
  | 'BAD_LENGTH'
  | 'UNKNOWN_HEADER'
  | 'BAD_PARTITION'
  | 'BAD_VALUE'
  | 'BAD_CHECK_DIGIT'
  | 'BAD_URI'
  | 'BAD_ELEMENT_STRING';

/** Every failure of this package: a stable `code` for programs, a readable `message` for people. */
export class EpcError extends Error {
  readonly code: EpcErrorCode;

  constructor(code: EpcErrorCode, message: string) {
    super(message);
    this.name = 'EpcError';
    this.code = code;
  }
}

export const isEpcError = (error: unknown): error is EpcError => error instanceof EpcError;
