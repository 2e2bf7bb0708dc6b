/** Skies, ground, water, trees, flowers and people: what most of the demo pictures stand in. */
import { circle, ellipse, gradient, H, layer, line, merge, mix, path, pick, poly, radial, rect, W, type Layer } from './kit.ts';

export type SkyKind = 'dawn' | 'day' | 'golden' | 'dusk' | 'night' | 'overcast' | 'rain' | 'haze';

const skies: Record<SkyKind, [number, string][]> = {
  dawn: [
    [0, '#3d4b7c'],
    [0.55, '#e79ca4'],
    [1, '#f7d9a9'],
  ],
  day: [
    [0, '#4f8fd1'],
    [1, '#cfe5f6'],
  ],
  golden: [
    [0, '#5d7fb8'],
    [0.5, '#f1b36a'],
    [1, '#fbe2ae'],
  ],
  dusk: [
    [0, '#24244f'],
    [0.55, '#b9557a'],
    [1, '#f3a55b'],
  ],
  night: [
    [0, '#070d24'],
    [1, '#24345f'],
  ],
  overcast: [
    [0, '#8e99a2'],
    [1, '#d9dde0'],
  ],
  rain: [
    [0, '#6d7883'],
    [1, '#b9c0c6'],
  ],
  haze: [
    [0, '#a9bfd3'],
    [1, '#efe6d6'],
  ],
};

/** The sky down to `horizon`, with its sun, moon, stars, clouds or rain. */
export function sky(kind: SkyKind, rnd: () => number, horizon = H): Layer {
  const id = `sky-${kind}`;
  const out = layer([rect(0, 0, W, horizon, `url(#${id})`)], [gradient(id, skies[kind])]);
  if (kind === 'night') {
    for (let i = 0; i < 90; i++)
      out.body.push(circle(rnd() * W, rnd() * horizon * 0.7, 1 + rnd() * 2.2, '#fdf6dc', `opacity="${0.4 + rnd() * 0.6}"`));
    out.body.push(circle(W * (0.15 + rnd() * 0.7), horizon * 0.18, 46, '#f6efcf'));
  }
  if (kind === 'dawn' || kind === 'golden' || kind === 'dusk') {
    const sun = kind === 'golden' ? '#fff2c4' : '#ffe0b0';
    out.defs.push(
      radial(`glow-${kind}`, [
        [0, sun, 0.9],
        [1, sun, 0],
      ]),
    );
    const x = W * (0.2 + rnd() * 0.6);
    const y = horizon * (kind === 'golden' ? 0.45 : 0.72);
    out.body.push(circle(x, y, 260, `url(#glow-${kind})`), circle(x, y, 70, sun));
  }
  if (kind === 'day' || kind === 'haze') {
    for (let i = 0; i < 4; i++)
      out.body.push(...cloud(W * (0.1 + rnd() * 0.8), horizon * (0.12 + rnd() * 0.35), 0.6 + rnd() * 0.8, '#ffffff', 0.85));
  }
  if (kind === 'overcast' || kind === 'rain') {
    for (let i = 0; i < 6; i++) {
      out.body.push(...cloud(W * rnd(), horizon * (0.05 + rnd() * 0.45), 1 + rnd() * 1.2, kind === 'rain' ? '#8b949c' : '#c4cacf', 0.7));
    }
  }
  return out;
}

export function cloud(x: number, y: number, s: number, fill: string, opacity: number): string[] {
  return [
    ellipse(x, y, 130 * s, 38 * s, fill, `opacity="${opacity}"`),
    ellipse(x - 60 * s, y - 18 * s, 70 * s, 40 * s, fill, `opacity="${opacity}"`),
    ellipse(x + 40 * s, y - 30 * s, 80 * s, 48 * s, fill, `opacity="${opacity}"`),
  ];
}

/** Rain streaks over everything drawn before. */
export function rain(rnd: () => number): Layer {
  const body: string[] = [];
  for (let i = 0; i < 220; i++) {
    const x = rnd() * (W + 200) - 100;
    const y = rnd() * H;
    body.push(line(x, y, x - 14, y + 46, '#e6eef5', 2, 'opacity="0.35"'));
  }
  return layer(body);
}

/** Ground from `y` to the bottom, lighter at the horizon. */
export function ground(y: number, color: string, id = `ground-${color.slice(1)}`): Layer {
  return layer(
    [rect(0, y, W, H - y, `url(#${id})`)],
    [
      gradient(id, [
        [0, mix(color, '#ffffff', 0.15)],
        [1, mix(color, '#000000', 0.2)],
      ]),
    ],
  );
}

/** Water from `y` to `bottom`, with light ripples. */
export function water(y: number, bottom: number, color: string, rnd: () => number, x = 0, w = W): Layer {
  const id = `water-${color.slice(1)}-${Math.round(y)}`;
  const body = [rect(x, y, w, bottom - y, `url(#${id})`)];
  for (let i = 0; i < 40; i++) {
    const ry = y + 8 + rnd() * (bottom - y - 16);
    const rx = x + rnd() * w;
    body.push(line(rx, ry, rx + 30 + rnd() * 90, ry, '#ffffff', 2, `opacity="${0.15 + rnd() * 0.25}"`));
  }
  return layer(body, [
    gradient(id, [
      [0, mix(color, '#ffffff', 0.25)],
      [1, mix(color, '#000000', 0.15)],
    ]),
  ]);
}

export type TreeKind = 'round' | 'conifer' | 'blossom' | 'autumn' | 'ginkgo' | 'plane';

const canopies: Record<TreeKind, string[]> = {
  round: ['#3f7f3a', '#4c8f41', '#356d33'],
  conifer: ['#2f5a3a', '#27503a'],
  blossom: ['#f4b9cd', '#f7cadb', '#eea6c0'],
  autumn: ['#d7672e', '#e59a32', '#b9452c'],
  ginkgo: ['#f0c431', '#e8b425', '#f6d55c'],
  plane: ['#5f8f3e', '#6d9c47', '#4f7f37'],
};

/** A tree standing on `baseY`, `size` pixels tall. */
export function tree(kind: TreeKind, x: number, baseY: number, size: number, rnd: () => number): string[] {
  const trunk = kind === 'blossom' ? '#5b3b32' : '#4a3526';
  const colors = canopies[kind];
  if (kind === 'conifer') {
    return [
      rect(x - size * 0.04, baseY - size * 0.2, size * 0.08, size * 0.2, trunk),
      poly(
        [
          [x, baseY - size],
          [x - size * 0.28, baseY - size * 0.15],
          [x + size * 0.28, baseY - size * 0.15],
        ],
        pick(rnd, colors),
      ),
    ];
  }
  const out = [rect(x - size * 0.045, baseY - size * 0.45, size * 0.09, size * 0.45, trunk)];
  const blobs = kind === 'plane' ? 5 : 4;
  for (let i = 0; i < blobs; i++) {
    const bx = x + (rnd() - 0.5) * size * 0.45;
    const by = baseY - size * (0.62 + rnd() * 0.22);
    out.push(circle(bx, by, size * (0.2 + rnd() * 0.1), pick(rnd, colors)));
  }
  if (kind === 'blossom')
    for (let i = 0; i < 14; i++)
      out.push(circle(x + (rnd() - 0.5) * size * 0.7, baseY - size * (0.5 + rnd() * 0.45), 5 + rnd() * 6, '#fff1f5'));
  return out;
}

/** A row of trees along a line from (x1, y1) to (x2, y2), sizes from s1 to s2 (perspective). */
export function treeRow(
  kind: TreeKind,
  count: number,
  from: [number, number, number],
  to: [number, number, number],
  rnd: () => number,
): Layer {
  const body: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = count === 1 ? 0 : i / (count - 1);
    body.push(...tree(kind, from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t, from[2] + (to[2] - from[2]) * t, rnd));
  }
  return layer(body);
}

/** A little person: head, body and legs, `h` pixels tall, standing at (x, y). */
export function person(x: number, y: number, h: number, color: string, skin = '#e2b48f'): string[] {
  const head = h * 0.13;
  return [
    line(x - h * 0.06, y - h * 0.42, x - h * 0.08, y, '#2e2e3a', h * 0.07, 'stroke-linecap="round"'),
    line(x + h * 0.06, y - h * 0.42, x + h * 0.08, y, '#2e2e3a', h * 0.07, 'stroke-linecap="round"'),
    path(`M${x - h * 0.14},${y - h * 0.4} Q${x},${y - h * 0.9} ${x + h * 0.14},${y - h * 0.4} Z`, color),
    rect(x - h * 0.14, y - h * 0.72, h * 0.28, h * 0.34, color, `rx="${h * 0.08}"`),
    circle(x, y - h * 0.8, head, skin),
  ];
}

const clothes = ['#c2483f', '#2f5d8a', '#e0a43a', '#4a7c59', '#7b4f8e', '#d9d2c4', '#333642', '#e07a5f', '#3d8fb0'];
const skins = ['#e2b48f', '#c68e63', '#8d5a3b', '#f1cfae', '#a8704c'];

/** `count` people scattered between x1 and x2, around `y` (further ones smaller and higher). */
export function crowd(count: number, x1: number, x2: number, y: number, h: number, rnd: () => number, depth = 30): Layer {
  const people = Array.from({ length: count }, () => ({ x: x1 + rnd() * (x2 - x1), d: rnd() }));
  people.sort((a, b) => a.d - b.d);
  return layer(people.flatMap((p) => person(p.x, y - (1 - p.d) * depth, h * (0.75 + p.d * 0.25), pick(rnd, clothes), pick(rnd, skins))));
}

/** A bed of flowers: dots of colour over green. */
export function flowers(x: number, y: number, w: number, h: number, colors: string[], rnd: () => number, count = 80): Layer {
  const body = [ellipse(x + w / 2, y + h / 2, w / 2, h / 2, '#4d7c3a')];
  for (let i = 0; i < count; i++) {
    const a = rnd() * Math.PI * 2;
    const r = Math.sqrt(rnd());
    body.push(circle(x + w / 2 + Math.cos(a) * r * w * 0.47, y + h / 2 + Math.sin(a) * r * h * 0.45, 5 + rnd() * 5, pick(rnd, colors)));
  }
  return layer(body);
}

/** Distant city blocks along the horizon, in one tone. */
export function skyline(baseY: number, color: string, rnd: () => number, maxH = 220, from = 0, to = W): Layer {
  const body: string[] = [];
  for (let x = from; x < to;) {
    const w = 40 + rnd() * 90;
    const h = 40 + rnd() * maxH;
    body.push(rect(x, baseY - h, w, h, color));
    if (rnd() < 0.2) body.push(rect(x + w * 0.4, baseY - h - 30, 6, 30, color));
    x += w + rnd() * 12;
  }
  return layer(body);
}

export { merge };
