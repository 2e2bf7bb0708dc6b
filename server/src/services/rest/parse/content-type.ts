import { errors } from '../errors.ts';

/** PostgREST's names for the request media types it knows (`MediaType.hs` decodeMediaType / toMime). */
function mediaTypeOf(header: string): { kind: string; mime: string } {
  // What nearly every request sends, answered without splitting it.
  if (header === 'application/json') return { kind: header, mime: header };
  const [essence = '', ...params] = header.split(';').map((part) => part.trim());
  const [type, subtype] = essence.toLowerCase().split('/');
  const stripped = params.some((p) => p.toLowerCase().replace(/\s+/g, '') === 'nulls=stripped');
  const known = (kind: string, mime = kind) => ({ kind, mime });
  if (type === undefined || subtype === undefined || subtype === '') return known('other', header);
  switch (`${type}/${subtype}`) {
    case 'application/json':
      return known('application/json');
    case 'application/geo+json':
    case 'text/csv':
    case 'text/plain':
    case 'text/xml':
    case 'application/openapi+json':
    case 'application/x-www-form-urlencoded':
    case 'application/octet-stream':
      return known(`${type}/${subtype}`);
    case 'application/vnd.pgrst.object':
    case 'application/vnd.pgrst.object+json':
      return known('singular', `application/vnd.pgrst.object+json${stripped ? ';nulls=stripped' : ''}`);
    case 'application/vnd.pgrst.array':
    case 'application/vnd.pgrst.array+json':
      return stripped ? known('array-stripped', 'application/vnd.pgrst.array+json;nulls=stripped') : known('application/json');
    case '*/*':
      return known('*/*');
    default:
      return known('other', header);
  }
}

/** Bodies each kind of write reads (`Payload.hs` getPayload; parse/payload.ts reads JSON, CSV and forms). */
const tableWrites = new Set(['application/json', 'text/csv', 'application/x-www-form-urlencoded']);
const rpcCalls = new Set([...tableWrites, 'text/plain', 'text/xml', 'application/octet-stream']);

/**
 * A write's `Content-Type` must be one PostgREST reads for it; anything else is its
 * 400 PGRST102 `Content-Type not acceptable: <type>`. No header means JSON, as in PostgREST.
 */
export function mustAcceptContentType(header: string | null, rpc: boolean): void {
  if (header === null || header.trim() === '') return;
  const media = mediaTypeOf(header.trim());
  if (!(rpc ? rpcCalls : tableWrites).has(media.kind)) throw errors.invalidBody(`Content-Type not acceptable: ${media.mime}`);
}
