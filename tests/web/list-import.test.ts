import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { exportList } from '../../web/src/features/lists/export-list.ts';
import { coordinatesFromUrl, ImportFileError, parseImport } from '../../web/src/features/lists/import/parse-import.ts';

// Reading the files people bring (Google Takeout saved places, Google Maps list exports, KML,
// GeoJSON) and writing the files Pinstar exports, read back by the same reader.
describe('list import and export files', () => {
  test('Takeout saved places: names from location, coordinates from geometry or the URL; broken rows name their row', () => {
    const takeout = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [2.2945, 48.8584] },
          properties: { location: { name: 'Eiffel Tower' }, Comment: 'At night' },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [0, 0] },
          properties: {
            google_maps_url: 'https://www.google.com/maps/place/X/data=!4m2!3d48.86!4d2.33',
            location: { name: 'Hidden bakery' },
          },
        },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: { location: { name: 'Nowhere' } } },
        { type: 'Feature', properties: {} },
      ],
    });
    const parsed = parseImport('Saved Places.json', takeout);
    assert.deepEqual(
      parsed.rows.map((r) => [r.row, r.name, r.note, r.lat, r.lng]),
      [
        [1, 'Eiffel Tower', 'At night', 48.8584, 2.2945],
        [2, 'Hidden bakery', '', 48.86, 2.33],
      ],
    );
    assert.deepEqual(
      parsed.unreadable.map((u) => u.reason),
      ['Row 3 (Nowhere) has no usable coordinates.', 'Row 4 has no name.'],
    );
  });

  test('a Google Maps list export (Title, Note, URL) with quoted fields', () => {
    const csv =
      'Title,Note,URL,Comment\r\n"Café, de Flore","Say ""bonjour""","https://www.google.com/maps/search/48.854,2.3325",\r\nNo place,,https://www.google.com/maps/place/x,\r\n';
    const parsed = parseImport('Paris.csv', csv);
    assert.deepEqual(
      parsed.rows.map((r) => [r.name, r.note, r.lat, r.lng]),
      [['Café, de Flore', 'Say "bonjour"', 48.854, 2.3325]],
    );
    assert.deepEqual(parsed.unreadable, [{ row: 2, reason: 'Row 2 (No place) has no usable coordinates.' }]);
    assert.throws(() => parseImport('x.csv', 'a,b\n1,2\n'), ImportFileError);
    assert.throws(() => parseImport('x.json', '{not json'), /not valid JSON/);
    assert.deepEqual(coordinatesFromUrl('https://www.google.com/maps/@51.5,-0.12,15z'), { lat: 51.5, lng: -0.12 });
  });

  test('a CSV file with a quote that never closes names the row where it opens', () => {
    const source = 'Title,Latitude,Longitude\nFirst,48.1,2.1\n"Second,48.2,2.2\nThird,48.3,2.3\n';
    assert.throws(
      () => parseImport('list.csv', source),
      (error: unknown) =>
        error instanceof ImportFileError &&
        error.message === 'Row 2 opens a quote (") that is never closed, so the file cannot be read past it.',
    );
  });

  test('every export format reads back to the same places and notes', () => {
    const place = (id: string, name: string, lat: number, lng: number) => ({
      id,
      name,
      category: 'cafe' as const,
      address: null,
      lat,
      lng,
      rating_avg: 0,
      rating_count: 0,
    });
    const opened = {
      list: { name: 'Paris <classics> & more' },
      places: [
        {
          id: 'e1',
          place_id: 'p1',
          position: 1,
          added_by: null,
          note: 'Go early, "really"',
          note_hidden: false,
          place: place('p1', 'Café de Flore', 48.854, 2.3325),
        },
        {
          id: 'e2',
          place_id: 'p2',
          position: 2,
          added_by: null,
          note: '',
          note_hidden: false,
          place: place('p2', 'Louvre', 48.8606, 2.3376),
        },
      ],
    } as never;
    for (const format of ['geojson', 'kml', 'csv'] as const) {
      const file = exportList(opened, format, 'https://pinstar.example');
      const back = parseImport(file.name, file.text);
      assert.deepEqual(
        back.rows.map((r) => [r.name, r.note, r.lat, r.lng]),
        [
          ['Café de Flore', 'Go early, "really"', 48.854, 2.3325],
          ['Louvre', '', 48.8606, 2.3376],
        ],
        format,
      );
      assert.equal(file.name, `Paris-classics-more.${format}`);
    }
  });
});
