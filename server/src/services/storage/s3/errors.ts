import { BodyTooLargeError } from '../../../lib/body-limit.ts';
import { errors, fromDbError, hasSqlState, StorageError } from '../errors.ts';

/**
 * S3's errors as supabase/storage's S3 routes send them (`src/http/routes/s3/error-handler.ts`):
 * an XML `<Error>` with the resource (the path below `/s3`), the code and the message, at the
 * error's own HTTP status. Codes and statuses of S3 itself (AWS's error-code list).
 */
export class S3Error extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number, message: string) {
    super(message);
    this.name = 'S3Error';
    this.code = code;
    this.status = status;
  }
}

const make = (code: string, status: number, message: string) => new S3Error(code, status, message);

export const s3Errors = {
  accessDenied: (message = 'Access Denied') => make('AccessDenied', 403, message),
  signatureDoesNotMatch: () =>
    make(
      'SignatureDoesNotMatch',
      403,
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    ),
  invalidAccessKeyId: () => make('InvalidAccessKeyId', 403, 'The AWS access key Id you provided does not exist in our records.'),
  timeTooSkewed: () => make('RequestTimeTooSkewed', 403, 'The difference between the request time and the current time is too large.'),
  expired: () => make('AccessDenied', 403, 'Request has expired'),
  missingSecurityHeader: (what: string) => make('MissingSecurityHeader', 400, `Your request is missing a required header: ${what}`),
  authorizationMalformed: (message: string) => make('AuthorizationHeaderMalformed', 400, message),
  invalidArgument: (message: string) => make('InvalidArgument', 400, message),
  invalidRequest: (message: string) => make('InvalidRequest', 400, message),
  contentShaMismatch: () =>
    make('XAmzContentSHA256Mismatch', 400, "The provided 'x-amz-content-sha256' header does not match what was computed."),
  badDigest: (algorithm: string) => make('BadDigest', 400, `The ${algorithm} you specified did not match the calculated checksum.`),
  incompleteBody: () => make('IncompleteBody', 400, 'You did not provide the number of bytes specified by the Content-Length HTTP header.'),
  malformedXml: () =>
    make('MalformedXML', 400, 'The XML you provided was not well-formed or did not validate against our published schema.'),
  noSuchUpload: () =>
    make(
      'NoSuchUpload',
      404,
      'The specified multipart upload does not exist. The upload ID might be invalid, or the multipart upload might have been aborted or completed.',
    ),
  invalidPart: () =>
    make(
      'InvalidPart',
      400,
      "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.",
    ),
  invalidPartOrder: () =>
    make('InvalidPartOrder', 400, 'The list of parts was not in ascending order. Parts must be ordered by part number.'),
  entityTooSmall: () => make('EntityTooSmall', 400, 'Your proposed upload is smaller than the minimum allowed object size.'),
  invalidRange: () => make('InvalidRange', 416, 'The requested range is not satisfiable'),
  notImplemented: (what: string) => make('NotImplemented', 501, `${what} is not implemented by this server`),
  methodNotAllowed: () => make('MethodNotAllowed', 405, 'The specified method is not allowed against this resource.'),
};

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The XML body and status of any thrown value: S3Error as is, storage's catalogue (database errors mapped) at its logical status, else 500. */
export function renderS3Error(error: unknown, resource: string): { status: number; body: string } {
  let code = 'InternalError';
  let status = 500;
  let message = 'Internal Server Error';
  const mapped =
    error instanceof S3Error
      ? error
      : error instanceof BodyTooLargeError
        ? errors.entityTooLarge()
        : hasSqlState(error, 'ENOSPC') || hasSqlState(error, 'EDQUOT')
          ? errors.insufficientStorage()
          : fromDbError(error);
  if (mapped instanceof S3Error) ({ code, status, message } = mapped);
  else if (mapped instanceof StorageError) ({ code, httpStatusCode: status, message } = mapped);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Resource>${escapeXml(resource)}</Resource><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message></Error>`;
  return { status, body };
}
