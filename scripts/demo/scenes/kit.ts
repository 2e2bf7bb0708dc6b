/**
 * A small SVG kit for the demo pictures: shapes as strings, gradients, a seeded random source
 * and colour helpers. Every picture is drawn on a 1600 × 1200 canvas (an upload's largest size)
 * and rendered by sharp (librsvg), so the same code gives the same pixels.
 */
export const W = 1600;
export const H = 1200;

export type Pt = [number, number];

/** A drawing: its gradient definitions and its shapes, painted in order. */
export interface Layer {
  defs: string[];
  body: string[];
}

export function layer(body: string[] = [], defs: string[] = []): Layer {
  return { defs, body };
}

export function merge(...layers: Layer[]): Layer {
  return { defs: layers.flatMap((l) => l.defs), body: layers.flatMap((l) => l.body) };
}

export function svg(...layers: Layer[]): string {
  const all = merge(...layers);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${all.defs.join('')}</defs>${all.body.join('')}</svg>`;
}

const n = (v: number) => Math.round(v * 10) / 10;

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}" ${extra}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}" ${extra}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" ${extra}/>`;
}

export function poly(points: Pt[], fill: string, extra = ''): string {
  return `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}" ${extra}/>`;
}

export function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}" ${extra}/>`;
}

export function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = ''): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${width}" ${extra}/>`;
}

export function group(children: string[], extra = ''): string {
  return `<g ${extra}>${children.join('')}</g>`;
}

/** A vertical (or horizontal) linear gradient, referenced as `url(#id)`. */
export function gradient(id: string, stops: [number, string][], horizontal = false): string {
  const dir = horizontal ? 'x1="0" y1="0" x2="1" y2="0"' : 'x1="0" y1="0" x2="0" y2="1"';
  return `<linearGradient id="${id}" ${dir}>${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')}</linearGradient>`;
}

export function radial(id: string, stops: [number, string, number?][]): string {
  return `<radialGradient id="${id}">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('')}</radialGradient>`;
}

/** A seeded random source: the same place always gets the same picture. */
export function random(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let s = h >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)] as T;
}

/** A colour between two hex colours (t from 0 to 1). */
export function mix(a: string, b: string, t: number): string {
  const pa = parse(a);
  const pb = parse(b);
  return `#${pa
    .map((v, i) =>
      Math.round(v + ((pb[i] ?? 0) - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function parse(hex: string): number[] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}
