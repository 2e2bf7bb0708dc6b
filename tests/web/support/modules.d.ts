// fake-indexeddb's `auto` entry has types, but its package.json `exports` does not point Bundler resolution at them.
declare module 'fake-indexeddb/auto';
