/**
 * Why the app is offline (lib/reachability), for words that stay true: the device says it has no
 * network, or it has one but the server does not answer (a server down, a captive portal, a dead
 * cell connection). Read through `globalThis` so the error catalogue stays testable in Node.
 */
export function offlineCause(): 'device' | 'server' {
  const navigator = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return navigator?.onLine === false ? 'device' : 'server';
}
