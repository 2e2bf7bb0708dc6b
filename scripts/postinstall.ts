/**
 * After `npm install`: prepare the embedded database's template (initdb + Supabase bootstrap,
 * ~5 s once), so the first `npm start` on a new data dir unpacks it in about a second.
 * Never fails the install: without it the first start runs initdb itself.
 */
try {
  const { makePgliteTemplate } = await import('../server/src/db/open.ts');
  const started = performance.now();
  await makePgliteTemplate();
  process.stdout.write(`pinstar: embedded database template ready (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
} catch (error: unknown) {
  process.stdout.write(`pinstar: skipped preparing the database template (${error instanceof Error ? error.message : String(error)})\n`);
}
