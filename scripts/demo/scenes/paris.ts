/** The Paris pictures (a drawing per place, hence the file's length). */
import { awning, bistro, columns, dome, lattice, stall, windows } from './buildings.ts';
import { circle, ellipse, group, H, layer, line, mix, path, poly, rect, W, type Layer } from './kit.ts';
import { crowd, flowers, ground, person, sky, skyline, tree, treeRow, water } from './nature.ts';
import type { Scene } from './scene.ts';

/** Eiffel's tower: curved legs, two platforms, a lattice of iron, on `baseY`, `h` tall. */
function eiffel(cx: number, baseY: number, h: number, color: string, iron_: string): Layer {
  const p1 = baseY - h * 0.24;
  const p2 = baseY - h * 0.45;
  const top = baseY - h * 0.93;
  const d = `M${cx - h * 0.2},${baseY} Q${cx - h * 0.15},${baseY - h * 0.1} ${cx - h * 0.125},${p1} L${cx - h * 0.07},${p2} Q${cx - h * 0.03},${baseY - h * 0.7} ${cx - h * 0.012},${top} L${cx + h * 0.012},${top} Q${cx + h * 0.03},${baseY - h * 0.7} ${cx + h * 0.07},${p2} L${cx + h * 0.125},${p1} Q${cx + h * 0.15},${baseY - h * 0.1} ${cx + h * 0.2},${baseY} L${cx + h * 0.11},${baseY} Q${cx},${baseY - h * 0.2} ${cx - h * 0.11},${baseY} Z`;
  const outline: [number, number][] = [
    [cx - h * 0.2, baseY],
    [cx - h * 0.125, p1],
    [cx - h * 0.07, p2],
    [cx - h * 0.012, top],
    [cx + h * 0.012, top],
    [cx + h * 0.07, p2],
    [cx + h * 0.125, p1],
    [cx + h * 0.2, baseY],
  ];
  const iron = lattice(`eiffel-${Math.round(cx)}`, outline, h * 0.02, iron_, 2);
  return layer(
    [
      path(d, color),
      ...iron.body,
      rect(cx - h * 0.14, p1 - h * 0.025, h * 0.28, h * 0.03, color),
      rect(cx - h * 0.08, p2 - h * 0.02, h * 0.16, h * 0.025, color),
      rect(cx - h * 0.018, top - h * 0.03, h * 0.036, h * 0.035, color),
      line(cx, top - h * 0.03, cx, baseY - h, color, 4),
    ],
    iron.defs,
  );
}

export const parisScenes: Scene[] = [
  {
    place: 'Eiffel Tower',
    by: 'haru',
    file: 'eiffel-tower-at-dawn.webp',
    shows: 'the Eiffel Tower’s iron lattice against a pink dawn sky, above the trees of the Champ de Mars',
    draw: (rnd) => [
      sky('dawn', rnd, 980),
      skyline(980, '#8a6f86', rnd, 90),
      eiffel(800, 1010, 900, '#4b3a33', '#7a6258'),
      ground(980, '#6f8f52'),
      treeRow('round', 7, [60, 1060, 190], [1540, 1060, 190], rnd),
      layer([rect(0, 1090, W, 110, '#c9b48f'), rect(0, 1086, W, 6, '#a8926f')]),
      crowd(6, 300, 1300, 1180, 90, rnd),
    ],
  },
  {
    place: 'Louvre Museum',
    by: 'ada',
    file: 'louvre-pyramid-and-courtyard.webp',
    shows: 'I. M. Pei’s glass pyramid in the Louvre’s courtyard on a clear morning, the palace’s stone wings behind and visitors crossing',
    draw: (rnd) => {
      const wing = (x: number, w: number, y: number) => [
        rect(x, y, w, 330, '#dccfb4'),
        ...windows(x, y + 30, w, 280, Math.round(w / 70), 3, '#6d6a62', { arched: true }),
        poly(
          [
            [x - 10, y],
            [x + 20, y - 70],
            [x + w - 20, y - 70],
            [x + w + 10, y],
          ],
          '#6e7f8c',
        ),
      ];
      const pyramid: [number, number][] = [
        [500, 960],
        [800, 560],
        [1100, 960],
      ];
      const glass = lattice('louvre-glass', pyramid, 38, '#dfeef6', 2);
      return [
        sky('day', rnd, 900),
        layer([
          ...wing(0, 560, 560),
          ...wing(1040, 560, 560),
          rect(560, 520, 480, 370, '#d5c7aa'),
          ...windows(560, 560, 480, 300, 6, 3, '#6d6a62', { arched: true }),
        ]),
        layer([
          poly(
            [
              [520, 560],
              [800, 430],
              [1080, 560],
            ],
            '#6e7f8c',
          ),
        ]),
        ground(890, '#c8bda6'),
        layer([rect(0, 940, 460, 50, '#7da3bd'), rect(1140, 940, 460, 50, '#7da3bd')]),
        layer([poly(pyramid, '#8fb7cc', 'opacity="0.85"')]),
        glass,
        crowd(18, 40, 1560, 1160, 110, rnd, 90),
      ];
    },
  },
  {
    place: "Musée d'Orsay",
    by: 'ada',
    file: 'orsay-clock-window.webp',
    shows:
      'the great clock window inside the Musée d’Orsay, its hands dark against a view across the Seine to Sacré-Cœur, a visitor before it',
    draw: (rnd) => {
      const body = [rect(0, 0, W, H, '#3a2f28')];
      const cx = 800;
      const cy = 560;
      body.push(circle(cx, cy, 470, '#241c17'), circle(cx, cy, 440, '#b9d3e2'));
      const view = [
        rect(cx - 440, cy + 60, 880, 400, '#8aa7b8'),
        path(`M${cx - 440},${cy + 70} Q${cx - 100},${cy - 40} ${cx + 300},${cy + 40} L${cx + 440},${cy + 70} Z`, '#9db59a'),
        ...dome(cx + 40, cy - 20, 60, '#f3efe6', { lantern: true }),
        ...dome(cx - 40, cy + 5, 26, '#f3efe6'),
        ...dome(cx + 120, cy + 5, 26, '#f3efe6'),
        rect(cx - 440, cy + 120, 880, 400, '#c9c2b0'),
      ];
      for (let i = 0; i < 14; i++) view.push(rect(cx - 440 + i * 66, cy + 95 - rnd() * 40, 60, 200, mix('#d8d0bd', '#a89f8c', rnd())));
      body.push(group(view, 'clip-path="url(#orsay-face)"'));
      for (let i = 0; i < 12; i++) {
        const a = (i / 12) * Math.PI * 2;
        body.push(line(cx + Math.cos(a) * 400, cy + Math.sin(a) * 400, cx + Math.cos(a) * 440, cy + Math.sin(a) * 440, '#241c17', 16));
      }
      for (let i = 0; i < 6; i++) {
        const a = (i / 6) * Math.PI;
        body.push(line(cx - Math.cos(a) * 440, cy - Math.sin(a) * 440, cx + Math.cos(a) * 440, cy + Math.sin(a) * 440, '#241c17', 5));
      }
      body.push(
        circle(cx, cy, 150, 'none', 'stroke="#241c17" stroke-width="6"'),
        line(cx, cy, cx + 250, cy - 150, '#241c17', 14),
        line(cx, cy, cx - 60, cy + 300, '#241c17', 18),
      );
      body.push(rect(0, 1040, W, 160, '#6b5a4a'), ...person(560, 1060, 300, '#1e1a17', '#1e1a17'));
      return [layer(body, [`<clipPath id="orsay-face"><circle cx="${cx}" cy="${cy}" r="440"/></clipPath>`])];
    },
  },
  {
    place: 'Notre-Dame de Paris',
    by: 'sam',
    file: 'notre-dame-west-front.webp',
    shows:
      'the west front of Notre-Dame, its two towers and rose window in freshly cleaned stone, the new spire behind, people on the square',
    draw: (rnd) => {
      const stone = '#eadfc6';
      const shade = mix(stone, '#000000', 0.18);
      const body = [
        poly(
          [
            [800, 120],
            [780, 420],
            [820, 420],
          ],
          '#5b6570',
        ),
        rect(430, 130, 240, 800, stone),
        rect(930, 130, 240, 800, stone),
        rect(420, 120, 260, 18, shade),
        rect(920, 120, 260, 18, shade),
        rect(670, 380, 260, 550, stone),
        rect(430, 560, 740, 40, shade),
        rect(430, 380, 740, 24, shade),
      ];
      for (const x of [450, 950]) body.push(...windows(x, 150, 200, 220, 2, 1, shade, { arched: true }));
      body.push(circle(800, 480, 90, '#5a4a6b'), circle(800, 480, 74, '#8d5f8a'), circle(800, 480, 30, '#c9a441'));
      for (let i = 0; i < 12; i++) {
        const a = (i / 12) * Math.PI * 2;
        body.push(line(800, 480, 800 + Math.cos(a) * 90, 480 + Math.sin(a) * 90, '#3d3347', 4));
      }
      for (let i = 0; i < 16; i++) body.push(rect(440 + i * 46, 612, 18, 60, shade));
      for (const x of [470, 740, 1010]) body.push(path(`M${x},930 V800 A60,80 0 0 1 ${x + 120},800 V930 Z`, '#4a4037'));
      return [sky('day', rnd, 930), layer(body), ground(930, '#cbbfa5'), crowd(22, 60, 1540, 1170, 120, rnd, 140)];
    },
  },
  {
    place: 'Sacré-Cœur Basilica',
    by: 'sam',
    file: 'sacre-coeur-golden-hour.webp',
    shows:
      'the white domes of Sacré-Cœur at the top of Montmartre in golden evening light, with people sitting on the long flights of steps below',
    draw: (rnd) => {
      const white = '#f6f1e6';
      const body = [path('M0,760 Q800,560 1600,760 L1600,1200 L0,1200 Z', '#6f9a55')];
      body.push(
        rect(560, 470, 480, 300, white),
        ...dome(800, 470, 130, white, { drum: 90, lantern: true }),
        ...dome(620, 520, 55, white, { lantern: true }),
        ...dome(980, 520, 55, white, { lantern: true }),
      );
      body.push(rect(1060, 330, 70, 440, white), ...dome(1095, 330, 38, white, { lantern: true }));
      body.push(...windows(580, 560, 440, 160, 6, 1, '#b9ad96', { arched: true }));
      for (let i = 0; i < 9; i++)
        body.push(
          rect(520 - i * 45, 780 + i * 42, 560 + i * 90, 12, '#d8cfbe'),
          rect(520 - i * 45, 792 + i * 42, 560 + i * 90, 30, '#c4baa6'),
        );
      return [sky('golden', rnd, 900), layer(body), crowd(26, 300, 1300, 1150, 80, rnd, 300)];
    },
  },
  {
    place: 'Jardin du Luxembourg',
    by: 'chloe',
    file: 'luxembourg-boats-on-the-pond.webp',
    shows:
      'toy sailing boats on the round pond of the Jardin du Luxembourg, green metal chairs at the water’s edge, the palace behind the trees',
    draw: (rnd) => {
      const palace = [
        rect(420, 480, 760, 260, '#e3d6b9'),
        ...windows(420, 500, 760, 220, 12, 2, '#6f6a5f', { arched: true }),
        ...dome(800, 480, 80, '#7c8894', { drum: 40 }),
        poly(
          [
            [400, 480],
            [440, 430],
            [1160, 430],
            [1200, 480],
          ],
          '#7c8894',
        ),
      ];
      const boats: string[] = [];
      for (let i = 0; i < 7; i++) {
        const x = 300 + rnd() * 1000;
        const y = 880 + rnd() * 120;
        const sail = ['#d94b3d', '#f2d04a', '#3d7fc2', '#f5f1e6', '#4aa36b'][i % 5] ?? '#ffffff';
        boats.push(
          path(`M${x - 30},${y} L${x + 30},${y} L${x + 20},${y + 14} L${x - 20},${y + 14} Z`, '#6b4a32'),
          poly(
            [
              [x, y - 90],
              [x, y - 4],
              [x + 44, y - 8],
            ],
            sail,
          ),
          line(x, y - 92, x, y, '#3d2c20', 3),
        );
      }
      const chairs: string[] = [];
      for (let i = 0; i < 9; i++) {
        const x = 120 + i * 170 + rnd() * 40;
        chairs.push(
          rect(x, 1080, 60, 10, '#2e6b4f'),
          line(x + 5, 1090, x, 1150, '#2e6b4f', 6),
          line(x + 55, 1090, x + 60, 1150, '#2e6b4f', 6),
          rect(x + 44, 1010, 10, 76, '#2e6b4f'),
        );
      }
      return [
        sky('day', rnd, 760),
        layer(palace),
        treeRow('round', 5, [120, 760, 300], [380, 760, 300], rnd),
        treeRow('round', 5, [1220, 760, 300], [1480, 760, 300], rnd),
        ground(740, '#c9b892'),
        water(820, 1040, '#5c8fae', rnd, 120, 1360),
        layer([ellipse(800, 830, 120, 30, '#8a8377'), rect(790, 720, 20, 110, '#8a8377'), ...boats, ...chairs]),
      ];
    },
  },
  {
    place: 'Centre Pompidou',
    by: 'sam',
    file: 'pompidou-pipes-and-fountain.webp',
    shows:
      'the Centre Pompidou’s blue, green and yellow pipes and red escalator tube, behind the Stravinsky Fountain’s lips and black machines',
    draw: (rnd) => {
      const body = [rect(220, 200, 1160, 640, '#d7dde2')];
      for (let i = 0; i <= 10; i++) body.push(rect(220 + i * 116, 200, 10, 640, '#8a959e'));
      for (let j = 0; j <= 5; j++) body.push(rect(220, 200 + j * 128, 1160, 8, '#8a959e'));
      const pipes = ['#2f6fb5', '#3a9a5b', '#e8c22e', '#2f6fb5', '#3a9a5b'];
      pipes.forEach((c, i) => body.push(rect(260 + i * 230, 180, 40, 680, c), circle(280 + i * 230, 180, 30, c)));
      body.push(line(260, 820, 1300, 250, '#c8372f', 46, 'stroke-linecap="round"'), line(260, 820, 1300, 250, '#e9a19c', 10));
      body.push(rect(0, 860, W, 340, '#8a8f94'), rect(200, 960, 1200, 160, '#5d8fae'));
      body.push(
        path('M620,1010 Q680,960 740,1010 Q680,1050 620,1010 Z', '#d82a3a'),
        path('M640,1008 Q680,990 720,1008 Q680,1020 640,1008 Z', '#8e1020'),
      );
      body.push(
        circle(980, 990, 40, '#1d1d1d'),
        line(940, 1040, 1020, 940, '#1d1d1d', 10),
        circle(1160, 1000, 26, '#1d1d1d'),
        line(1130, 1000, 1190, 960, '#1d1d1d', 8),
      );
      body.push(path('M380,1020 q40,-80 80,0 z', '#f0b33a'), circle(420, 960, 22, '#2f6fb5'));
      body.push(rect(220, 800, 1160, 40, '#f2e8c9'), ...awning(220, 780, 1160, 20, '#e7e1d0', '#cfc6ae', 24));
      return [sky('day', rnd, 860), layer(body), crowd(10, 60, 1540, 1190, 90, rnd, 40)];
    },
  },
  {
    place: 'Arc de Triomphe',
    by: 'ben_travels',
    file: 'arc-de-triomphe-at-dusk.webp',
    shows: 'the Arc de Triomphe at dusk, lit from below, with the streaks of car lights circling the Étoile around it',
    draw: (rnd) => {
      const stone = '#d8c7a4';
      const body = [
        rect(520, 300, 560, 620, stone),
        rect(500, 280, 600, 70, mix(stone, '#000000', 0.1)),
        rect(500, 350, 600, 24, mix(stone, '#000000', 0.2)),
      ];
      body.push(path('M680,920 V620 A120,150 0 0 1 920,620 V920 Z', '#2a2340'));
      body.push(rect(550, 640, 100, 180, mix(stone, '#000000', 0.12)), rect(950, 640, 100, 180, mix(stone, '#000000', 0.12)));
      for (let i = 0; i < 12; i++) body.push(rect(520 + i * 47, 390, 30, 40, mix(stone, '#000000', 0.15)));
      const trails: string[] = [];
      for (let i = 0; i < 14; i++) {
        const y = 960 + i * 16;
        trails.push(
          path(
            `M0,${y + 40} Q800,${y - 40} 1600,${y + 40}`,
            'none',
            `stroke="${i % 2 ? '#f7d58b' : '#e0483c'}" stroke-width="${3 + rnd() * 3}" opacity="0.85"`,
          ),
        );
      }
      return [sky('dusk', rnd, 940), skyline(940, '#2b2545', rnd, 120), layer(body), ground(920, '#3b3447'), layer(trails)];
    },
  },
  {
    place: 'Café de Flore',
    by: 'ada',
    file: 'cafe-de-flore-terrace.webp',
    shows:
      'the terrace of Café de Flore in the evening: small round tables, wicker chairs, a waiter in a long white apron, lamps lit inside',
    draw: (rnd) => {
      const body = [rect(0, 0, W, 1200, '#e9e0cc'), rect(0, 300, W, 500, '#3b2a22')];
      for (let i = 0; i < 6; i++)
        body.push(
          rect(40 + i * 260, 340, 220, 400, '#f3cf82'),
          rect(40 + i * 260, 340, 220, 12, '#2d1f19'),
          line(150 + i * 260, 340, 150 + i * 260, 740, '#2d1f19', 6),
        );
      for (let i = 0; i < 6; i++) body.push(circle(150 + i * 260, 420, 16, '#fff6d8'));
      body.push(...awning(-20, 240, W + 40, 90, '#ffffff', '#f1ece2', 20), rect(0, 200, W, 50, '#ffffff'), rect(0, 228, W, 8, '#2f5e3f'));
      for (let i = 0; i < 3; i++) body.push(rect(80 + i * 560, 740, 180, 70, '#5f7d4b'), ellipse(170 + i * 560, 730, 110, 50, '#4d6e3a'));
      body.push(rect(0, 800, W, 400, '#b9ad98'));
      for (let i = 0; i < 4; i++) body.push(...bistro(260 + i * 380, 1080 + (i % 2) * 40, 1.3, '#e8e2d4', '#9a6a3a'));
      body.push(
        ...person(1420, 1100, 330, '#1c1c1c'),
        rect(1378, 920, 84, 180, '#f8f6f0'),
        ...crowd(5, 200, 1200, 1140, 170, rnd, 20).body,
      );
      return [layer(body)];
    },
  },
  {
    place: 'Marché des Enfants Rouges',
    by: 'dev_s',
    file: 'enfants-rouges-market-stalls.webp',
    shows: 'stalls under the iron roof of the Marché des Enfants Rouges: striped awnings, crates of vegetables, people at shared tables',
    draw: (rnd) => {
      const body = [
        rect(0, 0, W, H, '#e9e2d0'),
        poly(
          [
            [0, 200],
            [800, 40],
            [1600, 200],
            [1600, 260],
            [0, 260],
          ],
          '#2f4f46',
        ),
      ];
      for (let i = 0; i < 9; i++) body.push(rect(i * 200, 230, 14, 700, '#2f4f46'), line(i * 200, 240, i * 200 + 100, 180, '#2f4f46', 6));
      body.push(rect(0, 930, W, 270, '#b7a98d'));
      const goods = ['#d6452f', '#f0a22b', '#5a9a3c', '#7b3f7a', '#e6d24a'];
      const stalls = [
        stall(60, 560, 380, ['#c0392b', '#f5f0e6'], rnd, goods),
        stall(560, 560, 380, ['#2e7d4f', '#f5f0e6'], rnd, goods),
        stall(1080, 560, 420, ['#1f5f99', '#f5f0e6'], rnd, goods),
      ];
      const tables = [rect(200, 1020, 500, 24, '#7a5a3c'), rect(900, 1040, 520, 24, '#7a5a3c')];
      for (let i = 0; i < 6; i++)
        body.push(circle(260 + i * 220, 330, 18, '#f7e6a8'), line(260 + i * 220, 260, 260 + i * 220, 312, '#333333', 3));
      return [layer(body), ...stalls, crowd(12, 120, 1480, 1100, 190, rnd, 40), layer(tables)];
    },
  },
  {
    place: 'Shakespeare and Company',
    by: 'chloe',
    file: 'shakespeare-and-company-shopfront.webp',
    shows:
      'the green wooden front of Shakespeare and Company, its yellow sign board, books stacked in the windows, a green Wallace fountain',
    draw: (rnd) => {
      const green = '#2d5a3d';
      const body = [
        rect(0, 0, W, 900, '#d8ccb5'),
        ...windows(0, 20, W, 260, 8, 1, '#6a6f70'),
        rect(180, 320, 1240, 620, green),
        rect(260, 340, 1080, 90, '#e4c34a'),
        rect(300, 360, 1000, 50, '#d6b23a'),
      ];
      for (const x of [230, 880]) {
        body.push(rect(x, 470, 500, 330, '#f1d9a0'));
        for (let r = 0; r < 5; r++)
          for (let c = 0; c < 10; c++)
            body.push(
              rect(
                x + 12 + c * 48,
                490 + r * 62,
                40,
                52,
                ['#a33b2f', '#2f5d8a', '#d9c27a', '#4a7c59', '#e7e1d0'][(r + c * 3) % 5] ?? '#ffffff',
              ),
            );
        body.push(rect(x, 470, 500, 12, green), rect(x + 244, 470, 12, 330, green));
      }
      body.push(rect(740, 470, 120, 470, '#1f3d2a'));
      body.push(rect(0, 940, W, 260, '#a59c8c'));
      body.push(rect(1430, 760, 70, 240, '#235139'), ...dome(1465, 760, 46, '#235139', { drum: 10 }), rect(1410, 990, 110, 30, '#235139'));
      body.push(...tree('round', 110, 990, 520, rnd));
      return [layer(body), crowd(4, 300, 1300, 1180, 220, rnd, 20)];
    },
  },
  {
    place: 'Jardin des Tuileries',
    by: 'emma_nyc',
    file: 'tuileries-pond-and-big-wheel.webp',
    shows: 'the octagonal pond of the Tuileries with green chairs around it, gravel paths, trees and the summer funfair’s big wheel behind',
    draw: (rnd) => {
      const wheel: string[] = [circle(1180, 380, 260, 'none', 'stroke="#e9e4dc" stroke-width="10"'), circle(1180, 380, 20, '#e9e4dc')];
      for (let i = 0; i < 16; i++) {
        const a = (i / 16) * Math.PI * 2;
        wheel.push(
          line(1180, 380, 1180 + Math.cos(a) * 260, 380 + Math.sin(a) * 260, '#e9e4dc', 4),
          rect(1180 + Math.cos(a) * 260 - 16, 380 + Math.sin(a) * 260, 32, 30, ['#e35d5b', '#f2c14e', '#5bb1d6'][i % 3] ?? '#ffffff'),
        );
      }
      wheel.push(line(1180, 380, 1060, 780, '#e9e4dc', 12), line(1180, 380, 1300, 780, '#e9e4dc', 12));
      const chairs: string[] = [];
      for (let i = 0; i < 12; i++) {
        const x = 80 + i * 125;
        const y = 1080 + (i % 3) * 20;
        chairs.push(
          path(`M${x},${y} l60,0 l10,-40 l-60,0 Z`, '#2f6b4f'),
          line(x + 4, y, x, y + 60, '#2f6b4f', 6),
          line(x + 58, y, x + 62, y + 60, '#2f6b4f', 6),
        );
      }
      return [
        sky('day', rnd, 780),
        layer(wheel),
        treeRow('round', 8, [40, 790, 200], [1560, 790, 200], rnd),
        ground(780, '#d9cdb0'),
        layer([
          poly(
            [
              [260, 880],
              [520, 840],
              [1080, 840],
              [1340, 880],
              [1080, 930],
              [520, 930],
            ],
            '#8a8377',
          ),
        ]),
        water(850, 920, '#6d9cb8', rnd, 300, 1000),
        layer([rect(780, 760, 40, 100, '#d9d3c4'), ...chairs]),
        crowd(8, 100, 1500, 1000, 110, rnd, 40),
      ];
    },
  },
  {
    place: 'Parc des Buttes-Chaumont',
    by: 'sam',
    file: 'buttes-chaumont-temple-on-the-cliff.webp',
    shows: 'the little round Temple de la Sibylle on its rocky island above the lake of the Buttes-Chaumont, trees in late-afternoon light',
    draw: (rnd) => {
      const rock = '#b8a892';
      const temple = [
        rect(690, 250, 220, 20, '#efe8da'),
        ...columns(700, 200, 270, 400, 6, '#efe8da'),
        rect(680, 400, 240, 24, '#efe8da'),
        ...dome(800, 250, 100, '#efe8da', { drum: 10 }),
      ];
      const cliff = path('M520,900 L560,620 L620,470 L700,420 L900,420 L980,480 L1040,640 L1080,900 Z', rock);
      const shade = path('M900,420 L980,480 L1040,640 L1080,900 L900,900 Z', mix(rock, '#000000', 0.2));
      return [
        sky('golden', rnd, 900),
        treeRow('round', 6, [0, 900, 380], [480, 900, 330], rnd),
        treeRow('round', 6, [1120, 900, 330], [1600, 900, 380], rnd),
        layer([cliff, shade, ...temple]),
        layer([path('M0,700 Q300,760 560,700', 'none', 'stroke="#8a6d52" stroke-width="8"'), line(0, 700, 560, 700, '#8a6d52', 4)]),
        water(900, 1200, '#4f7f8f', rnd),
        layer([path('M520,900 L1080,900 L1000,1000 L600,1000 Z', mix(rock, '#4f7f8f', 0.6), 'opacity="0.6"')]),
      ];
    },
  },
  {
    place: 'Musée Rodin',
    by: 'ada',
    file: 'rodin-thinker-in-the-roses.webp',
    shows: 'a dark bronze seated thinker on a high plinth among rose beds and clipped hedges, the white Hôtel Biron behind',
    draw: (rnd) => {
      const house = [
        rect(260, 360, 1080, 380, '#f0ebe0'),
        poly(
          [
            [240, 360],
            [320, 290],
            [1280, 290],
            [1360, 360],
          ],
          '#6f7d87',
        ),
        ...windows(260, 380, 1080, 340, 13, 2, '#7e8a92', { arched: true }),
      ];
      const bronze = '#2f3a34';
      const limb = (x1: number, y1: number, x2: number, y2: number, w: number) => line(x1, y1, x2, y2, bronze, w, 'stroke-linecap="round"');
      // seated, leaning forward, the right elbow on the left knee and the chin on the hand
      const thinker = [
        rect(1040, 560, 200, 420, '#8d8a84'),
        rect(1020, 540, 240, 30, '#a19e97'),
        rect(1130, 470, 100, 72, '#3a4640', 'rx="14"'),
        limb(1190, 472, 1085, 455, 46),
        limb(1085, 455, 1080, 530, 34),
        limb(1070, 532, 1040, 536, 20),
        limb(1195, 470, 1120, 372, 62),
        limb(1125, 382, 1095, 452, 26),
        limb(1095, 452, 1082, 372, 22),
        circle(1092, 338, 34, bronze),
        limb(1170, 410, 1178, 470, 24),
      ];
      return [
        sky('day', rnd, 740),
        layer(house),
        ground(740, '#7a9a5c'),
        layer([rect(0, 760, W, 60, '#3f6b3a'), rect(0, 940, W, 40, '#d8ccb0')]),
        flowers(80, 830, 520, 110, ['#d9485f', '#f2a1b5', '#f7e2e9'], rnd, 120),
        flowers(620, 1000, 700, 150, ['#d9485f', '#f2a1b5', '#c23a4e'], rnd, 140),
        layer(thinker),
      ];
    },
  },
  {
    place: 'Palais Garnier',
    by: 'sam',
    file: 'palais-garnier-at-night.webp',
    shows: 'the Palais Garnier lit up at night: arches and paired columns, green copper domes at either end, gilded statues on a dark sky',
    draw: (rnd) => {
      const stone = '#e6cf9a';
      const body = [rect(240, 420, 1120, 520, stone), rect(220, 400, 1160, 40, '#c9ab6a')];
      body.push(...columns(300, 1000, 600, 860, 14, '#f4e2b4'));
      for (let i = 0; i < 7; i++) body.push(path(`M${320 + i * 140},600 V520 A50,60 0 0 1 ${420 + i * 140},520 V600 Z`, '#7a5a2c'));
      body.push(
        ...dome(800, 400, 170, '#4f8a74', { drum: 50 }),
        ...dome(300, 420, 80, '#4f8a74', { drum: 30 }),
        ...dome(1300, 420, 80, '#4f8a74', { drum: 30 }),
      );
      for (const x of [240, 1360]) body.push(path(`M${x - 30},410 l30,-90 l30,90 Z`, '#e2b341'), circle(x, 310, 18, '#e2b341'));
      body.push(
        poly(
          [
            [790, 200],
            [810, 200],
            [800, 160],
          ],
          '#e2b341',
        ),
      );
      for (let i = 0; i < 5; i++) body.push(path(`M${370 + i * 230},940 V760 A70,90 0 0 1 ${510 + i * 230},760 V940 Z`, '#f7d98f'));
      return [sky('night', rnd, 940), layer(body), ground(940, '#3a3442'), crowd(14, 120, 1480, 1170, 120, rnd, 120)];
    },
  },
  {
    place: 'Sainte-Chapelle',
    by: 'ada',
    file: 'sainte-chapelle-stained-glass.webp',
    shows: 'the upper chapel of Sainte-Chapelle: tall windows of blue and red stained glass between gilded columns, a starry blue vault',
    draw: (rnd) => {
      const body = [rect(0, 0, W, H, '#1f2450'), path('M0,0 H1600 V160 Q800,0 0,160 Z', '#2a3478')];
      for (let i = 0; i < 40; i++) body.push(circle(rnd() * W, rnd() * 130, 6, '#e2b84a'));
      const glass = ['#1f4fa8', '#c0302b', '#2a63c4', '#8c2a48', '#e0b43c', '#1c3f8a'];
      for (let w = 0; w < 5; w++) {
        const x = 70 + w * 300;
        body.push(path(`M${x},1000 V260 A110,140 0 0 1 ${x + 220},260 V1000 Z`, '#1a1a2a'));
        for (let r = 0; r < 24; r++) {
          for (let c = 0; c < 6; c++)
            body.push(rect(x + 8 + c * 34.5, 260 + r * 31, 32, 29, glass[Math.floor(rnd() * glass.length)] ?? '#1f4fa8'));
        }
        body.push(rect(x + 228, 160, 64, 860, '#b8923a'), rect(x + 240, 160, 14, 860, '#e3c15a'));
      }
      body.push(rect(0, 1000, W, 200, '#3a2f3f'));
      return [layer(body), crowd(14, 60, 1540, 1180, 110, rnd, 60)];
    },
  },
  {
    place: 'Angelina',
    by: 'aiko',
    file: 'angelina-hot-chocolate.webp',
    shows:
      'a cup of thick hot chocolate, a bowl of whipped cream and a chestnut Mont-Blanc on a marble table, mirrored gilded arches behind',
    draw: (rnd) => {
      const body = [rect(0, 0, W, 760, '#e8d8bf')];
      for (let i = 0; i < 4; i++) {
        const x = 60 + i * 390;
        body.push(
          path(`M${x},760 V260 A160,180 0 0 1 ${x + 320},260 V760 Z`, '#c9a75a'),
          path(`M${x + 20},760 V270 A140,160 0 0 1 ${x + 300},270 V760 Z`, '#b9c7c9'),
        );
        body.push(circle(x + 160, 360, 30, '#fff4cf', 'opacity="0.8"'));
      }
      body.push(rect(0, 740, W, 460, '#efece6'));
      for (let i = 0; i < 12; i++)
        body.push(
          path(
            `M${rnd() * W},${760 + rnd() * 440} q120,${-40 + rnd() * 80} 260,${-20 + rnd() * 40}`,
            'none',
            'stroke="#d6d1c8" stroke-width="3"',
          ),
        );
      body.push(
        ellipse(560, 1020, 230, 60, '#f7f4ee'),
        path('M430,840 Q430,1010 560,1010 Q690,1010 690,840 Z', '#f7f4ee'),
        ellipse(560, 842, 130, 30, '#4a2416'),
      );
      body.push(path('M690,880 q70,10 40,80 q-20,10 -30,-10', 'none', 'stroke="#f7f4ee" stroke-width="16"'));
      body.push(ellipse(900, 980, 120, 40, '#f7f4ee'), path('M800,975 Q900,860 1000,975 Z', '#ffffff'));
      body.push(ellipse(1200, 1050, 160, 44, '#f7f4ee'), path('M1100,1040 Q1200,850 1300,1040 Z', '#9b6b44'));
      for (let i = 0; i < 30; i++)
        body.push(path(`M${1120 + rnd() * 160},${1030 - rnd() * 140} q10,-20 20,0`, 'none', 'stroke="#7d5232" stroke-width="5"'));
      body.push(circle(1200, 890, 22, '#f4eee6'));
      return [layer(body)];
    },
  },
];
