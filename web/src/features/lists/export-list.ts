export type ExportFormat = 'geojson' | 'kml' | 'csv';

/** What an export needs of an opened list (no imports: the tests read this file in Node). */
export interface ExportableList {
  list: { name: string };
  places: { place_id: string; note: string; place: { name: string; category: string; address: string | null; lat: number; lng: number } }[];
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
const csvCell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** A list as a file of the given format: points with the place's name, note and link. */
export function exportList(opened: ExportableList, format: ExportFormat, origin: string): { name: string; type: string; text: string } {
  const url = (id: string) => `${origin}/places/${id}`;
  const base = opened.list.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'list';
  if (format === 'geojson') {
    const features = opened.places.map((e) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [e.place.lng, e.place.lat] },
      properties: { name: e.place.name, note: e.note, category: e.place.category, address: e.place.address, url: url(e.place_id) },
    }));
    return {
      name: `${base}.geojson`,
      type: 'application/geo+json',
      text: JSON.stringify({ type: 'FeatureCollection', name: opened.list.name, features }, null, 2),
    };
  }
  if (format === 'kml') {
    const marks = opened.places
      .map(
        (e) =>
          `    <Placemark><name>${escapeXml(e.place.name)}</name><description>${escapeXml(e.note)}</description>` +
          `<Point><coordinates>${e.place.lng},${e.place.lat}</coordinates></Point></Placemark>`,
      )
      .join('\n');
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n  <Document><name>${escapeXml(opened.list.name)}</name>\n${marks}\n  </Document>\n</kml>\n`;
    return { name: `${base}.kml`, type: 'application/vnd.google-earth.kml+xml', text };
  }
  const rows = opened.places.map((e) =>
    [e.place.name, e.note, url(e.place_id), String(e.place.lat), String(e.place.lng)].map(csvCell).join(','),
  );
  return { name: `${base}.csv`, type: 'text/csv', text: ['Title,Note,URL,Latitude,Longitude', ...rows].join('\r\n') + '\r\n' };
}
