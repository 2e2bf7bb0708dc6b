/**
 * Stands in for `iceberg-js` in the build (web/vite.config.ts): storage-js imports it for
 * analytics buckets (Apache Iceberg tables), which Pinstar never opens, and it would be
 * 3 KB of every page's first download. Asking for one says so instead.
 */
export class IcebergRestCatalog {
  constructor() {
    throw new Error('Analytics buckets are not available in this app');
  }
}
