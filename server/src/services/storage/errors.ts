import { isDbError, toDbError } from '../../db/errors.ts';
import { BodyTooLargeError } from '../../lib/body-limit.ts';

/**
 * The storage error catalogue: the codes, messages and logical status codes of
 * supabase/storage `src/internal/errors/codes.ts`, and one renderer of its wire shape
 * (`src/http/error-handler.ts`): `{statusCode: "<logical>", code, error, message}` sent with
 * HTTP 400 for every logical 4xx and 500 for 500, unless an error overrides the status.
 */
export class StorageError extends Error {
  readonly code: string;
  readonly httpStatusCode: number;
  /** The `error` field of the body; upstream falls back to the code. */
  readonly error: string;
  /** HTTP status actually sent. */
  readonly userStatusCode: number;

  constructor(options: { code: string; httpStatusCode: number; message: string; error?: string; userStatusCode?: number }) {
    super(options.message);
    this.name = 'StorageError';
    this.code = options.code;
    this.httpStatusCode = options.httpStatusCode;
    this.error = options.error ?? options.code;
    this.userStatusCode = options.userStatusCode ?? (options.httpStatusCode === 500 ? 500 : 400);
  }

  render(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.httpStatusCode), code: this.code, error: this.error, message: this.message };
  }
}

const make = (code: string, httpStatusCode: number, message: string, error?: string, userStatusCode?: number) =>
  new StorageError({
    code,
    httpStatusCode,
    message,
    ...(error === undefined ? {} : { error }),
    ...(userStatusCode === undefined ? {} : { userStatusCode }),
  });

export const errors = {
  noSuchBucket: () => make('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => make('NoSuchKey', 404, 'Object not found', 'not_found'),
  /** What the asset renderer answers when the row exists but the file does not (renderer.ts). */
  resourceNotFound: () => make('NoSuchKey', 404, 'The resource was not found', 'Not found'),
  keyAlreadyExists: () => make('KeyAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () => make('BucketAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  resourceAlreadyExists: () => make('ResourceAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => make('ResourceNotEmpty', 409, 'The bucket you tried to delete is not empty'),
  accessDenied: (message = 'Access denied', userStatusCode?: number) => make('AccessDenied', 403, message, 'Unauthorized', userStatusCode),
  invalidJwt: (message = 'Invalid JWT') => make('InvalidJWT', 400, message),
  invalidSignature: (message = 'Invalid signature') => make('InvalidSignature', 400, message),
  expiredSignature: () => make('ExpiredToken', 400, 'The provided token has expired.'),
  entityTooLarge: (entity = 'object', limit = 'the maximum allowed size') =>
    make('EntityTooLarge', 413, `The ${entity} exceeded ${limit}`, 'Payload too large'),
  invalidMimeType: (mimeType: string) => make('InvalidMimeType', 415, `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  invalidKey: (key: string, reason?: string) => make('InvalidKey', 400, reason ? `Invalid key: ${key} ${reason}` : `Invalid key: ${key}`),
  invalidBucketName: () => make('InvalidBucketName', 400, 'Bucket name invalid', 'Invalid Input'),
  invalidRequest: (message: string) => make('InvalidRequest', 400, message || 'Invalid Request'),
  invalidParameter: (parameter: string, message?: string) => make('InvalidParameter', 400, message ?? `Invalid Parameter ${parameter}`),
  invalidFileSizeLimit: () => make('InvalidRequest', 400, 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  /** imgproxy's answer to a source it cannot read, as storage-api words it (HTTP 400). */
  unsupportedImageSource: () => make('InvalidRequest', 400, 'The source image is invalid or unsupported for rendering'),
  noSuchUpload: () => make('NoSuchUpload', 404, 'Upload not found'),
  uploadOffsetMismatch: () => make('InvalidRequest', 409, 'Upload-Offset header does not match the offset of the upload'),
  noContentProvided: () => make('InvalidRequest', 400, 'No content provided'),
  invalidRange: () => make('InvalidRange', 400, 'invalid range provided', 'invalid_range'),
  databaseTimeout: () => make('DatabaseTimeout', 544, 'The connection to the database timed out', undefined, 544),
  internal: () => make('InternalError', 500, 'Internal server error', 'Internal'),
  /** The data dir's disk is full (ENOSPC/EDQUOT): 507 at once, nothing kept (decision 103; upstream has no code for it). */
  insufficientStorage: () => make('InsufficientStorage', 507, 'There is no space left to store the object', 'Insufficient Storage', 507),
  /** The 404 fastify's not-found handler gives (`src/http/not-found-handler.ts`). */
  routeNotFound: (method: string, url: string) => make('InvalidRequest', 404, `Route ${method}:${url} not found`, 'Not Found', 404),
};

/** True for a database error of that SQLSTATE, whichever driver raised it. */
export function hasSqlState(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/** Maps a database error as `src/storage/database/errors.ts` DBError.fromDBError does. */
export function fromDbError(raw: unknown): unknown {
  const error = toDbError(raw);
  if (!isDbError(error)) return error;
  switch (error.code) {
    case '42501':
      return errors.accessDenied(
        error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message,
      );
    case '23505':
      return errors.resourceAlreadyExists();
    case '23503':
      return error.detail?.includes('is still referenced from table')
        ? make('ResourceReferenced', 409, 'The resource could not be updated or removed due to a foreign key constraint')
        : make('InvalidRequest', 404, 'The related resource does not exist');
    case '57014':
      return errors.databaseTimeout();
    case '53100':
      // The database's disk is full (decision 308): the same 507 as a full object store.
      return errors.insufficientStorage();
    case '22023':
      // A token whose role does not exist (PostgREST answers 401): the caller is refused, not the server broken.
      return /^role ".*" does not exist$/.test(error.message)
        ? errors.accessDenied(error.message, 403)
        : make('DatabaseError', 500, `database error, code: ${error.code}`);
    case '22P02':
      return errors.invalidParameter('value', error.message || 'Invalid value format or type conversion failed');
    default:
      return make('DatabaseError', 500, `database error, code: ${error.code}`);
  }
}

/** TUS's wire shape (upstream's getTusError): the logical status as the HTTP status, the message as text. */
export function renderTusError(error: unknown): { status: number; body: string } {
  const mapped = fromDbError(error);
  if (mapped instanceof StorageError) return { status: mapped.httpStatusCode, body: mapped.message };
  return { status: 500, body: 'Internal server error' };
}

/** The one renderer: any thrown value becomes the wire shape (unknown errors as upstream's 500). */
export function renderError(error: unknown): { status: number; body: Record<string, string> } {
  // Cut by the envelope at the upload limit: the gateway's 413 with storage's body (decision 300).
  if (error instanceof BodyTooLargeError) return { status: 413, body: errors.entityTooLarge().render() };
  const mapped = hasSqlState(error, 'ENOSPC') || hasSqlState(error, 'EDQUOT') ? errors.insufficientStorage() : fromDbError(error);
  if (mapped instanceof StorageError) return { status: mapped.userStatusCode, body: mapped.render() };
  return { status: 500, body: { statusCode: '500', code: 'InternalError', error: 'Internal', message: 'Internal Server Error' } };
}
