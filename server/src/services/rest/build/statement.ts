import type { Media } from '../parse/headers.ts';
import { ident } from './sql.ts';

/** Where a GeoJSON feature's geometry comes from: PostGIS (`ST_AsGeoJSON` of the row) or latitude/longitude columns. */
export type GeoSource = 'postgis' | { lat: string; lng: string };

/** What the response body is built as, in SQL, from the rows of `_postgrest_t` (PostgREST `SqlFragment.hs` handlers). */
export function bodySql(media: Media, geo: GeoSource | null): string {
  const strip = media.stripNulls;
  switch (media.kind) {
    case 'object':
      return strip ? `coalesce(json_strip_nulls(json_agg(_postgrest_t)->0)::text, '')` : `coalesce((json_agg(_postgrest_t)->0)::text, '')`;
    case 'csv':
      return (
        // Header from the first row's keys (the projection, also for the rows a write returns).
        `coalesce((select string_agg(k, ',') from json_object_keys(json_agg(_postgrest_t)->0) as k), '')` +
        ` || E'\\n' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), E'\\n'), '')`
      );
    case 'geojson': {
      if (geo === 'postgis') {
        // PostgREST's built-in handler with PostGIS installed: one Feature per row from ST_AsGeoJSON(record).
        return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(st_asgeojson(_postgrest_t)::json), '[]'))::text`;
      }
      const lat = ident(geo?.lat ?? 'lat');
      const lng = ident(geo?.lng ?? 'lng');
      const feature =
        `json_build_object('type', 'Feature', 'geometry', case when _postgrest_t.${lat} is null or _postgrest_t.${lng} is null then null ` +
        `else json_build_object('type', 'Point', 'coordinates', json_build_array(_postgrest_t.${lng}, _postgrest_t.${lat})) end, ` +
        `'properties', to_jsonb(_postgrest_t) - ${literal(geo?.lat ?? 'lat')} - ${literal(geo?.lng ?? 'lng')})`;
      return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(${feature}), '[]'))::text`;
    }
    default:
      return strip ? `coalesce(json_strip_nulls(json_agg(_postgrest_t)), '[]')::text` : `coalesce(json_agg(_postgrest_t), '[]')::text`;
  }
}

/** Column names come from the schema cache (never from the request), so a literal is safe here. */
function literal(name: string): string {
  return `'${name.replaceAll("'", "''")}'`;
}

/**
 * The one statement of a read (PostgREST `Statements.hs` mainRead): the page in a CTE,
 * the exact count in the same statement when asked, the body built as text.
 */
export function readStatement(sourceSql: string, countSql: string | null, body: string): string {
  return (
    `with pgrst_source as (${sourceSql})` +
    (countSql ? `, pgrst_source_count as (${countSql})` : '') +
    ` select ${countSql ? '(select pg_catalog.count(*) from pgrst_source_count)' : 'null::bigint'} as total,` +
    ` pg_catalog.count(_postgrest_t) as page_total, ${body} as body from (select * from pgrst_source) _postgrest_t`
  );
}

/** A write (mainWrite): the mutation in the CTE, its rows read back through the select tree. */
export function writeStatement(mutationSql: string, selectSql: string | null, body: string | null, countInserted: boolean): string {
  return (
    `with pgrst_source as (${mutationSql})` +
    ` select pg_catalog.count(_postgrest_t) as page_total, ${body ?? `''`} as body,` +
    ` ${countInserted ? '(select pg_catalog.count(*) from pgrst_source where pgrst_source.pgrst_inserted)' : 'null::bigint'} as inserted` +
    ` from (${selectSql ?? 'select * from pgrst_source'}) _postgrest_t`
  );
}
