import { parseByteSize, tomlValue, type ServerConfig } from '../lib/config.ts';
import type { BodyKind } from '../lib/route-marks.ts';

export interface BodyRule {
  /** Largest body accepted, in bytes: a declared Content-Length over it is refused at once, a chunked body at the first byte past it. */
  limit: number;
  /** Streamed to the route (cut at the limit) instead of read whole before it runs. */
  streamed: boolean;
}

/** A route that reads no body may still be sent a small one (ignored); more is refused. */
const noBodyLimit = 16 * 1024;
/** GoTrue, storage's JSON routes and the local pages take a few fields; Kong's nginx would cap them too. */
const smallJsonLimit = 1024 * 1024;
/** Room for a multipart upload's form around the file (fields, boundaries). */
const multipartSlack = 1024 * 1024;

/**
 * The envelope's table of body limits (decision 300): per service and kind of body a route
 * declares. The services do not choose a number: REST, functions and realtime's HTTP API read
 * up to `MAX_REQUEST_BODY_BYTES` (decision 102), storage streams uploads up to its
 * `file_size_limit` (buckets may lower it, the service checks that), everything else is small.
 * A service that needs a larger streamed body (an S3 endpoint under storage) adds its row here.
 */
export function createBodyTable(config: ServerConfig): (service: string, kind: BodyKind) => BodyRule {
  const uploadLimit = (parseByteSize(tomlValue(config.toml, 'storage.file_size_limit', '50MiB')) ?? 50 * 2 ** 20) + multipartSlack;
  const json: Record<string, number> = {
    rest: config.maxRequestBodyBytes,
    functions: config.maxRequestBodyBytes,
    realtime: config.maxRequestBodyBytes,
  };
  const upload: Record<string, number> = { storage: uploadLimit };
  const none: BodyRule = { limit: noBodyLimit, streamed: false };
  return (service, kind) => {
    if (kind === 'json') return { limit: json[service] ?? smallJsonLimit, streamed: false };
    if (kind === 'upload') {
      const limit = upload[service];
      return limit === undefined ? none : { limit, streamed: true };
    }
    return none;
  };
}
