export type TestBackend = 'pglite' | 'postgres';

export const templateDatabase = 'pinstar_template';

/** Which backends the suites run on: both unless TEST_BACKENDS narrows it (e.g. `pglite`). */
export function testBackends(): TestBackend[] {
  const raw = process.env.TEST_BACKENDS ?? 'pglite,postgres';
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const b of list) if (b !== 'pglite' && b !== 'postgres') throw new Error(`TEST_BACKENDS: unknown backend "${b}"`);
  return list as TestBackend[];
}
