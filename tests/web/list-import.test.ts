import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { exportList } from '../../web/src/features/lists/export-list.ts';
import { guessCategory } from '../../web/src/features/lists/import/guess-category.ts';
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
    // a row without coordinates is read (its name is matched later); one without a name is not
    assert.deepEqual(
      parsed.rows.map((r) => [r.row, r.name, r.note, r.lat, r.lng]),
      [
        [1, 'Eiffel Tower', 'At night', 48.8584, 2.2945],
        [2, 'Hidden bakery', '', 48.86, 2.33],
        [3, 'Nowhere', '', null, null],
      ],
    );
    assert.deepEqual(
      parsed.unreadable.map((u) => u.reason),
      ['Row 4 has no name.'],
    );
  });

  test('a Google Maps list export (Title, Note, URL) with quoted fields', () => {
    const csv =
      'Title,Note,URL,Comment\r\n"Café, de Flore","Say ""bonjour""","https://www.google.com/maps/search/48.854,2.3325",\r\nNo place,,https://www.google.com/maps/place/x,\r\n';
    const parsed = parseImport('Paris.csv', csv);
    assert.deepEqual(
      parsed.rows.map((r) => [r.name, r.note, r.lat, r.lng]),
      [
        ['Café, de Flore', 'Say "bonjour"', 48.854, 2.3325],
        ['No place', '', null, null],
      ],
    );
    assert.deepEqual(parsed.unreadable, []);
    assert.throws(() => parseImport('x.csv', 'a,b\n1,2\n'), ImportFileError);
    assert.throws(() => parseImport('x.json', '{not json'), /not valid JSON/);
    assert.deepEqual(coordinatesFromUrl('https://www.google.com/maps/@51.5,-0.12,15z'), { lat: 51.5, lng: -0.12 });
  });

  const fixture = (name: string) => readFile(path.join(import.meta.dirname, '../fixtures/import', name), 'utf8');

  test('a real Takeout "Saved Places.json": name, address, comment and Google Maps link kept; [0, 0] rows left to match by name', async () => {
    const parsed = parseImport('Saved Places.json', await fixture('Saved Places.json'));
    assert.deepEqual(
      parsed.rows.map((r) => [r.row, r.name, r.address, r.note, r.url, r.lat, r.lng]),
      [
        [
          1,
          'Café de Flore',
          '172 Bd Saint-Germain, 75006 Paris, France',
          'Hot chocolate, terrace side',
          'https://maps.google.com/?cid=4357124851299574482',
          48.8541,
          2.3325,
        ],
        [
          2,
          'Musée Rodin',
          '77 Rue de Varenne, 75007 Paris, France',
          '',
          'https://maps.google.com/?q=Mus%C3%A9e+Rodin,+77+Rue+de+Varenne,+75007+Paris&ftid=0x47e66fd6a8d8a4f1:0x5a4e3b7ad8e1c2f0',
          null,
          null,
        ],
        [
          3,
          'Le Petit Bistro des Abbesses',
          '12 Rue des Trois Frères, 75018 Paris, France',
          'Book on weekends',
          'https://maps.google.com/?cid=9823472938472938111',
          48.8867,
          2.3499,
        ],
        [4, 'Boulangerie Sans Nom', 'Somewhere in Montmartre', '', 'https://maps.google.com/?cid=1122334455667788990', null, null],
      ],
    );
    // a dropped pin has no name
    assert.deepEqual(parsed.unreadable, [{ row: 5, reason: 'Row 5 has no name.' }]);
  });

  test('a real Google Maps list CSV: URLs with only a place id give rows without coordinates, kept with their notes and links', async () => {
    const parsed = parseImport('Paris favourites.csv', await fixture('Paris favourites.csv'));
    assert.deepEqual(
      parsed.rows.map((r) => [r.row, r.name, r.note, r.lat, r.lng, r.url.slice(0, 41)]),
      [
        [1, 'Louvre Museum', 'Go on Friday evening', null, null, 'https://www.google.com/maps/place/Louvre+'],
        [2, 'Shakespeare and Company', '', null, null, 'https://www.google.com/maps/place/Shakesp'],
        [3, 'Jardin du Luxembourg', 'Chairs by the Medici fountain', null, null, 'https://www.google.com/maps/place/Jardin+'],
        [4, 'Chez Janou', 'Provençal, pastis list', null, null, 'https://www.google.com/maps/place/Chez+Ja'],
        [5, 'Pizzeria Da Nonno', '', 48.8652, 2.3801, 'https://www.google.com/maps/search/48.865'],
      ],
    );
    assert.deepEqual(parsed.unreadable, [{ row: 6, reason: 'Row 6 has no name.' }]);
  });

  test('a new place’s category is guessed from the type the file names, else from its title', () => {
    assert.deepEqual(
      [
        'Café de Flore',
        "Katz's Delicatessen",
        'Borough Market',
        'Musée Rodin',
        'Hyde Park',
        "McSorley's Old Ale House",
        'Pizzeria Da Nonno',
        'Tate Modern',
      ].map((title) => guessCategory(title)),
      ['cafe', 'restaurant', 'shop', 'museum', 'park', 'bar', 'restaurant', 'other'],
    );
    assert.equal(guessCategory('Chez Janou', 'French restaurant'), 'restaurant');
    assert.equal(guessCategory('Le Baron', 'Night club'), 'venue');
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
