/** The New York pictures (a drawing per place, hence the file's length). */
import { bistro, lattice, windows } from './buildings.ts';
import { circle, ellipse, H, layer, line, mix, path, pick, poly, rect, W, type Layer } from './kit.ts';
import { crowd, ground, person, sky, skyline, treeRow, water } from './nature.ts';
import type { Scene } from './scene.ts';

/** Manhattan towers, a few with set-backs and lit windows at night. */
function towers(baseY: number, rnd: () => number, color: string, lit?: string): Layer {
  const body: string[] = [];
  for (let x = -20; x < W;) {
    const w = 70 + rnd() * 110;
    const h = 200 + rnd() * 420;
    body.push(rect(x, baseY - h, w, h, color));
    if (rnd() < 0.35) body.push(rect(x + w * 0.2, baseY - h - 60, w * 0.6, 60, color));
    if (lit)
      body.push(
        ...windows(x, baseY - h + 10, w, h - 20, Math.max(2, Math.round(w / 26)), Math.round(h / 34), mix(color, '#000000', 0.2), {
          lit,
          litShare: 0.35,
          rnd,
        }),
      );
    x += w + 6 + rnd() * 20;
  }
  return layer(body);
}

/** The Empire State Building's stepped tower and mast. */
function empireState(cx: number, baseY: number, h: number, color: string, lit: string, rnd: () => number): string[] {
  const out: string[] = [];
  const steps: [number, number][] = [
    [0.22, 0.35],
    [0.17, 0.7],
    [0.12, 0.8],
    [0.07, 0.86],
    [0.035, 0.92],
  ];
  let y = baseY;
  for (const [hw, top] of steps) {
    const ty = baseY - h * top;
    out.push(
      rect(cx - h * hw, ty, h * hw * 2, y - ty, color),
      ...windows(
        cx - h * hw,
        ty + 6,
        h * hw * 2,
        y - ty - 10,
        Math.round(hw * 40),
        Math.round((y - ty) / 26),
        mix(color, '#000000', 0.25),
        { lit, litShare: 0.45, rnd },
      ),
    );
    y = ty;
  }
  out.push(rect(cx - 6, baseY - h, 12, h * 0.08, '#d9d2c0'), circle(cx, baseY - h, 6, '#ff5a4f'));
  return out;
}

export const newYorkScenes: Scene[] = [
  {
    place: 'Central Park',
    by: 'emma_nyc',
    file: 'central-park-bow-bridge.webp',
    shows: 'Bow Bridge in Central Park, a low white cast-iron arch over the lake, autumn trees on the shore and towers rising behind them',
    draw: (rnd) => {
      const remo = [rect(560, 200, 120, 420, '#b8a58a'), rect(760, 200, 120, 420, '#b8a58a'), rect(540, 360, 360, 260, '#b8a58a')];
      for (const x of [620, 820]) remo.push(circle(x, 200, 34, '#b8a58a'), rect(x - 4, 140, 8, 40, '#b8a58a'));
      const bridge = [path('M200,800 Q800,660 1400,800 L1400,830 Q800,700 200,830 Z', '#f1eee6')];
      for (let i = 0; i < 28; i++)
        bridge.push(
          line(
            220 + i * 42,
            790 - Math.sin((i / 27) * Math.PI) * 130,
            220 + i * 42,
            760 - Math.sin((i / 27) * Math.PI) * 130,
            '#f1eee6',
            4,
          ),
        );
      bridge.push(path('M200,760 Q800,620 1400,760', 'none', 'stroke="#f1eee6" stroke-width="6"'));
      return [
        sky('day', rnd, 700),
        layer(remo),
        towers(700, rnd, '#c3bcb0'),
        treeRow('autumn', 10, [-40, 760, 260], [1640, 760, 260], rnd),
        water(740, 1200, '#5b7f8c', rnd),
        layer(bridge),
        layer([path('M160,1200 Q400,1040 800,1020 L200,1200 Z', '#d46a34', 'opacity="0.15"')]),
      ];
    },
  },
  {
    place: 'The Metropolitan Museum of Art',
    by: 'marcus',
    file: 'met-temple-of-dendur.webp',
    shows:
      'the Temple of Dendur at the Met: a sandstone temple and gate by a reflecting pool, under a sloping glass wall onto Central Park',
    draw: (rnd) => {
      const glass: [number, number][] = [
        [0, 0],
        [W, 0],
        [W, 520],
        [0, 720],
      ];
      const grid = lattice('met-glass', glass, 90, '#6c7a84', 3);
      const temple = [
        poly(
          [
            [900, 760],
            [920, 440],
            [1320, 440],
            [1340, 760],
          ],
          '#d9b98a',
        ),
        rect(890, 420, 460, 36, '#c9a878'),
        rect(1040, 560, 160, 200, '#8f6e48'),
        rect(1000, 470, 240, 60, '#c9a878'),
      ];
      const gate = [rect(380, 500, 220, 260, '#d9b98a'), rect(365, 480, 250, 30, '#c9a878'), rect(440, 560, 100, 200, '#7d5f3e')];
      return [
        layer([rect(0, 0, W, 760, '#2c3a4a')]),
        treeRow('round', 10, [0, 560, 260], [1600, 460, 240], rnd),
        layer([rect(0, 0, W, 760, '#f1a05a', 'opacity="0.25"')]),
        grid,
        layer([...gate, ...temple]),
        layer([rect(0, 760, W, 440, '#cbbfa9')]),
        water(800, 920, '#4f6b78', rnd, 200, 1200),
        crowd(6, 200, 1400, 1150, 140, rnd, 60),
      ];
    },
  },
  {
    place: 'Museum of Modern Art',
    by: 'felix',
    file: 'moma-gallery-night-sky-painting.webp',
    shows: 'a white gallery at MoMA, a painting of a swirling blue night sky with yellow stars and a cypress, visitors holding up phones',
    draw: (rnd) => {
      const body = [rect(0, 0, W, 880, '#f4f3ef'), rect(0, 880, W, 320, '#b8ad9e')];
      for (let i = 0; i < 12; i++) body.push(line(0, 900 + i * 26, W, 900 + i * 26, '#a89e8f', 2));
      const px = 520;
      const py = 250;
      body.push(rect(px - 14, py - 14, 588, 468, '#3a3024'), rect(px, py, 560, 440, '#23407a'));
      for (let i = 0; i < 10; i++)
        body.push(
          path(
            `M${px + rnd() * 560},${py + 40 + rnd() * 220} q60,-40 120,0 t120,0`,
            'none',
            `stroke="${pick(rnd, ['#6f94c9', '#9fb8e0', '#3b5fa0'])}" stroke-width="10" opacity="0.8"`,
          ),
        );
      for (let i = 0; i < 9; i++) {
        const x = px + 40 + rnd() * 480;
        const y = py + 30 + rnd() * 200;
        body.push(circle(x, y, 26, '#f2d56b', 'opacity="0.5"'), circle(x, y, 12, '#f7e38f'));
      }
      body.push(
        circle(px + 480, py + 70, 34, '#f5c842'),
        rect(px, py + 330, 560, 110, '#2b3550'),
        path(
          `M${px + 90},${py + 440} Q${px + 40},${py + 200} ${px + 110},${py + 30} Q${px + 150},${py + 220} ${px + 150},${py + 440} Z`,
          '#1d2a1d',
        ),
      );
      body.push(rect(100, 300, 180, 240, '#d94b3d'), rect(1320, 320, 200, 200, '#2f5d8a'), rect(1320, 520, 200, 60, '#f2c14e'));
      const phones: string[] = [];
      for (let i = 0; i < 5; i++) {
        const x = 420 + i * 180;
        phones.push(
          ...person(x, 1160, 420, pick(rnd, ['#333642', '#c2483f', '#3d8fb0', '#e0a43a'])),
          rect(x + 40, 720, 40, 70, '#1b1b1b'),
          line(x + 20, 840, x + 55, 780, '#333642', 18),
        );
      }
      return [layer(body), layer(phones)];
    },
  },
  {
    place: 'The High Line',
    by: 'felix',
    file: 'high-line-autumn-grasses.webp',
    shows: 'the High Line in autumn: concrete planks between copper grasses and old rails, raised above the street between brick and glass',
    draw: (rnd) => {
      const left = [
        poly(
          [
            [0, 0],
            [520, 260],
            [520, 760],
            [0, 900],
          ],
          '#9a5b3f',
        ),
        ...windows(0, 120, 480, 700, 6, 8, '#3b2a24'),
      ];
      const right = [
        poly(
          [
            [1600, 0],
            [1080, 240],
            [1080, 760],
            [1600, 900],
          ],
          '#9fb6c4',
        ),
        ...windows(1120, 100, 460, 700, 5, 9, '#6f8797'),
      ];
      const deck = [
        poly(
          [
            [0, 1200],
            [700, 720],
            [900, 720],
            [1600, 1200],
          ],
          '#c9c2b6',
        ),
      ];
      for (let i = 0; i < 18; i++) {
        const y = 730 + i * i * 1.5;
        const t = (y - 720) / 480;
        deck.push(line(700 - t * 700, y, 900 + t * 700, y, '#b0a898', 2));
      }
      deck.push(line(760, 720, 300, 1200, '#6d5a48', 8), line(840, 720, 560, 1200, '#6d5a48', 8));
      const grass: string[] = [];
      for (let i = 0; i < 260; i++) {
        const side = rnd() < 0.5 ? -1 : 1;
        const y = 730 + rnd() * 470;
        const t = (y - 720) / 480;
        const x = side < 0 ? 700 - t * 700 - rnd() * 40 : 900 + t * 700 + rnd() * 40;
        grass.push(line(x, y, x + (rnd() - 0.5) * 30, y - 40 - t * 90, pick(rnd, ['#c58a3a', '#a8652e', '#d9b35a', '#8a3a2a']), 3 + t * 4));
      }
      return [sky('golden', rnd, 760), layer(left), layer(right), layer(deck), layer(grass), crowd(7, 620, 980, 900, 150, rnd, 120)];
    },
  },
  {
    place: 'Brooklyn Bridge',
    by: 'emma_nyc',
    file: 'brooklyn-bridge-promenade-sunrise.webp',
    shows:
      'the Brooklyn Bridge’s wooden promenade at sunrise, leading to a granite tower with two pointed arches, steel cables either side',
    draw: (rnd) => {
      const stone = '#a89a86';
      const tower = [
        rect(560, 140, 480, 620, stone),
        path('M610,760 V360 A50,80 0 0 1 760,360 V760 Z', '#f2b48a'),
        path('M840,760 V360 A50,80 0 0 1 990,360 V760 Z', '#f2b48a'),
        rect(540, 140, 520, 40, mix(stone, '#000000', 0.1)),
      ];
      const cables: string[] = [];
      for (let i = 0; i < 16; i++)
        cables.push(line(600 + (i % 2) * 380, 180, i < 8 ? -200 + i * 90 : 1000 + (i - 8) * 110, 1200, '#4a4a52', 3));
      cables.push(
        path('M600,180 Q200,700 -100,760', 'none', 'stroke="#3a3a42" stroke-width="12"'),
        path('M1000,180 Q1400,700 1700,760', 'none', 'stroke="#3a3a42" stroke-width="12"'),
      );
      const deck = [
        poly(
          [
            [200, 1200],
            [700, 760],
            [900, 760],
            [1400, 1200],
          ],
          '#9c7a56',
        ),
      ];
      for (let i = 0; i < 24; i++) {
        const y = 770 + i * i * 0.8;
        const t = (y - 760) / 440;
        deck.push(line(700 - t * 500, y, 900 + t * 500, y, '#7d5f42', 3));
      }
      return [
        sky('dawn', rnd, 800),
        towers(800, rnd, '#7c6f86'),
        layer(tower),
        layer(cables),
        layer(deck),
        crowd(5, 660, 940, 980, 160, rnd, 120),
      ];
    },
  },
  {
    place: 'Statue of Liberty',
    by: 'emma_nyc',
    file: 'statue-of-liberty-from-the-ferry.webp',
    shows:
      'the green Statue of Liberty on its pedestal on Liberty Island, torch raised, seen from the deck of a ferry crossing the harbour',
    draw: (rnd) => {
      const green = '#6fa88f';
      const statue = [
        rect(720, 560, 160, 200, '#b9ab8f'),
        rect(700, 540, 200, 30, '#a89a7e'),
        poly(
          [
            [750, 540],
            [770, 330],
            [800, 300],
            [830, 330],
            [850, 540],
          ],
          green,
        ),
      ];
      statue.push(
        circle(800, 290, 26, green),
        line(820, 300, 860, 170, green, 22),
        path('M850,175 l10,-40 l10,40 Z', '#f2c14e'),
        rect(840, 175, 40, 20, green),
      );
      for (let i = 0; i < 7; i++)
        statue.push(
          line(800, 280, 800 + Math.cos(Math.PI + (i / 6) * Math.PI) * 44, 280 + Math.sin(Math.PI + (i / 6) * Math.PI) * 44, green, 5),
        );
      statue.push(rect(760, 380, 40, 16, mix(green, '#000000', 0.15)));
      const island = [path('M440,780 Q800,700 1160,780 Z', '#6d8f55'), rect(600, 740, 400, 40, '#a89a7e')];
      const ferry = [rect(0, 1040, W, 160, '#f3f1ea'), rect(0, 1020, W, 24, '#2f5d8a'), line(0, 980, W, 980, '#c9c4b8', 6)];
      for (let i = 0; i < 14; i++) ferry.push(line(i * 120, 980, i * 120, 1030, '#c9c4b8', 5));
      return [
        sky('day', rnd, 780),
        skyline(780, '#9eb0bf', rnd, 60, 1200, 1600),
        layer(statue),
        water(780, 1040, '#5c86a3', rnd),
        layer(island),
        layer(ferry),
        crowd(4, 200, 1400, 1120, 200, rnd, 10),
      ];
    },
  },
  {
    place: 'Chelsea Market',
    by: 'dev_s',
    file: 'chelsea-market-brick-hall.webp',
    shows: 'the long brick hall of Chelsea Market: exposed pipes and warm lamps overhead, food counters along both sides, lunchtime crowds',
    draw: (rnd) => {
      const body = [
        rect(0, 0, W, H, '#6b4232'),
        poly(
          [
            [0, 0],
            [600, 380],
            [1000, 380],
            [1600, 0],
          ],
          '#3a2a24',
        ),
      ];
      body.push(
        poly(
          [
            [0, 0],
            [600, 380],
            [600, 760],
            [0, 1200],
          ],
          '#8a4f36',
        ),
        poly(
          [
            [1600, 0],
            [1000, 380],
            [1000, 760],
            [1600, 1200],
          ],
          '#8a4f36',
        ),
      );
      for (let i = 0; i < 10; i++)
        body.push(
          line(i * 60, i * 38, i * 60, 1200 - i * 44, '#6d3d2a', 3),
          line(1600 - i * 60, i * 38, 1600 - i * 60, 1200 - i * 44, '#6d3d2a', 3),
        );
      for (let i = 0; i < 4; i++)
        body.push(
          line(0, 60 + i * 40, 800, 420 + i * 10, pick(rnd, ['#9aa3a8', '#7d868b']), 12 - i * 2),
          line(1600, 60 + i * 40, 800, 420 + i * 10, pick(rnd, ['#9aa3a8', '#7d868b']), 12 - i * 2),
        );
      body.push(
        poly(
          [
            [0, 1200],
            [600, 760],
            [1000, 760],
            [1600, 1200],
          ],
          '#9a8e7e',
        ),
      );
      for (let i = 0; i < 7; i++) {
        const t = i / 7;
        const x = 800 + (i % 2 ? 1 : -1) * (60 + t * 420);
        const y = 420 + t * 300;
        body.push(line(x, y - 80, x, y, '#2b2b2b', 2), circle(x, y, 12 + t * 14, '#ffd88a'));
      }
      for (let i = 0; i < 3; i++)
        body.push(rect(80 + i * 150, 560 + i * 40, 120, 120, '#f2e2b8'), rect(1400 - i * 150, 560 + i * 40, 120, 120, '#f2e2b8'));
      return [layer(body), crowd(24, 300, 1300, 1140, 200, rnd, 300)];
    },
  },
  {
    place: 'Grand Central Terminal',
    by: 'marcus',
    file: 'grand-central-main-concourse.webp',
    shows: 'Grand Central’s Main Concourse: a green-blue ceiling of golden constellations, light from tall arched windows, the round clock',
    draw: (rnd) => {
      const body = [rect(0, 0, W, 300, '#5f8f8a'), rect(0, 300, W, 900, '#d8c7a2')];
      for (let i = 0; i < 60; i++) body.push(circle(rnd() * W, rnd() * 280, 3 + rnd() * 4, '#e8c76a'));
      body.push(path('M100,200 Q400,60 700,180 Q1000,280 1400,120', 'none', 'stroke="#e8c76a" stroke-width="3" opacity="0.7"'));
      for (const x of [200, 620, 1040]) {
        body.push(path(`M${x},760 V380 A180,120 0 0 1 ${x + 360},380 V760 Z`, '#b6cad2'));
        for (let r = 0; r < 8; r++) body.push(line(x, 400 + r * 45, x + 360, 400 + r * 45, '#8fa5ae', 3));
        for (let c = 1; c < 6; c++) body.push(line(x + c * 60, 330, x + c * 60, 760, '#8fa5ae', 3));
        body.push(
          poly(
            [
              [x + 40, 440],
              [x + 320, 440],
              [x + 520, 1200],
              [x - 160, 1200],
            ],
            '#fff6d8',
            'opacity="0.18"',
          ),
        );
      }
      body.push(
        rect(0, 900, W, 300, '#c9b48e'),
        rect(720, 860, 160, 140, '#b8913e'),
        rect(760, 800, 80, 60, '#b8913e'),
        circle(800, 780, 40, '#f5ecd0'),
        circle(800, 780, 40, 'none', 'stroke="#b8913e" stroke-width="8"'),
      );
      return [layer(body), crowd(36, 0, 1600, 1180, 130, rnd, 240)];
    },
  },
  {
    place: 'Empire State Building',
    by: 'aiko',
    file: 'empire-state-at-night.webp',
    shows: 'the Empire State Building lit at night among Midtown’s towers, its stepped top and mast glowing above a grid of lit windows',
    draw: (rnd) => [
      sky('night', rnd, H),
      towers(1200, rnd, '#1c2440', '#f3d98a'),
      layer(empireState(800, 1200, 1080, '#2a3152', '#f7e3a0', rnd)),
      layer([rect(760, 100, 80, 100, '#f0b9d8', 'opacity="0.35"')]),
      towers(1260, rnd, '#141a30', '#e9c46a'),
    ],
  },
  {
    place: 'American Museum of Natural History',
    by: 'emma_nyc',
    file: 'amnh-blue-whale-hall.webp',
    shows: 'the Hall of Ocean Life at the Natural History Museum: a blue whale model over a blue-lit floor, children lying down to look up',
    draw: (rnd) => {
      const body = [rect(0, 0, W, H, '#13334f'), rect(0, 0, W, 160, '#0d253b'), rect(0, 800, W, 400, '#1d4668')];
      for (let i = 0; i < 6; i++) body.push(rect(40 + i * 260, 560, 200, 200, '#2d6a8c'), rect(50 + i * 260, 570, 180, 180, '#3f86a8'));
      body.push(
        path('M150,360 Q600,220 1250,300 Q1380,320 1460,260 L1500,330 Q1420,360 1320,390 Q900,470 300,430 Q160,420 150,360 Z', '#5b7b93'),
      );
      body.push(path('M300,420 Q800,470 1250,380 L1240,400 Q800,490 300,440 Z', '#c9d7de'));
      for (let i = 0; i < 16; i++) body.push(line(330 + i * 40, 420 + i * 0.5, 340 + i * 40, 445, '#8aa4b4', 3));
      body.push(circle(260, 360, 8, '#0d253b'), path('M700,420 L640,540 L760,440 Z', '#4c6b82'));
      const kids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const x = 200 + i * 220 + rnd() * 60;
        const y = 980 + rnd() * 120;
        kids.push(
          rect(x - 60, y - 14, 120, 28, pick(rnd, ['#e07a5f', '#f2c14e', '#3d8fb0', '#4a7c59']), 'rx="14"'),
          circle(x - 72, y, 16, pick(rnd, ['#e2b48f', '#8d5a3b', '#c68e63'])),
        );
      }
      return [layer(body), layer(kids), crowd(8, 100, 1500, 880, 140, rnd, 30)];
    },
  },
  {
    place: "Katz's Delicatessen",
    by: 'dev_s',
    file: 'katz-deli-counter.webp',
    shows: 'the counter at Katz’s: a cutter slicing pastrami, a tall sandwich on rye with pickles, wood-panelled walls and neon signs',
    draw: (rnd) => {
      const body = [rect(0, 0, W, 760, '#6e4a30'), rect(0, 0, W, 60, '#3d2a1c')];
      for (let i = 0; i < 10; i++) body.push(rect(i * 170, 60, 8, 700, '#5a3b25'));
      body.push(
        rect(120, 140, 420, 90, 'none', 'stroke="#ff4d4d" stroke-width="14" rx="30"'),
        rect(1040, 160, 380, 80, 'none', 'stroke="#5bd6ff" stroke-width="12" rx="30"'),
      );
      for (let i = 0; i < 12; i++)
        body.push(rect(640 + (i % 4) * 90, 150 + Math.floor(i / 4) * 90, 70, 70, pick(rnd, ['#f1e3c2', '#d9c9a3', '#e8d4b0'])));
      body.push(rect(0, 740, W, 460, '#d9d4c8'), rect(0, 720, W, 40, '#b9b2a3'));
      body.push(...person(380, 740, 420, '#f4f1ea'), ellipse(380, 420, 70, 16, '#f4f1ea'));
      body.push(rect(260, 700, 300, 60, '#8a3a2a'), ellipse(410, 700, 150, 26, '#a2452f'));
      body.push(
        rect(900, 920, 260, 40, '#c9a26a'),
        rect(900, 880, 260, 40, '#8e2f25'),
        rect(900, 840, 260, 40, '#a7402f'),
        rect(900, 800, 260, 40, '#8e2f25'),
        rect(900, 760, 260, 40, '#c9a26a'),
        ellipse(1030, 980, 200, 30, '#ffffff'),
      );
      body.push(ellipse(1280, 960, 70, 22, '#6b8f3a'), ellipse(1330, 940, 60, 20, '#7da24a'));
      return [layer(body)];
    },
  },
  {
    place: 'Prospect Park',
    by: 'emma_nyc',
    file: 'prospect-park-long-meadow.webp',
    shows:
      'the Long Meadow in Prospect Park: a wide rolling lawn edged by trees, no buildings in sight, a child flying a kite, a dog running',
    draw: (rnd) => {
      const kite = [
        poly(
          [
            [1100, 200],
            [1160, 270],
            [1100, 360],
            [1040, 270],
          ],
          '#e35d5b',
        ),
        line(1100, 360, 700, 940, '#333333', 2),
      ];
      const dog = [
        ellipse(1000, 1040, 44, 18, '#d9a45a'),
        circle(1040, 1026, 15, '#d9a45a'),
        line(975, 1050, 960, 1072, '#d9a45a', 6),
        line(1020, 1052, 1035, 1074, '#d9a45a', 6),
      ];
      return [
        sky('day', rnd, 760),
        treeRow('round', 14, [-40, 780, 280], [1640, 760, 260], rnd),
        layer([
          path('M0,760 Q800,720 1600,770 L1600,1200 L0,1200 Z', '#86b05a'),
          path('M0,900 Q600,840 1600,940 L1600,1200 L0,1200 Z', '#79a24f'),
        ]),
        layer([...kite, ...dog, ...person(700, 960, 110, '#f2c14e')]),
        crowd(10, 100, 1500, 860, 60, rnd, 40),
      ];
    },
  },
  {
    place: 'Carnegie Hall',
    by: 'felix',
    file: 'carnegie-hall-auditorium.webp',
    shows:
      'the auditorium of Carnegie Hall: tiers of white and gold balconies curving round red seats, the stage with the orchestra’s chairs',
    draw: () => {
      const body = [
        rect(0, 0, W, H, '#efe6d4'),
        path('M300,700 V300 A500,260 0 0 1 1300,300 V700 Z', '#f6f0e2'),
        path('M380,700 V330 A420,220 0 0 1 1220,330 V700 Z', '#e8d9b8'),
      ];
      body.push(rect(380, 600, 840, 160, '#9a6a3e'), rect(380, 590, 840, 16, '#7a5230'));
      for (let i = 0; i < 14; i++)
        body.push(...[line(440 + i * 55, 640, 440 + i * 55, 680, '#3b2a1c', 4), circle(440 + i * 55, 636, 8, '#3b2a1c')]);
      for (let t = 0; t < 3; t++) {
        const y = 320 + t * 150;
        body.push(
          path(`M0,${y + 60} Q300,${y + 120} 340,${y + 260}`, 'none', `stroke="#f8f3e8" stroke-width="40"`),
          path(`M1600,${y + 60} Q1300,${y + 120} 1260,${y + 260}`, 'none', `stroke="#f8f3e8" stroke-width="40"`),
        );
        body.push(
          path(`M0,${y + 80} Q300,${y + 140} 340,${y + 280}`, 'none', `stroke="#c9a441" stroke-width="6"`),
          path(`M1600,${y + 80} Q1300,${y + 140} 1260,${y + 280}`, 'none', `stroke="#c9a441" stroke-width="6"`),
        );
      }
      body.push(rect(0, 800, W, 400, '#a5262c'));
      for (let r = 0; r < 8; r++)
        for (let c = 0; c < 30; c++)
          body.push(rect(c * 54 + (r % 2) * 27, 820 + r * 48, 44, 30, mix('#b83a3f', '#6e1c21', r / 10), 'rx="8"'));
      body.push(rect(0, 1120, W, 80, '#c9a441'), rect(0, 1120, W, 10, '#8a6d2a'));
      return [layer(body)];
    },
  },
  {
    place: 'Solomon R. Guggenheim Museum',
    by: 'felix',
    file: 'guggenheim-spiral-facade.webp',
    shows: 'the Guggenheim on Fifth Avenue: Frank Lloyd Wright’s white spiral of bands widening as it rises, a yellow taxi in front',
    draw: (rnd) => {
      const body: string[] = [rect(1200, 360, 400, 540, '#ddd6c8'), ...windows(1200, 380, 400, 500, 5, 8, '#8c8a84')];
      for (let i = 0; i < 4; i++) {
        const y = 760 - i * 120;
        const w = 520 + i * 70;
        body.push(
          rect(500 - i * 35, y - 100, w, 100, '#f6f3ec'),
          rect(500 - i * 35, y - 14, w, 14, '#cfc8ba'),
          rect(500 - i * 35 + 20, y - 60, w - 40, 10, '#9aa3a6', 'opacity="0.5"'),
        );
      }
      body.push(rect(260, 660, 260, 240, '#f1ede4'), rect(500, 760, 520, 140, '#c9c3b5'));
      const taxi = [
        rect(400, 1000, 320, 80, '#f2c230', 'rx="16"'),
        rect(470, 950, 180, 60, '#f2c230', 'rx="12"'),
        rect(490, 960, 60, 40, '#cfe3ee'),
        rect(570, 960, 60, 40, '#cfe3ee'),
        circle(470, 1085, 30, '#1d1d1d'),
        circle(650, 1085, 30, '#1d1d1d'),
      ];
      return [
        sky('day', rnd, 900),
        layer(body),
        ground(900, '#a6a199'),
        layer([rect(0, 960, W, 240, '#5e5e62'), ...taxi]),
        treeRow('round', 3, [1100, 960, 320], [1560, 960, 320], rnd),
      ];
    },
  },
  {
    place: 'Bryant Park',
    by: 'marcus',
    file: 'bryant-park-lawn-and-library.webp',
    shows: 'Bryant Park at lunchtime: green chairs and tables under plane trees, the lawn, the back of the Public Library, towers behind',
    draw: (rnd) => {
      const library = [
        rect(300, 560, 1000, 220, '#e8e0cc'),
        ...windows(300, 580, 1000, 180, 14, 1, '#7d7a70', { arched: true }),
        rect(280, 540, 1040, 30, '#d6cdb6'),
      ];
      const tables: string[] = [];
      for (let i = 0; i < 6; i++) tables.push(...bistro(160 + i * 260, 1120 - (i % 2) * 30, 1, '#2f5e4a', '#2f5e4a'));
      return [
        sky('day', rnd, 780),
        towers(780, rnd, '#9fb0bf'),
        layer(library),
        ground(780, '#7eaa56'),
        layer([rect(0, 980, W, 220, '#cdbf9f')]),
        treeRow('plane', 5, [40, 1000, 320], [1560, 1000, 320], rnd),
        layer(tables),
        crowd(12, 80, 1520, 920, 90, rnd, 60),
      ];
    },
  },
  {
    place: "McSorley's Old Ale House",
    by: 'tom_b',
    file: 'mcsorleys-bar-and-mugs.webp',
    shows:
      'inside McSorley’s: a dark wooden bar with pairs of small mugs of ale, walls crowded with old framed pictures, sawdust on the floor',
    draw: (rnd) => {
      const body = [rect(0, 0, W, 760, '#4a3222'), rect(0, 0, W, 40, '#2b1c12')];
      for (let i = 0; i < 40; i++) {
        const w = 60 + rnd() * 120;
        const h = 60 + rnd() * 100;
        const x = rnd() * (W - w);
        const y = 60 + rnd() * 420;
        body.push(rect(x, y, w, h, '#1f140c'), rect(x + 8, y + 8, w - 16, h - 16, pick(rnd, ['#d8c9a6', '#b9a582', '#8a7a5e', '#e3d8bf'])));
      }
      body.push(rect(0, 640, W, 140, '#5b3a22'), rect(0, 620, W, 30, '#7a4f2e'), rect(0, 780, W, 420, '#c9b68f'));
      for (let i = 0; i < 120; i++) body.push(circle(rnd() * W, 800 + rnd() * 400, 2 + rnd() * 3, '#b39d72'));
      for (let i = 0; i < 5; i++) {
        const x = 180 + i * 280;
        for (const [dx, beer] of [
          [0, '#e0a43a'],
          [80, '#4a2a18'],
        ] as const) {
          body.push(
            rect(x + dx, 520, 64, 100, beer, 'opacity="0.95"'),
            rect(x + dx, 510, 64, 22, '#f7f1e0'),
            path(`M${x + dx + 64},540 q36,10 0,60`, 'none', 'stroke="#d8d2c4" stroke-width="10"'),
          );
        }
      }
      return [layer(body)];
    },
  },
];
