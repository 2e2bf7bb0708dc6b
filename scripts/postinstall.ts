/**
 * After `npm install`: prepare the embedded database's template (initdb + Supabase bootstrap,
 * ~5 s once), so the first `npm start` on a new data dir unpacks it in about a second; and
 * write Pinstar's local signing key set (`[auth] signing_keys_path`, gitignored) if it is
 * missing, so the Supabase CLI, which reads that file, works on a fresh clone before any start.
 * Never fails the install: without them the first start does both itself.
 */
try {
  const { ensureSigningKeyFile } = await import('../server/src/lib/signing-keys.ts');
  const file = new URL('../supabase/signing_keys.json', import.meta.url).pathname;
  if (await ensureSigningKeyFile(file))
    process.stdout.write(`pinstar: wrote a local ES256 signing key set to supabase/signing_keys.json\n`);
} catch (error: unknown) {
  process.stdout.write(`pinstar: skipped writing the signing key set (${error instanceof Error ? error.message : String(error)})\n`);
}
try {
  const { makePgliteTemplate } = await import('../server/src/db/open.ts');
  const started = performance.now();
  await makePgliteTemplate();
  process.stdout.write(`pinstar: embedded database template ready (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
} catch (error: unknown) {
  process.stdout.write(`pinstar: skipped preparing the database template (${error instanceof Error ? error.message : String(error)})\n`);
}
