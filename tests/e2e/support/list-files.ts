import type { TestServer } from '../../support/server.ts';

/** The row of the big import that names no place and has no coordinates. */
const unreadableRow = 1234;

/**
 * A Google Maps list CSV of 2,000 rows (Title, Note, Latitude, Longitude) naming the server's
 * places in turn, each with the place's own coordinates and the note "Row N", except row
 * `unreadableRow`, "No place" without coordinates: the import the list tests and
 * `bench:interactions` time. `places`: how many places it names.
 */
export async function bigListCsv(server: TestServer): Promise<{ file: Buffer; places: number }> {
  const { data, error } = await server.admin().from('places').select('name, lat, lng').order('name');
  const places = (data ?? []) as { name: string; lat: number; lng: number }[];
  if (error || places.length === 0) throw new Error(`the places to import: ${JSON.stringify(error)}`);
  const lines = ['Title,Note,Latitude,Longitude'];
  for (let row = 1; row <= 2000; row += 1) {
    const place = places[row % places.length] as { name: string; lat: number; lng: number };
    lines.push(row === unreadableRow ? 'No place,,,' : `"${place.name.replaceAll('"', '""')}",Row ${row},${place.lat},${place.lng}`);
  }
  return { file: Buffer.from(lines.join('\n')), places: places.length };
}
