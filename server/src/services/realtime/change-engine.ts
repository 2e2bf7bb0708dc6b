import type { ChangeEngine } from './changes.ts';
import type { Hub } from './hub.ts';

export function createChangeEngine(_hub: Hub): ChangeEngine {
  return {
    subscribe: async () => 'postgres_changes are not available yet',
    unsubscribe: () => undefined,
    start: async () => undefined,
    close: async () => undefined,
  };
}
