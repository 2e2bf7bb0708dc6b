import type { TxIdentity } from './types.ts';

/**
 * Builds the one `select set_config(…, true), …` statement PostgREST runs first in every
 * transaction (`Query/SqlFragment.hs` setConfigWithConstantName): search_path, role,
 * request.jwt.claims (with role inserted), then the request settings, all local.
 */
export function settingsStatement(who: TxIdentity, timeoutMs: number | undefined): { sql: string; params: string[] } | null {
  if (who.kind === 'system') return null;
  const pairs: Array<readonly [string, string]> = [];
  if (who.searchPath !== undefined) pairs.push(['search_path', who.searchPath]);
  if (timeoutMs !== undefined) pairs.push(['statement_timeout', String(timeoutMs)]);
  pairs.push(['role', who.role]);
  pairs.push(['request.jwt.claims', JSON.stringify({ ...(who.claims ?? {}), role: who.role })]);
  for (const pair of who.settings ?? []) pairs.push(pair);
  const params: string[] = [];
  const calls = pairs.map(([key, value]) => {
    params.push(key, value);
    return `set_config($${params.length - 1}, $${params.length}, true)`;
  });
  return { sql: `select ${calls.join(', ')}`, params };
}
