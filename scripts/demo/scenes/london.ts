/** The London pictures (a drawing per place, hence the file's length). */
import { columns, dome, lattice, pediment, stall, windows } from './buildings.ts';
import { circle, ellipse, H, layer, line, mix, path, pick, poly, rect, W } from './kit.ts';
import { crowd, flowers, ground, person, sky, skyline, tree, treeRow, water } from './nature.ts';
import type { Scene } from './scene.ts';

const brick = '#9c5a3c';

export const londonScenes: Scene[] = [
  {
    place: 'British Museum',
    by: 'dev_s',
    file: 'british-museum-great-court.webp',
    shows:
      'the Great Court of the British Museum: a roof of glass triangles over the round stone Reading Room, visitors crossing the floor',
    draw: (rnd) => {
      const roof: [number, number][] = [
        [0, 0],
        [W, 0],
        [W, 420],
        [0, 420],
      ];
      const grid = lattice('great-court', roof, 70, '#e8eef2', 3);
      const body = [rect(0, 0, W, 420, '#bcd3e2'), path('M0,420 Q800,40 1600,420 Z', '#cfe0ec', 'opacity="0.6"')];
      const drum = [rect(380, 480, 840, 560, '#efe9dc'), ellipse(800, 480, 420, 60, '#e3dccb'), rect(380, 560, 840, 20, '#d6cdb9')];
      drum.push(...columns(420, 760, 620, 980, 8, '#f6f2e8'), rect(720, 760, 160, 280, '#6b6459'));
      return [
        layer(body),
        grid,
        layer([rect(0, 420, 200, 780, '#e9e3d6'), rect(1400, 420, 200, 780, '#e9e3d6'), rect(0, 420, W, 20, '#d8d1c2'), ...drum]),
        ground(1040, '#e5ded0'),
        crowd(22, 60, 1540, 1180, 130, rnd, 120),
      ];
    },
  },
  {
    place: 'Tower of London',
    by: 'emma_nyc',
    file: 'tower-of-london-white-tower.webp',
    shows:
      'the White Tower, a square stone keep with four corner turrets, above the Tower of London’s walls on a grey day, a raven on the lawn',
    draw: (rnd) => {
      const stone = '#e4ddcc';
      const keep = [rect(500, 330, 600, 520, stone), ...windows(500, 380, 600, 440, 6, 3, '#5d5a52', { arched: true })];
      for (const x of [470, 1070])
        keep.push(
          rect(x, 270, 60, 580, stone),
          ellipse(x + 30, 270, 40, 24, '#6f7a80'),
          path(`M${x + 8},270 Q${x + 30},200 ${x + 52},270 Z`, '#6f7a80'),
          line(x + 30, 200, x + 30, 170, '#444444', 4),
        );
      for (let i = 0; i < 12; i++) keep.push(rect(500 + i * 50, 310, 30, 24, stone));
      const wall = [rect(0, 760, W, 180, '#cfc4ae')];
      for (let i = 0; i < 40; i++) wall.push(rect(i * 42, 738, 26, 26, '#cfc4ae'));
      wall.push(rect(160, 640, 160, 300, '#cfc4ae'), rect(1280, 640, 160, 300, '#cfc4ae'));
      const raven = [
        ellipse(1180, 1080, 50, 26, '#141414'),
        circle(1230, 1062, 16, '#141414'),
        poly(
          [
            [1244, 1060],
            [1270, 1066],
            [1244, 1070],
          ],
          '#141414',
        ),
        line(1170, 1100, 1166, 1130, '#141414', 4),
      ];
      return [
        sky('overcast', rnd, 940),
        layer(keep),
        layer(wall),
        ground(940, '#6f9350'),
        layer(raven),
        crowd(6, 200, 1000, 1100, 110, rnd, 40),
      ];
    },
  },
  {
    place: 'Tate Modern',
    by: 'chloe',
    file: 'tate-modern-from-the-river.webp',
    shows:
      'Tate Modern’s brick power station and tall chimney across the Thames, the thin steel Millennium Bridge leading to it on a grey day',
    draw: (rnd) => {
      const body = [rect(200, 380, 1200, 400, brick), rect(720, 80, 160, 700, brick), rect(720, 80, 160, 30, '#6e3d28')];
      for (let i = 0; i < 10; i++) body.push(rect(240 + i * 118, 420, 40, 320, mix(brick, '#000000', 0.25)));
      body.push(rect(200, 360, 1200, 24, '#c9d3d8', 'opacity="0.9"'));
      const bridge = [
        poly(
          [
            [0, 1040],
            [1600, 880],
            [1600, 900],
            [0, 1070],
          ],
          '#b9c2c7',
        ),
      ];
      for (let i = 0; i < 8; i++) bridge.push(line(i * 220, 1040 - i * 21, i * 220 + 40, 1000 - i * 21, '#8d979c', 4));
      bridge.push(path('M0,1000 Q400,1060 800,940 T1600,850', 'none', 'stroke="#8d979c" stroke-width="5"'));
      return [
        sky('overcast', rnd, 780),
        skyline(780, '#8a8f93', rnd, 90),
        layer(body),
        water(780, 1200, '#6f7f86', rnd),
        layer(bridge),
        crowd(8, 100, 1500, 1130, 80, rnd, 80),
      ];
    },
  },
  {
    place: 'Borough Market',
    by: 'chloe',
    file: 'borough-market-under-the-arches.webp',
    shows:
      'Borough Market’s stalls of cheese, bread and vegetables under a green iron roof, a train on the brick viaduct above, shoppers below',
    draw: (rnd) => {
      const body = [rect(0, 0, W, H, '#d9d1bf'), rect(0, 60, W, 180, brick)];
      for (let i = 0; i < 5; i++) body.push(path(`M${i * 340 + 30},240 V170 A140,90 0 0 1 ${i * 340 + 310},170 V240 Z`, '#5a3527'));
      body.push(rect(100, 10, 900, 50, '#3a6d8c'), ...windows(100, 14, 900, 40, 12, 1, '#dfe9ef'));
      body.push(
        poly(
          [
            [0, 300],
            [800, 230],
            [1600, 300],
            [1600, 330],
            [0, 330],
          ],
          '#3d6b4f',
        ),
      );
      for (let i = 0; i < 8; i++) body.push(rect(i * 228, 320, 12, 620, '#3d6b4f'));
      body.push(rect(0, 940, W, 260, '#9a9080'));
      const goods = ['#f2d16b', '#e6b65a', '#7aa24a', '#c8452f', '#f5e7c4'];
      return [
        layer(body),
        stall(40, 620, 460, ['#2d6a4f', '#efe7d3'], rnd, goods),
        stall(580, 620, 440, ['#a3362b', '#efe7d3'], rnd, goods),
        stall(1100, 620, 460, ['#2f4f7f', '#efe7d3'], rnd, goods),
        crowd(16, 60, 1540, 1150, 200, rnd, 60),
      ];
    },
  },
  {
    place: 'Hyde Park',
    by: 'chloe',
    file: 'hyde-park-serpentine-morning.webp',
    shows: 'early morning on the Serpentine in Hyde Park: mist on the water, two swimmers near the lido, a swan and trees on the far bank',
    draw: (rnd) => {
      const mist = [rect(0, 600, W, 120, '#f4efe6', 'opacity="0.5"'), rect(0, 660, W, 80, '#ffffff', 'opacity="0.35"')];
      const swan = [
        ellipse(1100, 930, 60, 22, '#fbfbf7'),
        path('M1140,925 Q1160,860 1140,850 Q1130,850 1135,860 Q1150,880 1128,925 Z', '#fbfbf7'),
        poly(
          [
            [1140, 850],
            [1160, 856],
            [1140, 860],
          ],
          '#e08a2e',
        ),
      ];
      const swimmers = [
        circle(500, 860, 12, '#e2b48f'),
        ellipse(500, 872, 30, 8, '#ffffff', 'opacity="0.6"'),
        circle(640, 900, 12, '#f2c14e'),
        ellipse(640, 912, 30, 8, '#ffffff', 'opacity="0.6"'),
      ];
      return [
        sky('dawn', rnd, 700),
        treeRow('round', 12, [-20, 720, 240], [1620, 720, 240], rnd),
        water(700, 1080, '#7f9aa8', rnd),
        layer([...mist, ...swan, ...swimmers, rect(0, 1080, W, 120, '#6f8f55'), rect(80, 1040, 340, 50, '#d8d0c0')]),
      ];
    },
  },
  {
    place: 'National Gallery',
    by: 'chloe',
    file: 'national-gallery-red-room.webp',
    shows:
      'a red-walled room of the National Gallery, paintings in gilt frames, the largest a ship at sunset, a visitor on the bench before it',
    draw: () => {
      const body = [
        rect(0, 0, W, 860, '#8c2f2b'),
        rect(0, 0, W, 90, '#e9e2d2'),
        rect(0, 840, W, 20, '#4a2a1f'),
        rect(0, 860, W, 340, '#7a5a3e'),
      ];
      for (let i = 0; i < 16; i++) body.push(line(0, 880 + i * 22, W, 880 + i * 22, '#6c4e35', 3));
      const frame = (x: number, y: number, w: number, h: number, inner: string[]) => [
        rect(x - 24, y - 24, w + 48, h + 48, '#c9a441'),
        rect(x - 10, y - 10, w + 20, h + 20, '#a9862d'),
        rect(x, y, w, h, '#2f2a24'),
        ...inner,
      ];
      const sunset = [
        rect(560, 250, 480, 200, '#e39a45'),
        rect(560, 250, 480, 80, '#9ab3c2'),
        circle(900, 420, 40, '#f7d88a'),
        rect(560, 450, 480, 100, '#c98a4a'),
        poly(
          [
            [640, 470],
            [700, 300],
            [760, 470],
          ],
          '#cfc6b5',
        ),
        rect(620, 470, 160, 24, '#4a3a30'),
        rect(820, 480, 60, 14, '#2a2420'),
      ];
      body.push(...frame(560, 250, 480, 300, sunset));
      body.push(
        ...frame(140, 300, 240, 300, [
          rect(140, 300, 240, 300, '#5b4a3a'),
          circle(260, 420, 60, '#d9b48f'),
          rect(200, 480, 120, 120, '#2b3a5a'),
        ]),
      );
      body.push(
        ...frame(1220, 300, 240, 300, [
          rect(1220, 300, 240, 300, '#4d5f3f'),
          rect(1220, 480, 240, 120, '#8a7a4a'),
          circle(1300, 380, 40, '#e8e0c8'),
        ]),
      );
      body.push(rect(560, 960, 480, 40, '#3b2a20'), rect(580, 1000, 20, 80, '#3b2a20'), rect(1000, 1000, 20, 80, '#3b2a20'));
      body.push(...person(760, 970, 260, '#2f5d8a'));
      return [layer(body)];
    },
  },
  {
    place: "St Paul's Cathedral",
    by: 'felix',
    file: 'st-pauls-dome.webp',
    shows:
      'the great dome of St Paul’s Cathedral with its lantern and golden cross, the two west towers and the portico in soft evening light',
    draw: (rnd) => {
      const stone = '#e8e1cf';
      const body = [rect(360, 600, 880, 380, stone), ...dome(800, 560, 230, '#c9cdc9', { drum: 170, lantern: true, ribs: '#aab0ac' })];
      body.push(
        rect(360, 580, 880, 30, mix(stone, '#000000', 0.1)),
        ...columns(560, 480, 700, 960, 6, '#f3eee2'),
        ...pediment(560, 480, 700, 90, stone),
      );
      for (const x of [380, 1100])
        body.push(
          rect(x, 380, 120, 600, stone),
          ...dome(x + 60, 380, 54, '#c9cdc9', { drum: 40, lantern: true }),
          ...windows(x, 420, 120, 500, 1, 4, '#6e6a60', { arched: true }),
        );
      body.push(rect(792, 110, 16, 60, '#e2b341'), rect(780, 126, 40, 12, '#e2b341'));
      return [
        sky('golden', rnd, 980),
        skyline(980, '#8f8a8c', rnd, 140),
        layer(body),
        ground(980, '#b8ad98'),
        crowd(14, 60, 1540, 1170, 110, rnd, 100),
      ];
    },
  },
  {
    place: 'Primrose Hill',
    by: 'haru',
    file: 'primrose-hill-fog.webp',
    shows: 'the top of Primrose Hill on a foggy morning: a bench and lamp post on the crest, a dog running, the City’s towers faint beyond',
    draw: (rnd) => {
      const fog = rect(0, 0, W, H, '#eef0ee', 'opacity="0.45"');
      const city = skyline(700, '#a8afb3', rnd, 260, 100, 1500);
      city.body.push(
        poly(
          [
            [980, 700],
            [1040, 240],
            [1100, 700],
          ],
          '#a3aaae',
        ),
        rect(1200, 380, 40, 320, '#a3aaae'),
      );
      const dog = [
        ellipse(520, 980, 46, 20, '#7a4a2a'),
        circle(565, 965, 16, '#7a4a2a'),
        line(490, 992, 470, 1015, '#7a4a2a', 6),
        line(540, 995, 560, 1018, '#7a4a2a', 6),
        line(478, 975, 455, 965, '#7a4a2a', 5),
      ];
      return [
        sky('haze', rnd, 740),
        city,
        layer([
          fog,
          path('M0,900 Q700,700 1600,820 L1600,1200 L0,1200 Z', '#7f9b63'),
          path('M0,1000 Q700,820 1600,930 L1600,1200 L0,1200 Z', '#6d8d52'),
        ]),
        layer([
          rect(1080, 770, 180, 16, '#5b4636'),
          rect(1080, 740, 180, 14, '#5b4636'),
          line(1090, 786, 1090, 820, '#3b2e24', 6),
          line(1250, 786, 1250, 820, '#3b2e24', 6),
        ]),
        layer([line(1360, 820, 1360, 600, '#2f3236', 8), rect(1340, 580, 40, 30, '#2f3236'), ...dog, ...person(1160, 800, 120, '#6d4c7d')]),
      ];
    },
  },
  {
    place: 'Natural History Museum',
    by: 'emma_nyc',
    file: 'natural-history-museum-whale-hall.webp',
    shows: 'Hintze Hall in the Natural History Museum: a blue whale skeleton diving from the ceiling between Romanesque terracotta arches',
    draw: (rnd) => {
      const body = [rect(0, 0, W, H, '#e3d2b0')];
      for (let i = 0; i < 5; i++) {
        const x = i * 340 - 40;
        body.push(
          path(`M${x},900 V420 A150,170 0 0 1 ${x + 300},420 V900 Z`, '#c2a67a'),
          path(`M${x + 30},900 V430 A120,140 0 0 1 ${x + 270},430 V900 Z`, '#8ea2ad'),
        );
        body.push(rect(x + 300, 200, 40, 700, '#7a8f9c'));
      }
      body.push(rect(0, 160, W, 40, '#7a8f9c'), rect(0, 900, W, 300, '#b8a98c'));
      // the skeleton dives head first: tail high on the right, skull low on the left
      const at = (t: number): [number, number] => [1480 - t * 1180, 150 + t * 260 + Math.sin(t * Math.PI) * 90];
      const bone = '#f4efe2';
      for (let i = 0; i < 40; i++) {
        const [x1, y1] = at(i / 40);
        const [x2, y2] = at((i + 1) / 40);
        body.push(line(x1, y1, x2, y2, bone, 6 + (i / 40) * 22, 'stroke-linecap="round"'));
        if (i % 2 === 0) body.push(rect(x1 - 4, y1 - 14 - (i / 40) * 12, 8, 10 + (i / 40) * 10, '#e2dccb'));
      }
      for (let i = 0; i < 13; i++) {
        const t = 0.5 + i * 0.028;
        const [x, y] = at(t);
        const len = 120 - Math.abs(i - 6) * 12;
        body.push(path(`M${x},${y + 8} q-46,${len * 0.5} -8,${len}`, 'none', `stroke="${bone}" stroke-width="7" stroke-linecap="round"`));
        body.push(
          path(`M${x},${y + 8} q36,${len * 0.45} 10,${len * 0.9}`, 'none', `stroke="#d9d2bf" stroke-width="6" stroke-linecap="round"`),
        );
      }
      const [hx, hy] = at(1);
      body.push(path(`M${hx + 30},${hy - 30} L${hx - 220},${hy + 40} L${hx - 210},${hy + 62} L${hx + 40},${hy + 30} Z`, bone));
      body.push(path(`M${hx + 20},${hy + 34} L${hx - 200},${hy + 78} L${hx - 196},${hy + 90} L${hx + 30},${hy + 52} Z`, '#e2dccb'));
      const [fx, fy] = at(0.74);
      body.push(
        path(`M${fx},${fy + 20} l-60,110 l22,6 l52,-104 Z`, bone),
        path(`M${fx - 60},${fy + 130} l-30,70 l16,4 l34,-66 Z`, '#e2dccb'),
      );
      return [layer(body), crowd(12, 100, 1500, 1150, 120, rnd, 80)];
    },
  },
  {
    place: 'Camden Market',
    by: 'aiko',
    file: 'camden-lock-narrowboat.webp',
    shows: 'Camden Lock on a busy afternoon: black-and-white lock gates, a painted narrowboat, market stalls and old brick warehouses',
    draw: (rnd) => {
      const houses = [
        rect(0, 280, 700, 420, '#8e5a3d'),
        ...windows(0, 300, 700, 380, 9, 3, '#3a2a22', { arched: true }),
        rect(900, 320, 700, 380, '#7a4d37'),
        ...windows(900, 340, 700, 340, 9, 3, '#3a2a22'),
      ];
      const gate = [
        rect(690, 640, 40, 280, '#1d1d1d'),
        rect(730, 640, 20, 280, '#f4f1ea'),
        line(740, 660, 880, 600, '#1d1d1d', 14),
        line(740, 660, 880, 600, '#f4f1ea', 4),
      ];
      const boat = [
        path('M200,930 L1040,930 L1000,990 L240,990 Z', '#2f6b4f'),
        rect(300, 860, 640, 74, '#b8372f'),
        ...windows(300, 866, 640, 60, 8, 1, '#f2d16b'),
        rect(300, 930, 700, 10, '#e9c46a'),
      ];
      return [
        sky('day', rnd, 700),
        layer(houses),
        stall(40, 520, 300, ['#7b3f7a', '#f2e9d8'], rnd, ['#e07a5f', '#3d8fb0', '#f2c14e']),
        stall(1200, 540, 320, ['#e07a5f', '#f2e9d8'], rnd, ['#4a7c59', '#c2483f', '#e0a43a']),
        water(900, 1200, '#4f6f6a', rnd),
        layer([rect(0, 720, W, 180, '#a59c8c'), ...gate, ...boat]),
        crowd(14, 40, 1560, 880, 130, rnd, 40),
      ];
    },
  },
  {
    place: 'Royal Albert Hall',
    by: 'chloe',
    file: 'royal-albert-hall-dome.webp',
    shows: 'the Royal Albert Hall: a round hall of red brick with a pale mosaic frieze running round it, under a low glass-and-iron dome',
    draw: (rnd) => {
      const body = [rect(200, 420, 1200, 560, brick)];
      body.push(path('M200,420 Q800,180 1400,420 Z', '#9aa7ad'), path('M320,420 Q800,250 1280,420 Z', '#c9d7dc'));
      for (let i = 0; i < 9; i++) body.push(line(320 + i * 120, 420, 800, 260, '#8a979c', 3));
      body.push(rect(200, 460, 1200, 60, '#d9ccb0'));
      for (let i = 0; i < 24; i++) body.push(rect(210 + i * 50, 472, 30, 36, pick(rnd, ['#8e6a4a', '#5b6b7a', '#b49060'])));
      body.push(
        ...windows(200, 540, 1200, 200, 12, 1, '#f2e6c8', { arched: true }),
        ...windows(200, 760, 1200, 200, 12, 1, '#5a3528', { arched: true }),
      );
      body.push(
        rect(640, 720, 320, 260, mix(brick, '#000000', 0.15)),
        ...pediment(640, 320, 720, 70, '#c98f6d'),
        path('M700,980 V820 A100,110 0 0 1 900,820 V980 Z', '#3a2420'),
      );
      return [sky('day', rnd, 980), layer(body), ground(980, '#bdb39f'), crowd(10, 100, 1500, 1160, 110, rnd, 100)];
    },
  },
  {
    place: 'Sky Garden',
    by: 'dev_s',
    file: 'sky-garden-terraces.webp',
    shows: 'inside the Sky Garden: terraces of ferns and palms under a sloping glass roof, the Thames and Tower Bridge far below',
    draw: (rnd) => {
      const glass: [number, number][] = [
        [0, 0],
        [W, 0],
        [W, 700],
        [0, 700],
      ];
      const grid = lattice('sky-garden-glass', glass, 110, '#d5dde2', 4);
      const view = [rect(0, 380, W, 320, '#a6bfd0'), ...skyline(700, '#7d8a96', rnd, 160).body, rect(0, 640, W, 60, '#6d8796')];
      view.push(
        rect(1080, 520, 30, 160, '#7d8a96'),
        rect(1220, 520, 30, 160, '#7d8a96'),
        rect(1080, 560, 170, 14, '#7d8a96'),
        path('M1095,520 l0,-30 l10,30 Z M1235,520 l0,-30 l10,30 Z', '#7d8a96'),
      );
      const terraces: string[] = [];
      for (let i = 0; i < 5; i++) {
        const y = 760 + i * 90;
        terraces.push(rect(0, y, 1000 - i * 120, 90, mix('#6a7d6f', '#3b4a3f', i / 5)));
        for (let k = 0; k < 10; k++)
          terraces.push(...tree(pick(rnd, ['round', 'plane'] as const), 40 + k * (90 - i * 8) + rnd() * 30, y + 10, 90 + rnd() * 60, rnd));
      }
      return [
        layer([rect(0, 0, W, 700, '#cfe0ea')]),
        layer(view),
        grid,
        layer([rect(1000, 700, 600, 500, '#bdb3a2'), ...terraces]),
        crowd(8, 1040, 1560, 1150, 150, rnd, 60),
      ];
    },
  },
  {
    place: "Regent's Park",
    by: 'mina',
    file: 'regents-park-rose-garden.webp',
    shows:
      'Queen Mary’s Gardens in Regent’s Park in June: round beds of red, pink and white roses, rope swags on posts, a smooth path and a bench',
    draw: (rnd) => {
      const ropes: string[] = [];
      for (let i = 0; i < 8; i++) {
        const x = 40 + i * 210;
        ropes.push(rect(x, 660, 14, 160, '#6b4a32'));
        if (i < 7) ropes.push(path(`M${x + 7},670 Q${x + 112},740 ${x + 217},670`, 'none', 'stroke="#a8865a" stroke-width="8"'));
      }
      return [
        sky('day', rnd, 700),
        treeRow('round', 9, [0, 720, 260], [1600, 720, 260], rnd),
        ground(700, '#7ca35a'),
        layer([path('M600,1200 Q760,900 800,720 Q840,900 1000,1200 Z', '#d8ccb2')]),
        flowers(40, 820, 500, 160, ['#c8233d', '#e9517a', '#fbd3df'], rnd, 150),
        flowers(1060, 820, 500, 160, ['#f7f2ea', '#f5a5b8', '#c8233d'], rnd, 150),
        flowers(-100, 1000, 620, 220, ['#e9517a', '#fbd3df', '#c8233d'], rnd, 180),
        flowers(1080, 1000, 640, 220, ['#c8233d', '#f7f2ea', '#f5a5b8'], rnd, 180),
        layer(ropes),
        layer([
          rect(1060, 790, 200, 14, '#5b4636'),
          rect(1060, 760, 200, 12, '#5b4636'),
          line(1070, 800, 1070, 830, '#3b2e24', 6),
          line(1250, 800, 1250, 830, '#3b2e24', 6),
        ]),
      ];
    },
  },
  {
    place: "Shakespeare's Globe",
    by: 'chloe',
    file: 'globe-theatre-yard.webp',
    shows:
      'inside Shakespeare’s Globe: galleries of white plaster and oak beams under a thatched rim, open sky, groundlings before the stage',
    draw: (rnd) => {
      const body = [path('M0,0 H1600 V520 Q800,380 0,520 Z', '#d9c79a'), path('M0,0 H1600 V460 Q800,320 0,460 Z', '#b89a5e')];
      body.push(path('M100,0 Q800,300 1500,0 Z', '#7fb0d8'));
      for (let r = 0; r < 3; r++) {
        const y = 460 + r * 130;
        body.push(path(`M0,${y} Q800,${y - 140 + r * 20} 1600,${y} V${y + 130} Q800,${y - 10 + r * 20} 0,${y + 130} Z`, '#f1ebdc'));
        for (let i = 0; i < 16; i++)
          body.push(
            line(
              i * 100 + 20,
              y + 10 - Math.sin((i / 15) * Math.PI) * (140 - r * 20),
              i * 100 + 20,
              y + 130 - Math.sin((i / 15) * Math.PI) * (130 - r * 20),
              '#3b2a20',
              8,
            ),
          );
      }
      body.push(
        rect(360, 640, 880, 300, '#5a3a28'),
        rect(340, 600, 920, 50, '#2e2a52'),
        rect(420, 650, 40, 290, '#b8862f'),
        rect(1140, 650, 40, 290, '#b8862f'),
        rect(300, 900, 1000, 80, '#6d4a32'),
      );
      body.push(...person(700, 900, 200, '#a3362b'), ...person(860, 900, 200, '#e2b341'));
      return [layer(body), ground(980, '#8a7a66'), crowd(30, 0, 1600, 1190, 160, rnd, 180)];
    },
  },
  {
    place: 'Victoria and Albert Museum',
    by: 'lena_k',
    file: 'va-cast-courts-column.webp',
    shows: 'the V&A’s Cast Courts: a plaster cast of Trajan’s Column, wound with a spiral of carved reliefs, under a skylit roof',
    draw: (rnd) => {
      const body = [rect(0, 0, W, H, '#b9a78a'), rect(0, 0, W, 140, '#e6e2d6'), rect(0, 130, W, 30, '#7d6a52')];
      for (let i = 0; i < 8; i++) body.push(line(i * 220, 0, i * 220 + 60, 130, '#c9c3b4', 6));
      body.push(rect(1280, 300, 260, 700, '#cfc4ae'), path('M1280,300 V240 A130,90 0 0 1 1540,240 V300 Z', '#cfc4ae'));
      body.push(rect(100, 400, 220, 600, '#cfc4ae'), circle(210, 330, 60, '#cfc4ae'));
      body.push(rect(700, 160, 200, 880, '#e8e0cc'), rect(660, 1000, 280, 60, '#d8cdb5'));
      for (let i = 0; i < 22; i++) body.push(line(700, 170 + i * 40, 900, 200 + i * 40, '#b8ab8e', 5));
      for (let i = 0; i < 22; i++)
        for (let k = 0; k < 5; k++) body.push(circle(712 + k * 40 + rnd() * 10, 186 + i * 40 + k * 6, 7, '#c9bc9f'));
      body.push(rect(0, 1040, W, 160, '#8f7f66'));
      return [layer(body), crowd(9, 300, 1300, 1170, 120, rnd, 50)];
    },
  },
  {
    place: 'Monmouth Coffee Company',
    by: 'dev_s',
    file: 'monmouth-coffee-counter.webp',
    shows:
      'the wooden counter at Monmouth Coffee: filter cones dripping into cups, a brass kettle, pastries under glass, beans on the shelves',
    draw: (rnd) => {
      const body = [rect(0, 0, W, 700, '#c8b08a'), rect(0, 0, W, 30, '#6d4a30')];
      for (let s = 0; s < 3; s++) {
        const y = 140 + s * 170;
        body.push(rect(60, y + 110, 1480, 16, '#6d4a30'));
        for (let i = 0; i < 16; i++)
          body.push(
            rect(80 + i * 90 + rnd() * 10, y + 30, 60, 80, pick(rnd, ['#b48a5a', '#a07a4e', '#d8c2a0'])),
            rect(92 + i * 90, y + 50, 34, 20, '#f4ead6'),
          );
      }
      body.push(rect(0, 700, W, 500, '#7a5234'), rect(0, 680, W, 40, '#5b3b25'));
      for (let i = 0; i < 14; i++) body.push(line(0, 740 + i * 34, W, 740 + i * 34, '#6a4630', 3));
      for (let i = 0; i < 6; i++) {
        const x = 140 + i * 160;
        body.push(
          rect(x - 4, 500, 8, 180, '#3a3a3a'),
          rect(x - 50, 500, 100, 10, '#3a3a3a'),
          poly(
            [
              [x - 44, 520],
              [x + 44, 520],
              [x + 10, 590],
              [x - 10, 590],
            ],
            '#f4f1ea',
          ),
          rect(x - 30, 610, 60, 70, '#f4f1ea'),
          rect(x - 30, 610, 60, 14, '#5a3a24'),
        );
      }
      body.push(
        path('M1120,690 Q1120,560 1200,560 Q1280,560 1280,690 Z', '#c9963a'),
        path('M1280,610 q50,-10 60,-60', 'none', 'stroke="#c9963a" stroke-width="10"'),
        rect(1190, 530, 20, 30, '#c9963a'),
      );
      body.push(
        path('M1340,690 V580 A100,40 0 0 1 1540,580 V690 Z', '#dfe9ec', 'opacity="0.7"'),
        ellipse(1400, 660, 40, 20, '#d39b54'),
        ellipse(1480, 664, 40, 20, '#c2843f'),
      );
      return [layer(body)];
    },
  },
  {
    place: 'Monmouth Coffee Company',
    by: 'chloe',
    file: 'monmouth-coffee-bean-sacks.webp',
    shows:
      'sacks of green and roasted coffee beans by the door of Monmouth Coffee, a brass scoop in an open sack, paper bags ready to fill',
    draw: (rnd) => {
      const body = [rect(0, 0, W, H, '#5b3b25'), rect(0, 0, W, 560, '#caa97a')];
      for (let i = 0; i < 8; i++) body.push(rect(i * 210, 0, 12, 560, '#8a6642'));
      const sack = (x: number, y: number, w: number, h: number, beans: string) => {
        const out = [
          path(
            `M${x},${y + h} Q${x - 20},${y + h * 0.4} ${x + w * 0.1},${y} L${x + w * 0.9},${y} Q${x + w + 20},${y + h * 0.4} ${x + w},${y + h} Z`,
            '#c8b088',
          ),
        ];
        for (let i = 0; i < 6; i++) out.push(line(x + 10, y + 30 + i * (h / 7), x + w - 10, y + 30 + i * (h / 7), '#b39a70', 3));
        out.push(ellipse(x + w / 2, y + 10, w * 0.42, 30, beans));
        for (let i = 0; i < 40; i++)
          out.push(ellipse(x + w / 2 + (rnd() - 0.5) * w * 0.7, y + 10 + (rnd() - 0.5) * 40, 9, 6, mix(beans, '#000000', rnd() * 0.3)));
        return out;
      };
      body.push(...sack(120, 640, 380, 460, '#5a3520'), ...sack(560, 700, 360, 420, '#8ea06a'), ...sack(980, 620, 400, 480, '#4a2a18'));
      body.push(path('M680,690 L760,600 L800,620 L720,710 Z', '#c9963a'), line(780, 610, 860, 520, '#c9963a', 14));
      for (let i = 0; i < 3; i++)
        body.push(rect(1400 + i * 50, 860 - i * 10, 110, 220, '#b08a5a'), rect(1400 + i * 50, 860 - i * 10, 110, 30, '#9a7446'));
      return [layer(body)];
    },
  },
];
