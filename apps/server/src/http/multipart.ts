import type { FastifyRequest } from 'fastify';
import { type MessageArg, msg } from '../i18n/messages.js';
import { AppError, fieldError, NUL_MESSAGE } from './errors.js';

/** A file of a multipart form, read whole (uploads are small: CSVs, screenshots, logos). */
export type UploadedFile = { fieldname: string; filename: string; mimetype: string; bytes: Buffer };
export type MultipartForm = { fields: Record<string, string>; files: UploadedFile[] };

export const MALFORMED_MULTIPART = 'upload.malformed';

/** Busboy's words for a body that ended early or is not multipart as announced. */
const BUSBOY_MESSAGES = [
  'Unexpected end of form',
  'Unexpected end of multipart data',
  'Malformed part header',
  'Multipart: Boundary not found',
  'Malformed urlencoded form',
  'Part terminated early',
];

/** A multipart parse failure that is the client's fault (a truncated or malformed body, a limit). */
export const isMalformedMultipartError = (error: unknown): boolean => {
  const message = error instanceof Error ? error.message : '';
  const code = (error as { code?: unknown }).code;
  return (
    BUSBOY_MESSAGES.some((m) => message.includes(m)) ||
    code === 'FST_PARTS_LIMIT_REACHED' ||
    code === 'FST_FIELDS_LIMIT_REACHED' ||
    code === 'FST_PROTO_VIOLATION'
  );
};

/**
 * The one multipart reader of the upload routes (issue 13): every part read whole, within
 * limits, and every way a body can be wrong answered 400 on `fileField` (too large, too many
 * files, truncated or malformed, not multipart at all) instead of a 500.
 */
export const readMultipart = async (
  request: FastifyRequest,
  {
    fileField,
    maxFileBytes,
    maxFiles = 1,
    maxFields = 20,
    notMultipart,
    tooLarge = msg('upload.too_large', { mb: Math.round(maxFileBytes / 1024 / 1024) }),
    tooMany = maxFiles === 1 ? 'upload.one_file' : msg('upload.too_many', { max: maxFiles }),
  }: {
    /** The field an error is reported on (the form's file field). */
    fileField: string;
    maxFileBytes: number;
    maxFiles?: number;
    maxFields?: number;
    /** What a request that is not multipart/form-data gets. */
    notMultipart: AppError;
    tooLarge?: MessageArg;
    tooMany?: MessageArg;
  },
): Promise<MultipartForm> => {
  if (!request.isMultipart()) throw notMultipart;
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes, files: maxFiles, fields: maxFields } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (value.includes('\u0000') || part.fieldname.includes('\u0000'))
          throw fieldError(part.fieldname.split('\u0000').join(''), NUL_MESSAGE);
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError(fileField, tooLarge);
    if (code === 'FST_FILES_LIMIT_REACHED') throw fieldError(fileField, tooMany);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw notMultipart;
    if (isMalformedMultipartError(error)) throw fieldError(fileField, MALFORMED_MULTIPART);
    throw error;
  }
  return { fields, files };
};
