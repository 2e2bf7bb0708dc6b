/** @hono/node-server passes these request targets on as they are (`buildUrl`): its `reValidRequestUrl`, `reDotSegment`. */
const keptTarget = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const keptDotSegment = /\/\.\.?(?:[/?#]|$)/;
/** A path and a query a URL parser leaves as they are: no `%` in the path (it could hide a dot segment), no `'`, `#` or space in the query. */
const plainPath = /^\/[!$&-;=@-[\]_a-z~]*$/;
const pathDotSegment = /\/\.\.?(?:\/|$)/;
const plainQuery = /^[!$%&(-;=?-[\]_a-z~]*$/;
/** Hosts @hono/node-server takes without parsing (`reValidHost`). */
export const plainHost = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/**
 * Whether the path and query a direct path (decision 261) reads from the raw target are the ones
 * Hono's path would see: the target is passed on as it is, or the URL parser that re-serializes
 * it changes nothing, and it has no fragment (the REST service's URL parser would drop it).
 */
export function isPlainTarget(url: string): boolean {
  if (url.includes('#')) return false;
  if (keptTarget.test(url) && !keptDotSegment.test(url)) return true;
  const queryIndex = url.indexOf('?');
  const path = queryIndex < 0 ? url : url.slice(0, queryIndex);
  const query = queryIndex < 0 ? '' : url.slice(queryIndex + 1);
  return plainPath.test(path) && !pathDotSegment.test(path) && plainQuery.test(query);
}
