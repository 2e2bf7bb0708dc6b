/**
 * A reload that never runs twice at once: a request for it while one runs makes that one go
 * round again once it ends (the change may have come after it read), and every caller waits
 * for the round that covers its request. Failures are the `load` function's to handle.
 * PostgREST reloads its schema cache and its in-database configuration this way (`AppState.hs`).
 */
export function serialReloader(load: () => Promise<void>): { reload: () => Promise<void>; settled: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  const reload = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await load();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return { reload, settled: async () => void (await running) };
}
