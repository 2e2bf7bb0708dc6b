/**
 * Polls until `probe` returns a value, for at most 10 s: the API's schema cache reloads after the
 * DDL's NOTIFY, asynchronously (as PostgREST's does), so a table or function just created is
 * served a moment after its commit.
 */
export async function eventually<T>(probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('the schema cache did not reload in 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
