import { AsyncLocalStorage } from 'node:async_hooks';
import type { TxIdentity, TxOptions } from './types.ts';

/** The address of the HTTP client whose request is being served (set by the app's first middleware). */
const clientAddress = new AsyncLocalStorage<string>();

/** Runs `fn` (a request's handling) with the client's address known to the database layer. */
export function withClientAddress<T>(address: string, fn: () => T): T {
  return clientAddress.run(address, fn);
}

/**
 * Who the embedded database's scheduler queues a transaction under: the JWT subject when
 * the verified claims carry one (a member is one caller from any address), else the
 * client's address (the anon and service keys are shared by every visitor, so keying by
 * them would queue all visitors as one), else the server itself (boot, timers, sockets).
 */
export function callerOf(who: TxIdentity, options?: TxOptions): string {
  if (options?.caller) return options.caller;
  if (who.kind === 'request') {
    const sub = who.claims?.sub;
    if (typeof sub === 'string' && sub !== '') return `sub:${sub}`;
  }
  const address = clientAddress.getStore();
  return address ? `addr:${address}` : 'server';
}
