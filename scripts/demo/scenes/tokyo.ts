/** The Tokyo pictures (a drawing per place, hence the file's length). */
import { japaneseRoof, lattice, stall, windows } from './buildings.ts';
import { circle, ellipse, H, layer, line, mix, path, pick, poly, radial, rect, W, type Layer } from './kit.ts';
import { crowd, ground, person, sky, skyline, tree, treeRow, water } from './nature.ts';
import type { Scene } from './scene.ts';

/** A lattice tower with two decks (Tokyo Tower) in orange and white bands. */
function tokyoTower(cx: number, baseY: number, h: number): Layer {
  const outline: [number, number][] = [
    [cx - h * 0.22, baseY],
    [cx - h * 0.06, baseY - h * 0.5],
    [cx - h * 0.012, baseY - h * 0.92],
    [cx + h * 0.012, baseY - h * 0.92],
    [cx + h * 0.06, baseY - h * 0.5],
    [cx + h * 0.22, baseY],
  ];
  const bands: string[] = [];
  for (let i = 0; i < 12; i++) bands.push(rect(cx - h * 0.3, baseY - h * (i + 1) * 0.08, h * 0.6, h * 0.08, i % 2 ? '#f4f1ea' : '#e8552b'));
  const iron = lattice(`tokyo-tower-${Math.round(cx)}`, outline, h * 0.025, '#8a2f16', 2);
  return layer(
    [
      `<g clip-path="url(#tokyo-tower-${Math.round(cx)})">${bands.join('')}</g>`,
      ...iron.body,
      rect(cx - h * 0.09, baseY - h * 0.42, h * 0.18, h * 0.05, '#e8552b'),
      rect(cx - h * 0.04, baseY - h * 0.68, h * 0.08, h * 0.035, '#f4f1ea'),
      line(cx, baseY - h * 0.92, cx, baseY - h, '#f4f1ea', 5),
    ],
    iron.defs,
  );
}

/** A torii: two pillars, two crossbeams, the top one curving up at the ends. */
function torii(cx: number, baseY: number, h: number, color: string): string[] {
  const w = h * 1.1;
  return [
    rect(cx - w * 0.36, baseY - h * 0.9, h * 0.09, h * 0.9, color),
    rect(cx + w * 0.36 - h * 0.09, baseY - h * 0.9, h * 0.09, h * 0.9, color),
    rect(cx - w * 0.45, baseY - h * 0.78, w * 0.9, h * 0.07, color),
    path(
      `M${cx - w * 0.58},${baseY - h * 0.93} Q${cx},${baseY - h * 0.86} ${cx + w * 0.58},${baseY - h * 0.93} L${cx + w * 0.55},${baseY - h} Q${cx},${baseY - h * 0.95} ${cx - w * 0.55},${baseY - h} Z`,
      color,
    ),
  ];
}

export const tokyoScenes: Scene[] = [
  {
    place: 'Sensō-ji',
    by: 'haru',
    file: 'senso-ji-kaminarimon-lantern.webp',
    shows: 'the Kaminarimon gate of Sensō-ji at dawn, nobody under it: red pillars, a dark tiled roof and the huge red paper lantern',
    draw: (rnd) => {
      const red = '#c0392b';
      const gate = [
        rect(340, 440, 920, 40, mix(red, '#000000', 0.2)),
        rect(380, 480, 60, 560, red),
        rect(1160, 480, 60, 560, red),
        rect(560, 480, 40, 560, red),
        rect(1000, 480, 40, 560, red),
      ];
      gate.push(...japaneseRoof(280, 1040, 440, 200, '#3b3a3f'));
      gate.push(rect(430, 560, 120, 300, '#6b2a22'), rect(1050, 560, 120, 300, '#3a4a6b'));
      const lantern = [
        line(800, 480, 800, 540, '#1d1d1d', 6),
        ellipse(800, 760, 170, 230, '#d2332a'),
        rect(630, 540, 340, 30, '#1d1d1d', 'rx="8"'),
        rect(630, 950, 340, 40, '#1d1d1d', 'rx="8"'),
        rect(700, 700, 200, 120, '#1d1d1d', 'opacity="0.85"'),
      ];
      for (let i = 0; i < 8; i++)
        lantern.push(
          path(
            `M${640 + i * 5},${600 + i * 40} Q800,${580 + i * 40} ${960 - i * 5},${600 + i * 40}`,
            'none',
            'stroke="#b02a22" stroke-width="3"',
          ),
        );
      return [sky('dawn', rnd, 1040), skyline(1040, '#8b6f7f', rnd, 160), layer(gate), layer(lantern), ground(1040, '#9a8f86')];
    },
  },
  {
    place: 'Meiji Jingu',
    by: 'haru',
    file: 'meiji-jingu-great-torii.webp',
    shows:
      'the great wooden torii of Meiji Jingu over a wide raked-gravel path, dense forest of tall trees on both sides and a few early visitors',
    draw: (rnd) => {
      const trees: string[] = [];
      for (let i = 0; i < 40; i++) {
        const left = i % 2 === 0;
        const x = left ? rnd() * 540 : 1060 + rnd() * 540;
        trees.push(...tree(pick(rnd, ['round', 'conifer'] as const), x, 900 + rnd() * 80, 500 + rnd() * 500, rnd));
      }
      return [
        sky('haze', rnd, 900),
        layer([rect(0, 0, W, 900, '#3e5f44', 'opacity="0.35"')]),
        layer(trees),
        layer([
          poly(
            [
              [300, 1200],
              [720, 860],
              [880, 860],
              [1300, 1200],
            ],
            '#d8cdb8',
          ),
          rect(0, 900, 300, 300, '#3c5a3f'),
          rect(1300, 900, 300, 300, '#3c5a3f'),
        ]),
        layer(torii(800, 900, 620, '#8a6a4e')),
        crowd(5, 620, 980, 1100, 130, rnd, 140),
      ];
    },
  },
  {
    place: 'Shibuya Crossing',
    by: 'haru',
    file: 'shibuya-scramble-from-above.webp',
    shows: 'Shibuya Crossing from above at dusk: zebra stripes in every direction, hundreds of people crossing at once, glowing screens',
    draw: (rnd) => {
      const body = [rect(0, 0, W, H, '#3a3a44')];
      const stripes = (x1: number, y1: number, x2: number, y2: number) => {
        const out: string[] = [];
        for (let i = 0; i < 14; i++) {
          const t = i / 13;
          out.push(
            line(
              x1 + (x2 - x1) * t,
              y1 + (y2 - y1) * t,
              x1 + (x2 - x1) * t + (y2 - y1) * 0.18,
              y1 + (y2 - y1) * t - (x2 - x1) * 0.18,
              '#e9e6df',
              26,
            ),
          );
        }
        return out;
      };
      body.push(
        ...stripes(300, 300, 1300, 300),
        ...stripes(300, 900, 1300, 900),
        ...stripes(300, 300, 300, 900),
        ...stripes(1300, 300, 1300, 900),
        ...stripes(360, 360, 1240, 840),
        ...stripes(1240, 360, 360, 840),
      );
      body.push(
        rect(0, 0, 260, 260, '#262631'),
        rect(1340, 0, 260, 260, '#262631'),
        rect(0, 940, 260, 260, '#262631'),
        rect(1340, 940, 260, 260, '#262631'),
      );
      body.push(
        rect(20, 20, 220, 120, '#3fd1ff', 'opacity="0.8"'),
        rect(1360, 40, 220, 160, '#ff4fa3', 'opacity="0.8"'),
        rect(40, 980, 180, 200, '#ffd33f', 'opacity="0.8"'),
        rect(1370, 990, 200, 160, '#7cff8a', 'opacity="0.7"'),
      );
      for (let i = 0; i < 420; i++) {
        const x = 280 + rnd() * 1040;
        const y = 260 + rnd() * 680;
        body.push(circle(x, y, 7, pick(rnd, ['#1d1d1d', '#f4f1ea', '#c2483f', '#2f5d8a', '#e0a43a', '#333642'])));
      }
      for (let i = 0; i < 6; i++) body.push(line(0, 560 + i * 14, 260, 560 + i * 14, i % 2 ? '#ff5a4f' : '#fff1c9', 4, 'opacity="0.7"'));
      return [layer(body)];
    },
  },
  {
    place: 'Tokyo Skytree',
    by: 'mina',
    file: 'tokyo-skytree-over-sumida.webp',
    shows: 'Tokyo Skytree on a clear day: a very tall, slim white lattice tower with two round decks over low rooftops and the river',
    draw: (rnd) => {
      const outline: [number, number][] = [
        [720, 1000],
        [770, 300],
        [790, 100],
        [810, 100],
        [830, 300],
        [880, 1000],
      ];
      const iron = lattice('skytree', outline, 28, '#b7c3cc', 2);
      const tower = [
        poly(outline, '#eef2f5'),
        ...iron.body,
        rect(745, 420, 110, 50, '#dfe6ea'),
        ...windows(745, 424, 110, 42, 6, 1, '#7f96a8'),
        rect(772, 250, 56, 30, '#dfe6ea'),
        rect(796, 20, 8, 90, '#eef2f5'),
      ];
      return [sky('day', rnd, 1000), layer(tower, iron.defs), skyline(1000, '#8e9aa6', rnd, 110), water(1000, 1200, '#6f96b0', rnd)];
    },
  },
  {
    place: 'Tokyo National Museum',
    by: 'haru',
    file: 'tokyo-national-museum-honkan.webp',
    shows: 'the Tokyo National Museum’s main hall under a heavy tiled Japanese roof, a round fountain pool and pines in morning light',
    draw: (rnd) => {
      const hall = [
        rect(200, 520, 1200, 320, '#b6ab98'),
        ...windows(200, 540, 1200, 280, 16, 2, '#4e4a44'),
        ...japaneseRoof(160, 1280, 520, 220, '#3e4446'),
        rect(680, 600, 240, 240, '#8e8574'),
      ];
      return [
        sky('golden', rnd, 840),
        layer(hall),
        ground(840, '#b9b09e'),
        layer([ellipse(800, 990, 360, 90, '#8b8478'), ellipse(800, 985, 330, 76, '#5f8aa3'), rect(790, 900, 20, 90, '#d9e8f0')]),
        treeRow('conifer', 3, [80, 1000, 380], [300, 1000, 360], rnd),
        treeRow('conifer', 3, [1300, 1000, 360], [1520, 1000, 380], rnd),
        crowd(5, 300, 1300, 1160, 110, rnd, 30),
      ];
    },
  },
  {
    place: 'Shinjuku Gyoen National Garden',
    by: 'mina',
    file: 'shinjuku-gyoen-cherry-pond.webp',
    shows: 'cherry trees in full bloom round the pond of Shinjuku Gyoen’s Japanese garden, a small teahouse on the far bank',
    draw: (rnd) => {
      const teahouse = [
        rect(1040, 620, 260, 120, '#8a6a4a'),
        ...japaneseRoof(1010, 320, 620, 90, '#4b4a4f'),
        rect(1060, 660, 220, 70, '#e9dfc6'),
      ];
      return [
        sky('day', rnd, 720),
        skyline(720, '#b9c3cc', rnd, 260),
        treeRow('blossom', 8, [-40, 760, 300], [1640, 760, 300], rnd),
        layer(teahouse),
        water(740, 1000, '#6f9aa6', rnd),
        layer([path('M0,1000 Q800,940 1600,1020 L1600,1200 L0,1200 Z', '#7aa05a'), path('M200,1200 Q800,1000 1400,1200 Z', '#d9cdb4')]),
        treeRow('blossom', 3, [60, 1160, 420], [360, 1160, 380], rnd),
        crowd(6, 500, 1200, 1160, 110, rnd, 40),
      ];
    },
  },
  {
    place: 'Tsukiji Outer Market',
    by: 'aiko',
    file: 'tsukiji-outer-market-street.webp',
    shows:
      'a narrow street of Tsukiji Outer Market: small shopfronts with noren curtains, fish on ice, a stall grilling skewers, people eating',
    draw: (rnd) => {
      const body = [rect(0, 0, W, 260, '#cfd8de')];
      for (let i = 0; i < 4; i++) {
        const x = i * 400;
        body.push(rect(x, 180, 390, 620, pick(rnd, ['#8a6a4a', '#6b5a4a', '#9a7a5a', '#7a6a5a'])), rect(x + 20, 220, 350, 60, '#f4ead6'));
        for (let k = 0; k < 5; k++) body.push(rect(x + 30 + k * 68, 300, 60, 150, pick(rnd, ['#233f6b', '#7a2a2a', '#f4ead6', '#2f5a3d'])));
        body.push(rect(x + 20, 560, 350, 60, '#dfe9ee'));
        for (let k = 0; k < 6; k++)
          body.push(ellipse(x + 60 + k * 55, 580, 30, 10, pick(rnd, ['#9aa7b0', '#c9503a', '#e8a0a0', '#f2d16b'])));
      }
      body.push(rect(0, 800, W, 400, '#8f8a82'));
      return [
        layer(body),
        stall(420, 600, 360, ['#f4ead6', '#c0392b'], rnd, ['#f2d16b', '#e8a85a', '#c9503a']),
        layer([path('M520,600 q-10,-60 10,-120', 'none', 'stroke="#ffffff" stroke-width="10" opacity="0.4"')]),
        crowd(16, 60, 1540, 1150, 220, rnd, 160),
      ];
    },
  },
  {
    place: 'Ueno Park',
    by: 'haru',
    file: 'ueno-shinobazu-lotus-pond.webp',
    shows: 'Shinobazu Pond in Ueno Park in summer: tall lotus leaves and pink flowers, the red Bentendō hall on its island in the haze',
    draw: (rnd) => {
      const hall = [rect(640, 560, 320, 140, '#b8372f'), ...japaneseRoof(600, 400, 560, 150, '#2f3235'), rect(780, 400, 40, 30, '#c9a441')];
      const lotus: string[] = [];
      for (let i = 0; i < 90; i++) {
        const x = rnd() * W;
        const y = 760 + rnd() * 440;
        const s = 20 + ((y - 760) / 440) * 60;
        lotus.push(
          line(x, y, x + (rnd() - 0.5) * 20, y + s * 2, '#4f7a3a', 3),
          ellipse(x, y, s, s * 0.45, pick(rnd, ['#5f8f45', '#4f7f3a', '#6fa04f'])),
        );
        if (rnd() < 0.18) lotus.push(ellipse(x + s * 0.3, y - s * 0.5, s * 0.25, s * 0.4, '#f29bb8'));
      }
      return [
        sky('haze', rnd, 720),
        treeRow('round', 8, [0, 720, 220], [1600, 720, 220], rnd),
        layer(hall),
        water(700, 1200, '#7b9a92', rnd),
        layer(lotus),
      ];
    },
  },
  {
    place: 'teamLab Planets',
    by: 'emma_nyc',
    file: 'teamlab-planets-koi-water.webp',
    shows: 'a dark room at teamLab Planets: shallow water with glowing koi and flower petals, barefoot visitors wading in silhouette',
    draw: (rnd) => {
      const defs = [
        radial('koi-glow', [
          [0, '#ffffff', 0.9],
          [1, '#ffffff', 0],
        ]),
      ];
      const body = [rect(0, 0, W, H, '#05060f'), rect(0, 560, W, 640, '#0b1530')];
      for (let i = 0; i < 30; i++) {
        const x = rnd() * W;
        const y = 600 + rnd() * 580;
        const c = pick(rnd, ['#ff7a3d', '#ffd166', '#ff4f8b', '#7bdff2', '#ffffff']);
        body.push(
          circle(x, y, 60, c, 'opacity="0.18"'),
          ellipse(x, y, 46, 16, c),
          poly(
            [
              [x - 46, y],
              [x - 76, y - 16],
              [x - 76, y + 16],
            ],
            c,
          ),
        );
      }
      for (let i = 0; i < 60; i++)
        body.push(ellipse(rnd() * W, 580 + rnd() * 600, 10, 5, pick(rnd, ['#ff9ecf', '#ffd6e8', '#fff0a8']), 'opacity="0.8"'));
      for (let i = 0; i < 3; i++) {
        const x = 400 + i * 400;
        body.push(...person(x, 900 + i * 40, 420, '#000000', '#000000'), ellipse(x, 900 + i * 40, 80, 16, '#bcd7ff', 'opacity="0.25"'));
      }
      body.push(circle(800, 300, 400, 'url(#koi-glow)', 'opacity="0.08"'));
      return [layer(body, defs)];
    },
  },
  {
    place: 'Tokyo Tower',
    by: 'haru',
    file: 'tokyo-tower-behind-zojoji.webp',
    shows: 'the orange-and-white Tokyo Tower behind the dark roof of Zōjō-ji at dawn, small stone Jizō statues in red caps in front',
    draw: (rnd) => {
      const temple = [rect(380, 760, 840, 200, '#6b2a22'), ...japaneseRoof(300, 1000, 760, 240, '#2f3034')];
      const jizo: string[] = [];
      for (let i = 0; i < 12; i++) {
        const x = 80 + i * 130;
        jizo.push(
          rect(x - 30, 1060, 60, 110, '#9a968e', 'rx="26"'),
          circle(x, 1040, 26, '#a8a49c'),
          path(`M${x - 28},1036 Q${x},996 ${x + 28},1036 Z`, '#c8372f'),
          rect(x - 30, 1080, 60, 30, '#d9483c'),
          line(x + 40, 1170, x + 40, 1060, '#6b6b6b', 3),
          circle(x + 40, 1056, 14, pick(rnd, ['#f2c14e', '#3d8fb0', '#e35d5b'])),
        );
      }
      return [sky('dawn', rnd, 960), tokyoTower(800, 960, 860), layer(temple), ground(960, '#8f877c'), layer(jizo)];
    },
  },
  {
    place: 'Mori Art Museum',
    by: 'felix',
    file: 'mori-tower-city-view-night.webp',
    shows:
      'the night view from the 52nd floor by the Mori Art Museum: Tokyo’s lights to the horizon, the orange Tokyo Tower, visitors at the glass',
    draw: (rnd) => {
      const city: string[] = [];
      for (let i = 0; i < 900; i++)
        city.push(circle(rnd() * W, 520 + rnd() ** 0.6 * 460, 2 + rnd() * 2.5, pick(rnd, ['#ffe3a0', '#fff6dc', '#9fd3ff', '#ffb38a'])));
      const tower = tokyoTower(620, 860, 380);
      return [
        sky('night', rnd, 560),
        layer([rect(0, 520, W, 480, '#0e1426')]),
        layer(city),
        tower,
        layer([
          rect(0, 0, W, 60, '#05070d'),
          rect(0, 980, W, 220, '#05070d'),
          rect(380, 0, 20, 1000, '#05070d'),
          rect(1000, 0, 20, 1000, '#05070d'),
        ]),
        layer([
          ...person(300, 1000, 380, '#000000', '#000000'),
          ...person(1160, 1000, 360, '#000000', '#000000'),
          ...person(1260, 1000, 320, '#000000', '#000000'),
        ]),
      ];
    },
  },
  {
    place: 'Yoyogi Park',
    by: 'aiko',
    file: 'yoyogi-park-rockabilly-dancers.webp',
    shows:
      'Sunday at Yoyogi Park’s entrance: dancers in black leather jackets and tall pompadours, a crowd watching under yellow ginkgo trees',
    draw: (rnd) => {
      const dancers: string[] = [];
      for (let i = 0; i < 4; i++) {
        const x = 420 + i * 250;
        dancers.push(
          ...person(x, 1080, 380, '#111111'),
          path(
            `M${x - 40},${1080 - 380 * 0.9} Q${x + 10},${1080 - 380 * 1.08} ${x + 60},${1080 - 380 * 0.92} Q${x + 10},${1080 - 380 * 0.94} ${x - 40},${1080 - 380 * 0.9} Z`,
            '#111111',
          ),
        );
        dancers.push(
          line(x - 40, 1080 - 380 * 0.62, x - 110, 1080 - 380 * (0.5 + (i % 2) * 0.3), '#111111', 22),
          rect(x - 40, 1080 - 380 * 0.4, 80, 150, '#2b3a6b'),
        );
      }
      return [
        sky('day', rnd, 780),
        treeRow('ginkgo', 8, [-40, 820, 420], [1640, 820, 420], rnd),
        ground(780, '#b8b2a6'),
        crowd(20, 0, 1600, 900, 150, rnd, 60),
        layer([rect(0, 900, W, 300, '#a9a398')]),
        layer(dancers),
        layer([rect(140, 960, 140, 100, '#3a3a3a'), circle(210, 1010, 34, '#1d1d1d')]),
      ];
    },
  },
  {
    place: 'Golden Gai',
    by: 'tom_b',
    file: 'golden-gai-alley-at-night.webp',
    shows: 'a narrow alley of Golden Gai at night: tiny two-storey bars side by side, red lanterns and lit signs, one person walking away',
    draw: (rnd) => {
      const body = [rect(0, 0, W, H, '#14121a'), rect(560, 0, 480, 260, '#23203a')];
      const side = (left: boolean) => {
        const out: string[] = [];
        for (let i = 0; i < 6; i++) {
          const t = i / 6;
          const x = left ? t * 560 : W - t * 560;
          const w = 100 - t * 60;
          const top = 100 + t * 160;
          const bottom = 1200 - t * 340;
          const fx = left ? x : x - w;
          out.push(rect(fx, top, w, bottom - top, pick(rnd, ['#3b2a24', '#2c2a35', '#4a3026', '#2f3a34'])));
          out.push(
            rect(fx + w * 0.15, top + (bottom - top) * 0.55, w * 0.7, (bottom - top) * 0.4, pick(rnd, ['#f2c880', '#e8a05a', '#8a5a3a'])),
          );
          out.push(
            rect(
              fx + w * 0.2,
              top + (bottom - top) * 0.3,
              w * 0.6,
              (bottom - top) * 0.08,
              pick(rnd, ['#ff5a4f', '#ffd166', '#7bdff2', '#f4f1ea']),
            ),
          );
          out.push(ellipse(fx + w * 0.5, top + (bottom - top) * 0.45, w * 0.18, w * 0.26, '#e8442f'));
          out.push(rect(fx, top + (bottom - top) * 0.2, w, 6, '#1d1a1f'));
        }
        return out;
      };
      body.push(
        ...side(true),
        ...side(false),
        poly(
          [
            [0, 1200],
            [560, 860],
            [1040, 860],
            [1600, 1200],
          ],
          '#2b2730',
        ),
      );
      for (let i = 0; i < 8; i++) body.push(line(560 + i * 60, 0, 560 + i * 60 + rnd() * 40, 260, '#1d1a1f', 3));
      return [layer(body), layer(person(800, 1000, 240, '#3a3a44', '#3a3a44'))];
    },
  },
];
