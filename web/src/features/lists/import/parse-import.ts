/**
 * Reads a file of saved places into rows: GeoJSON (Google Takeout's "Saved Places.json"
 * included), KML, or CSV (Google Maps' list export: Title, Note, URL; or columns named
 * name/latitude/longitude). A row keeps what it carries — name, note (Takeout's comment),
 * address, link and a type when the file names one. A row without coordinates is still read
 * when it has a name (a Google Maps list's URLs often hold only a place id): it is matched by its
 * name later (decision 323). A row that cannot be read says why, with its row number.
 */
export interface ReadRow {
  row: number;
  name: string;
  note: string;
  address: string;
  /** The link it came with (https only), kept on the list entry. */
  url: string;
  /** A place type the file names (Google's "Cafe", "Museum"…), to guess a category. */
  type: string;
  lat: number | null;
  lng: number | null;
}
export interface UnreadableRow {
  row: number;
  reason: string;
}
export interface ParsedImport {
  rows: ReadRow[];
  unreadable: UnreadableRow[];
}

export class ImportFileError extends Error {}

const validPoint = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0);

/** Coordinates inside a Google Maps URL (`!3d…!4d…`, `@lat,lng` or `search/lat,lng`). */
export function coordinatesFromUrl(url: string): { lat: number; lng: number } | null {
  const patterns = [/!3d(-?\d+(?:\.\d+)?)!4d(-?\d+(?:\.\d+)?)/, /@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/, /[/=](-?\d+\.\d+),\s*(-?\d+\.\d+)/];
  for (const pattern of patterns) {
    const match = pattern.exec(decodeURIComponent(url));
    if (match) return { lat: Number(match[1]), lng: Number(match[2]) };
  }
  return null;
}

interface Found {
  name: string;
  note?: string;
  address?: string;
  url?: string;
  type?: string;
  lat: number;
  lng: number;
}

const httpsUrl = (url: string) => (/^https:\/\/[a-z0-9][^\s]*$/i.test(url.trim()) && url.trim().length <= 2000 ? url.trim() : '');

function accept(parsed: ParsedImport, row: number, found: Found): void {
  const trimmed = found.name.trim();
  const point = validPoint(found.lat, found.lng);
  if (!trimmed) parsed.unreadable.push({ row, reason: `Row ${row} has no name.` });
  else
    parsed.rows.push({
      row,
      name: trimmed.slice(0, 80),
      note: (found.note ?? '').trim().slice(0, 280),
      address: (found.address ?? '').trim().slice(0, 200),
      url: httpsUrl(found.url ?? ''),
      type: (found.type ?? '').trim(),
      lat: point ? found.lat : null,
      lng: point ? found.lng : null,
    });
}

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const object = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});

function parseGeoJson(source: string): ParsedImport {
  let document: Json;
  try {
    document = object(JSON.parse(source));
  } catch {
    throw new ImportFileError('This file is not valid JSON.');
  }
  if (!Array.isArray(document.features)) throw new ImportFileError('This file is not a GeoJSON FeatureCollection.');
  const parsed: ParsedImport = { rows: [], unreadable: [] };
  document.features.forEach((feature: unknown, index) => {
    const row = index + 1;
    const properties = object(object(feature).properties);
    const location = object(properties.location);
    const coordinates = object(object(feature).geometry).coordinates;
    let [lng, lat] = Array.isArray(coordinates) ? coordinates.map(Number) : [NaN, NaN];
    const url = text(properties.google_maps_url) || text(properties.url);
    if (!validPoint(lat ?? NaN, lng ?? NaN) && url) ({ lat, lng } = coordinatesFromUrl(url) ?? { lat: NaN, lng: NaN });
    accept(parsed, row, {
      name: text(location.name) || text(properties.name) || text(properties.Title) || text(properties.title),
      note: text(properties.note) || text(properties.Comment) || text(properties.comment) || text(properties.description),
      address: text(location.address) || text(properties.address),
      // Takeout writes http:// links; they are kept as https
      url: url.replace(/^http:\/\//i, 'https://'),
      type: text(location.business_type) || text(properties.type) || text(properties.category),
      lat: lat ?? NaN,
      lng: lng ?? NaN,
    });
  });
  return parsed;
}

const unescapeXml = (value: string) =>
  value
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function parseKml(source: string): ParsedImport {
  if (!/<kml[\s>]/i.test(source)) throw new ImportFileError('This file is not KML.');
  const parsed: ParsedImport = { rows: [], unreadable: [] };
  const placemarks = source.match(/<Placemark[\s>][\s\S]*?<\/Placemark>/gi) ?? [];
  placemarks.forEach((mark, index) => {
    const tag = (name: string) => unescapeXml(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'i').exec(mark)?.[1] ?? '').trim();
    const [lng, lat] = tag('coordinates').split(',').map(Number);
    accept(parsed, index + 1, { name: tag('name'), note: tag('description'), address: tag('address'), lat: lat ?? NaN, lng: lng ?? NaN });
  });
  return parsed;
}

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
export function csvRecords(source: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  // the record (0 is the header) where the open quote started, to name it if it never closes
  let quoteRecord = 0;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = '';
  };
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') {
      quoted = true;
      quoteRecord = records.length;
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
    } else field += c;
  }
  if (quoted) {
    const where = quoteRecord === 0 ? 'The header row' : `Row ${quoteRecord}`;
    throw new ImportFileError(`${where} opens a quote (") that is never closed, so the file cannot be read past it.`);
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records.filter((r) => r.some((cell) => cell.trim() !== ''));
}

function parseCsv(source: string): ParsedImport {
  const [header, ...records] = csvRecords(source.replace(/^\uFEFF/, ''));
  const columns = (header ?? []).map((h) => h.trim().toLowerCase());
  const find = (...names: string[]) => columns.findIndex((c) => names.includes(c));
  const [name, note, url, lat, lng, address, type] = [
    find('title', 'name'),
    find('note', 'comment'),
    find('url'),
    find('latitude', 'lat'),
    find('longitude', 'lng', 'lon'),
    find('address'),
    find('type', 'category'),
  ];
  if (name < 0) throw new ImportFileError('This CSV file has no Title or Name column.');
  const parsed: ParsedImport = { rows: [], unreadable: [] };
  const cell = (record: string[], column: number) => (column >= 0 ? (record[column] ?? '') : '');
  records.forEach((record, index) => {
    const fromUrl = url >= 0 ? coordinatesFromUrl(record[url] ?? '') : null;
    const point = lat >= 0 && lng >= 0 && record[lat] ? { lat: Number(record[lat]), lng: Number(record[lng] ?? '') } : fromUrl;
    accept(parsed, index + 1, {
      name: cell(record, name),
      note: cell(record, note),
      address: cell(record, address),
      url: cell(record, url),
      type: cell(record, type),
      lat: point?.lat ?? NaN,
      lng: point?.lng ?? NaN,
    });
  });
  return parsed;
}

/** Reads the file by its extension (or, failing that, its first character). */
export function parseImport(fileName: string, source: string): ParsedImport {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if (extension === 'kml') return parseKml(source);
  if (extension === 'csv') return parseCsv(source);
  if (extension === 'json' || extension === 'geojson' || source.trimStart().startsWith('{')) return parseGeoJson(source);
  throw new ImportFileError('Choose a GeoJSON, KML or CSV file.');
}
