import { s3Errors } from './errors.ts';

/** The namespace S3's answers carry (supabase/storage `S3_XML_NAMESPACE`). */
const namespace = 'http://s3.amazonaws.com/doc/2006-03-01/';

export type XmlValue = string | number | boolean | null | undefined | XmlNode | XmlValue[];
export interface XmlNode {
  [name: string]: XmlValue;
}

export function escapeXml(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this escapes
  return value.replace(/[<>&"'\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function element(name: string, value: XmlValue): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => element(name, item)).join('');
  if (typeof value === 'object')
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => element(k, v))
      .join('')}</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** One S3 answer document: `<Root xmlns="…">…</Root>`, arrays as repeated elements, null and undefined left out. */
export function xmlDocument(root: string, body: XmlNode): string {
  const inner = Object.entries(body)
    .map(([name, value]) => element(name, value))
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${namespace}">${inner}</${root}>`;
}

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[entity] ?? '';
  });
}

/**
 * The repeated `<item>` elements of a request document (`<Part>` of CompleteMultipartUpload,
 * `<Object>` of DeleteObjects), each as its child elements' text. These documents are flat, so
 * a scan is enough; anything that is not well-formed for them is MalformedXML.
 */
export function xmlItems(document: string, root: string, item: string): Array<Record<string, string>> {
  const body = new RegExp(`<${root}(?:\\s[^>]*)?>([\\s\\S]*)</${root}>`).exec(document.replace(/<\?xml[^>]*\?>/, '').trim());
  if (!body) throw s3Errors.malformedXml();
  const items: Array<Record<string, string>> = [];
  for (const match of (body[1] ?? '').matchAll(new RegExp(`<${item}>([\\s\\S]*?)</${item}>`, 'g'))) {
    const fields: Record<string, string> = {};
    for (const field of (match[1] ?? '').matchAll(/<([A-Za-z]+)>([^<]*)<\/\1>/g)) fields[field[1] ?? ''] = unescapeXml(field[2] ?? '');
    items.push(fields);
  }
  return items;
}

/** A top-level flag of a request document (`<Quiet>true</Quiet>`). */
export function xmlFlag(document: string, name: string): boolean {
  return new RegExp(`<${name}>\\s*true\\s*</${name}>`, 'i').test(document);
}
