/**
 * The test servers of this process not yet closed (tests/support/server.ts adds and removes
 * them), read by the leak guard after a file's last test. Kept apart from server.ts so that the
 * guard, loaded into every test process, does not load the server.
 */
const open = new Set<string>();

export function serverOpened(label: string): () => void {
  open.add(label);
  return () => open.delete(label);
}

export function openTestServers(): string[] {
  return [...open];
}
