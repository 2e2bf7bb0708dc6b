/** Building parts the demo pictures share: façades, windows, columns, domes, roofs, awnings. */
import { circle, ellipse, group, layer, line, mix, path, pick, poly, rect, type Layer, type Pt } from './kit.ts';

/** A grid of windows on a wall: rectangles, arched tops or round, some lit. */
export function windows(
  x: number,
  y: number,
  w: number,
  h: number,
  cols: number,
  rows: number,
  color: string,
  opts: { arched?: boolean; lit?: string; litShare?: number; rnd?: () => number; frame?: string } = {},
): string[] {
  const out: string[] = [];
  const cw = w / cols;
  const rh = h / rows;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const wx = x + c * cw + cw * 0.25;
      const wy = y + r * rh + rh * 0.2;
      const ww = cw * 0.5;
      const wh = rh * 0.6;
      const fill = opts.lit && opts.rnd && opts.rnd() < (opts.litShare ?? 0.5) ? opts.lit : color;
      if (opts.arched)
        out.push(path(`M${wx},${wy + wh} V${wy + ww / 2} A${ww / 2},${ww / 2} 0 0 1 ${wx + ww},${wy + ww / 2} V${wy + wh} Z`, fill));
      else out.push(rect(wx, wy, ww, wh, fill));
      if (opts.frame) out.push(line(wx + ww / 2, wy + (opts.arched ? ww / 2 : 0), wx + ww / 2, wy + wh, opts.frame, 3));
    }
  }
  return out;
}

/** A row of columns between `y1` (capitals) and `y2` (bases), with shading. */
export function columns(x: number, w: number, y1: number, y2: number, count: number, color: string): string[] {
  const out: string[] = [];
  const step = w / count;
  const cw = step * 0.42;
  for (let i = 0; i < count; i++) {
    const cx = x + step * i + (step - cw) / 2;
    out.push(
      rect(cx, y1, cw, y2 - y1, color),
      rect(cx + cw * 0.62, y1, cw * 0.38, y2 - y1, mix(color, '#000000', 0.12)),
      rect(cx - cw * 0.18, y1 - 12, cw * 1.36, 14, mix(color, '#ffffff', 0.1)),
      rect(cx - cw * 0.15, y2 - 10, cw * 1.3, 10, mix(color, '#000000', 0.08)),
    );
  }
  return out;
}

/** A triangular pediment over a façade from x to x + w, its base at y. */
export function pediment(x: number, w: number, y: number, h: number, color: string): string[] {
  return [
    poly(
      [
        [x - 10, y],
        [x + w / 2, y - h],
        [x + w + 10, y],
      ],
      mix(color, '#ffffff', 0.08),
    ),
    poly(
      [
        [x + 30, y - 10],
        [x + w / 2, y - h + 22],
        [x + w - 30, y - 10],
      ],
      mix(color, '#000000', 0.1),
    ),
    rect(x - 16, y - 4, w + 32, 22, mix(color, '#000000', 0.05)),
  ];
}

/** A dome on a drum, centred on cx, sitting on y. */
export function dome(
  cx: number,
  y: number,
  r: number,
  color: string,
  opts: { drum?: number; lantern?: boolean; ribs?: string } = {},
): string[] {
  const drum = opts.drum ?? r * 0.5;
  const out = [rect(cx - r * 0.82, y - drum, r * 1.64, drum, mix(color, '#000000', 0.06))];
  for (let i = 0; i < 8; i++)
    out.push(rect(cx - r * 0.76 + i * r * 0.2, y - drum * 0.85, r * 0.07, drum * 0.7, mix(color, '#000000', 0.2)));
  out.push(path(`M${cx - r},${y - drum} A${r},${r * 1.05} 0 0 1 ${cx + r},${y - drum} Z`, color));
  if (opts.ribs)
    for (const f of [-0.6, -0.25, 0.25, 0.6]) out.push(line(cx + r * f * 0.4, y - drum - r * 0.98, cx + r * f, y - drum, opts.ribs, 3));
  if (opts.lantern)
    out.push(rect(cx - r * 0.09, y - drum - r * 1.28, r * 0.18, r * 0.3, color), circle(cx, y - drum - r * 1.32, r * 0.07, color));
  return out;
}

/** A sloping Japanese roof with upturned eaves over a hall from x to x + w, eaves at y. */
export function japaneseRoof(x: number, w: number, y: number, h: number, color: string): string[] {
  const o = w * 0.08;
  return [
    path(
      `M${x - o},${y} Q${x + w * 0.1},${y - h * 0.15} ${x + w * 0.22},${y - h} L${x + w * 0.78},${y - h} Q${x + w * 0.9},${y - h * 0.15} ${x + w + o},${y} Z`,
      color,
    ),
    rect(x + w * 0.2, y - h - 14, w * 0.6, 16, mix(color, '#000000', 0.2)),
  ];
}

/** A striped awning over a stall or a café front. */
export function awning(x: number, y: number, w: number, h: number, a: string, b: string, stripes = 8): string[] {
  const out: string[] = [];
  const sw = w / stripes;
  for (let i = 0; i < stripes; i++)
    out.push(
      poly(
        [
          [x + i * sw, y],
          [x + (i + 1) * sw, y],
          [x + (i + 1) * sw + 6, y + h],
          [x + i * sw + 6, y + h],
        ],
        i % 2 ? a : b,
      ),
    );
  for (let i = 0; i < stripes; i++) out.push(path(`M${x + i * sw + 6},${y + h} a${sw / 2},${sw / 3} 0 0 0 ${sw},0 Z`, i % 2 ? a : b));
  return out;
}

/** A market stall: awning, counter and crates of produce. */
export function stall(x: number, y: number, w: number, colors: [string, string], rnd: () => number, goods: string[]): Layer {
  const body = [
    rect(x + 6, y, 10, 190, '#5b4636'),
    rect(x + w - 10, y, 10, 190, '#5b4636'),
    ...awning(x - 10, y - 10, w + 20, 50, colors[0], colors[1], 6),
  ];
  body.push(rect(x, y + 110, w, 80, '#8a6a4a'), rect(x, y + 104, w, 10, '#6d523a'));
  for (let i = 0; i < 5; i++) {
    const cx = x + 12 + i * ((w - 24) / 5);
    const cw = (w - 24) / 5 - 6;
    body.push(rect(cx, y + 80, cw, 28, '#a8835b'));
    const fill = pick(rnd, goods);
    for (let k = 0; k < 6; k++) body.push(circle(cx + 8 + rnd() * (cw - 16), y + 82 + rnd() * 10, 8 + rnd() * 4, fill));
  }
  return layer(body);
}

/** A bistro table with two chairs, seen from the front. */
export function bistro(x: number, y: number, s: number, top: string, chair: string): string[] {
  const c = (cx: number, flip: number) => [
    rect(cx - 18 * s, y - 40 * s, 36 * s, 8 * s, chair),
    line(cx + flip * 14 * s, y - 40 * s, cx + flip * 18 * s, y - 95 * s, chair, 6 * s),
    line(cx - 14 * s, y - 36 * s, cx - 18 * s, y, chair, 5 * s),
    line(cx + 14 * s, y - 36 * s, cx + 18 * s, y, chair, 5 * s),
  ];
  return [
    ...c(x - 55 * s, -1),
    ...c(x + 55 * s, 1),
    ellipse(x, y - 62 * s, 40 * s, 9 * s, top),
    line(x, y - 60 * s, x, y, '#3a3a3a', 5 * s),
    line(x - 20 * s, y, x + 20 * s, y, '#3a3a3a', 5 * s),
  ];
}

/** A lattice of crossing lines clipped to a polygon (ironwork, glass roofs). */
export function lattice(id: string, outline: Pt[], step: number, stroke: string, width: number): Layer {
  const xs = outline.map((p) => p[0]);
  const ys = outline.map((p) => p[1]);
  const [x1, x2, y1, y2] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const lines: string[] = [];
  for (let d = -(y2 - y1); d < x2 - x1; d += step) {
    lines.push(line(x1 + d, y1, x1 + d + (y2 - y1), y2, stroke, width), line(x1 + d + (y2 - y1), y1, x1 + d, y2, stroke, width));
  }
  return layer(
    [group(lines, `clip-path="url(#${id})"`)],
    [`<clipPath id="${id}"><polygon points="${outline.map((p) => p.join(',')).join(' ')}"/></clipPath>`],
  );
}
