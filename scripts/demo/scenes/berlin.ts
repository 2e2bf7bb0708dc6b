/** The Berlin pictures (a drawing per place, hence the file's length). */
import { bistro, columns, lattice, windows } from './buildings.ts';
import { circle, ellipse, H, layer, line, mix, path, pick, poly, rect, W } from './kit.ts';
import { crowd, ground, person, sky, skyline, treeRow, water } from './nature.ts';
import type { Scene } from './scene.ts';

export const berlinScenes: Scene[] = [
  {
    place: 'Brandenburg Gate',
    by: 'greta_b',
    file: 'brandenburg-gate-at-night.webp',
    shows: 'the Brandenburg Gate lit at night: six pale columns under a heavy entablature, the quadriga dark against the deep blue sky',
    draw: (rnd) => {
      const stone = '#f1dfae';
      const gate = [
        rect(280, 480, 1040, 70, stone),
        rect(260, 460, 1080, 30, mix(stone, '#000000', 0.1)),
        rect(700, 400, 200, 70, stone),
        ...columns(300, 1000, 560, 960, 6, '#f6e8c0'),
      ];
      gate.push(rect(240, 540, 60, 420, stone), rect(1300, 540, 60, 420, stone));
      const quadriga: string[] = [];
      for (let i = 0; i < 4; i++) {
        const x = 690 + i * 60;
        quadriga.push(
          ellipse(x, 360, 34, 18, '#2d3b3a'),
          line(x - 20, 370, x - 26, 398, '#2d3b3a', 8),
          line(x + 18, 370, x + 24, 398, '#2d3b3a', 8),
          path(`M${x + 20},352 q18,-36 30,-10`, 'none', 'stroke="#2d3b3a" stroke-width="14"'),
        );
      }
      quadriga.push(rect(770, 320, 60, 40, '#2d3b3a'), line(800, 320, 800, 240, '#2d3b3a', 8), circle(800, 236, 14, '#2d3b3a'));
      return [
        sky('night', rnd, 960),
        layer([rect(0, 0, W, 960, '#1b2a55', 'opacity="0.4"')]),
        layer(gate),
        layer(quadriga),
        ground(960, '#3d3b42'),
        crowd(8, 100, 1500, 1160, 110, rnd, 80),
      ];
    },
  },
  {
    place: 'Reichstag Building',
    by: 'lena_k',
    file: 'reichstag-glass-dome.webp',
    shows: 'the Reichstag with Norman Foster’s glass dome on its roof, corner towers, flags and people sitting on the lawn in front',
    draw: (rnd) => {
      const stone = '#cdbf9f';
      const body = [rect(220, 460, 1160, 380, stone), ...windows(220, 520, 1160, 300, 16, 2, '#6a6458')];
      for (const x of [200, 1280])
        body.push(rect(x, 400, 120, 440, mix(stone, '#000000', 0.06)), ...windows(x, 430, 120, 380, 1, 3, '#6a6458'));
      body.push(
        ...columns(640, 320, 560, 840, 6, '#e0d4b8'),
        poly(
          [
            [620, 560],
            [800, 480],
            [980, 560],
          ],
          stone,
        ),
      );
      const glassDome: [number, number][] = [];
      for (let i = 0; i <= 20; i++) glassDome.push([620 + i * 18, 460 - Math.sin((i / 20) * Math.PI) * 200]);
      const dome_ = [path('M620,460 Q620,240 800,240 Q980,240 980,460 Z', '#c5dbe6', 'opacity="0.9"')];
      const ribs = lattice(
        'reichstag-dome',
        [
          [620, 460],
          [640, 330],
          [720, 255],
          [880, 255],
          [960, 330],
          [980, 460],
        ],
        40,
        '#7f98a6',
        3,
      );
      for (const x of [320, 1280])
        body.push(
          line(x, 400, x, 300, '#444444', 4),
          rect(x, 300, 60, 12, '#1d1d1d'),
          rect(x, 312, 60, 12, '#c8372f'),
          rect(x, 324, 60, 12, '#f2c230'),
        );
      return [sky('day', rnd, 840), layer(dome_), ribs, layer(body), ground(840, '#7da654'), crowd(16, 60, 1540, 1140, 100, rnd, 220)];
    },
  },
  {
    place: 'Pergamon Museum',
    by: 'lena_k',
    file: 'pergamon-museum-under-renovation.webp',
    shows: 'the Pergamon Museum closed for renovation: its stone front behind scaffolding and hoardings, a crane above, across the water',
    draw: (rnd) => {
      const stone = '#b8aa8f';
      const body = [rect(200, 380, 1200, 440, stone), ...columns(520, 560, 480, 820, 8, '#cbbfa6')];
      const scaffold: string[] = [];
      for (let i = 0; i <= 20; i++) scaffold.push(line(200 + i * 60, 340, 200 + i * 60, 820, '#5d5a55', 4));
      for (let j = 0; j <= 8; j++) scaffold.push(line(200, 340 + j * 60, 1400, 340 + j * 60, '#5d5a55', 4));
      scaffold.push(rect(200, 700, 1200, 120, '#e9e4d8'), rect(200, 690, 1200, 14, '#2f5d8a'));
      const crane = [
        line(1180, 820, 1180, 80, '#e0a43a', 18),
        line(700, 100, 1500, 100, '#e0a43a', 14),
        line(1180, 80, 900, 100, '#e0a43a', 4),
        line(1180, 80, 1450, 100, '#e0a43a', 4),
        rect(1380, 110, 40, 60, '#555555'),
        line(900, 100, 900, 400, '#333333', 2),
      ];
      return [
        sky('overcast', rnd, 820),
        layer(body),
        layer(scaffold),
        layer(crane),
        water(820, 1060, '#5f7480', rnd),
        layer([rect(0, 1060, W, 140, '#a39a8a')]),
        crowd(5, 200, 1400, 1170, 110, rnd, 30),
      ];
    },
  },
  {
    place: 'East Side Gallery',
    by: 'greta_b',
    file: 'east-side-gallery-murals.webp',
    shows: 'the painted wall of the East Side Gallery running into the distance, bright faces and colours, cyclists on the path beside it',
    draw: (rnd) => {
      const wall = [
        poly(
          [
            [0, 300],
            [1500, 640],
            [1500, 760],
            [0, 1020],
          ],
          '#e8e4dc',
        ),
      ];
      for (let i = 0; i < 14; i++) {
        const t0 = i / 14;
        const t1 = (i + 1) / 14;
        const x0 = t0 ** 0.7 * 1500;
        const x1 = t1 ** 0.7 * 1500;
        const y = (x: number) => [300 + (x / 1500) * 340, 1020 - (x / 1500) * 260] as const;
        const [a0, b0] = y(x0);
        const [a1, b1] = y(x1);
        wall.push(
          poly(
            [
              [x0, a0],
              [x1, a1],
              [x1, b1],
              [x0, b0],
            ],
            pick(rnd, ['#e85d4a', '#2f8fd1', '#f2c230', '#57b368', '#9b59b6', '#f28fb0', '#1f9e8f']),
          ),
        );
        const cx = (x0 + x1) / 2;
        const cy = (a0 + b0 + a1 + b1) / 4;
        const s = (b0 - a0) / 8;
        if (i % 3 === 0) {
          wall.push(
            circle(cx, cy, s, pick(rnd, ['#f6d2b0', '#ffffff', '#fce38a'])),
            circle(cx - s * 0.35, cy - s * 0.2, s * 0.12, '#1d1d1d'),
            circle(cx + s * 0.35, cy - s * 0.2, s * 0.12, '#1d1d1d'),
          );
          wall.push(
            path(
              `M${cx - s * 0.4},${cy + s * 0.35} q${s * 0.4},${s * 0.3} ${s * 0.8},0`,
              'none',
              `stroke="#c0302b" stroke-width="${Math.max(2, s * 0.12)}"`,
            ),
          );
        } else {
          for (let k = 0; k < 3; k++)
            wall.push(
              line(
                x0 + (x1 - x0) * 0.15,
                cy - s + k * s,
                x1 - (x1 - x0) * 0.15,
                cy - s * 0.6 + k * s,
                pick(rnd, ['#ffffff', '#1d1d1d', '#fce38a']),
                Math.max(2, s * 0.25),
              ),
            );
        }
        wall.push(line(x1, a1, x1, b1, '#c9c4b8', 3));
      }
      const cyclist = (x: number, y: number, s: number) => [
        circle(x - 40 * s, y, 30 * s, 'none', `stroke="#222222" stroke-width="${6 * s}"`),
        circle(x + 40 * s, y, 30 * s, 'none', `stroke="#222222" stroke-width="${6 * s}"`),
        line(x - 40 * s, y, x, y - 40 * s, '#222222', 6 * s),
        line(x, y - 40 * s, x + 40 * s, y, '#222222', 6 * s),
        ...person(x - 5 * s, y - 40 * s, 120 * s, '#c2483f'),
      ];
      return [
        sky('day', rnd, 800),
        layer([rect(0, 640, W, 200, '#6f98b8')]),
        layer(wall),
        layer([
          poly(
            [
              [0, 1020],
              [1500, 760],
              [1600, 780],
              [1600, 1200],
              [0, 1200],
            ],
            '#9c9890',
          ),
        ]),
        layer([...cyclist(500, 1110, 1), ...cyclist(1100, 930, 0.6)]),
      ];
    },
  },
  {
    place: 'Tiergarten',
    by: 'lena_k',
    file: 'tiergarten-victory-column.webp',
    shows:
      'the Victory Column rising above the trees of the Tiergarten at the end of a wide avenue, its gilded winged figure catching the light',
    draw: (rnd) => {
      const column = [
        rect(740, 760, 120, 140, '#a89f8f'),
        rect(770, 300, 60, 470, '#c6b7a0'),
        rect(760, 440, 80, 30, '#d9b44a'),
        rect(760, 560, 80, 30, '#d9b44a'),
        rect(756, 290, 88, 20, '#bfae94'),
      ];
      column.push(
        path('M780,290 L800,200 L820,290 Z', '#e3b83c'),
        circle(800, 188, 14, '#e3b83c'),
        path('M800,220 Q760,180 740,230 Q770,215 800,240 Z', '#e3b83c'),
        path('M800,220 Q840,180 860,230 Q830,215 800,240 Z', '#e3b83c'),
      );
      return [
        sky('golden', rnd, 900),
        layer(column),
        treeRow('round', 8, [-40, 900, 420], [680, 900, 300], rnd),
        treeRow('round', 8, [920, 900, 300], [1640, 900, 420], rnd),
        layer([
          poly(
            [
              [500, 1200],
              [760, 900],
              [840, 900],
              [1100, 1200],
            ],
            '#b9ad94',
          ),
          rect(0, 900, W, 300, '#6e9452'),
          poly(
            [
              [560, 1200],
              [770, 900],
              [830, 900],
              [1040, 1200],
            ],
            '#c8bda5',
          ),
        ]),
        crowd(6, 600, 1000, 1100, 120, rnd, 160),
      ];
    },
  },
  {
    place: 'Tempelhofer Feld',
    by: 'aiko',
    file: 'tempelhofer-feld-runway-kites.webp',
    shows: 'the old runway of Tempelhofer Feld at sunset: tarmac with faded markings to the horizon, kites in a huge sky, a cyclist',
    draw: (rnd) => {
      const runway = [
        poly(
          [
            [200, 1200],
            [760, 780],
            [840, 780],
            [1400, 1200],
          ],
          '#6d6a68',
        ),
      ];
      for (let i = 0; i < 10; i++) {
        const t = i / 10;
        const y = 790 + t * t * 420;
        runway.push(rect(800 - 4 - t * 10, y, 8 + t * 20, 14 + t * 40, '#e8e4dc'));
      }
      const kites: string[] = [];
      for (let i = 0; i < 5; i++) {
        const x = 200 + rnd() * 1200;
        const y = 120 + rnd() * 360;
        kites.push(
          poly(
            [
              [x, y - 40],
              [x + 30, y],
              [x, y + 50],
              [x - 30, y],
            ],
            pick(rnd, ['#e35d5b', '#f2c14e', '#3d8fb0', '#9b59b6', '#57b368']),
          ),
          path(`M${x},${y + 50} q20,60 -10,110 q-30,50 0,90`, 'none', 'stroke="#333333" stroke-width="2"'),
        );
      }
      return [
        sky('dusk', rnd, 780),
        layer([rect(300, 740, 600, 40, '#4a4552'), ...windows(300, 744, 600, 32, 16, 1, '#f2c880')]),
        ground(780, '#8aa35c'),
        layer(runway),
        layer(kites),
        layer([
          ...person(1000, 1030, 150, '#2f5d8a'),
          circle(960, 1040, 34, 'none', 'stroke="#222222" stroke-width="6"'),
          circle(1050, 1040, 34, 'none', 'stroke="#222222" stroke-width="6"'),
        ]),
        crowd(6, 100, 1500, 860, 60, rnd, 30),
      ];
    },
  },
  {
    place: 'Markthalle Neun',
    by: 'dev_s',
    file: 'markthalle-neun-street-food-night.webp',
    shows: 'Street Food Thursday in Markthalle Neun: an iron-roofed hall, long wooden tables full of people, steaming stands, warm lights',
    draw: (rnd) => {
      const body = [
        rect(0, 0, W, H, '#2b2422'),
        poly(
          [
            [0, 260],
            [800, 60],
            [1600, 260],
          ],
          '#3b3330',
        ),
      ];
      for (let i = 0; i < 9; i++) body.push(line(i * 200, 260 - Math.abs(800 - i * 200) * -0.25 - 200, i * 200, 900, '#55504b', 10));
      for (let i = 0; i < 5; i++)
        body.push(path(`M0,${300 + i * 30} Q800,${380 + i * 30} 1600,${300 + i * 30}`, 'none', 'stroke="#3a3430" stroke-width="3"'));
      for (let i = 0; i < 30; i++) body.push(circle(i * 55 + 20, 340 + Math.sin((i / 29) * Math.PI) * 80, 7, '#ffd27a'));
      for (let i = 0; i < 4; i++) {
        const x = 40 + i * 400;
        body.push(
          rect(x, 520, 340, 200, pick(rnd, ['#7a3a2a', '#2f5d5a', '#6a4a2a', '#3a4a6a'])),
          rect(x, 500, 340, 30, '#e9d8b0'),
          rect(x + 20, 560, 300, 100, '#f2c880', 'opacity="0.85"'),
        );
        for (let k = 0; k < 3; k++)
          body.push(
            path(`M${x + 80 + k * 80},500 q-20,-40 0,-80 q20,-40 0,-80`, 'none', 'stroke="#f4f1ea" stroke-width="8" opacity="0.35"'),
          );
      }
      body.push(rect(0, 780, W, 420, '#4a3d33'));
      for (let i = 0; i < 2; i++) body.push(rect(100, 940 + i * 140, 1400, 30, '#a3784a'));
      return [layer(body), crowd(26, 60, 1540, 1180, 190, rnd, 300)];
    },
  },
  {
    place: 'Berliner Fernsehturm',
    by: 'aiko',
    file: 'fernsehturm-sunset.webp',
    shows: 'the Berlin TV tower at sunset: a slender shaft, the silver sphere with its ring of windows, a red-and-white mast over the city',
    draw: (rnd) => {
      const tower = [
        poly(
          [
            [770, 1000],
            [786, 420],
            [814, 420],
            [830, 1000],
          ],
          '#d8d4cc',
        ),
        circle(800, 380, 80, '#c0c6cc'),
        rect(720, 370, 160, 18, '#3f4a55'),
      ];
      for (let i = 0; i < 8; i++) tower.push(rect(730 + i * 19, 374, 12, 10, '#f7d38a'));
      tower.push(path('M730,350 Q800,300 870,350', 'none', 'stroke="#a6adb4" stroke-width="3"'), rect(792, 110, 16, 200, '#e8e4dc'));
      for (let i = 0; i < 6; i++) tower.push(rect(792, 110 + i * 34, 16, 16, '#d9483c'));
      tower.push(circle(775, 360, 18, '#fff1c9', 'opacity="0.8"'));
      return [sky('dusk', rnd, 1000), layer(tower), skyline(1000, '#3a3048', rnd, 200), ground(1000, '#2e2a35')];
    },
  },
  {
    place: 'Memorial to the Murdered Jews of Europe',
    by: 'lena_k',
    file: 'holocaust-memorial-stelae.webp',
    shows: 'grey concrete stelae of the Memorial to the Murdered Jews of Europe in rows of different heights, one person walking between',
    draw: (rnd) => {
      const blocks: string[] = [];
      for (let r = 0; r < 9; r++) {
        const depth = 0.28 + 0.72 * (r / 8);
        const y = 640 + (r / 8) ** 1.6 * 520;
        for (let c = -6; c < 8; c++) {
          const w = 110 * depth;
          const x = 800 + (c + (r % 2) * 0.5) * 170 * depth;
          const h = (60 + 130 * (0.5 + 0.5 * Math.sin(c * 0.9 + r * 0.6)) + rnd() * 30) * depth;
          const top = 14 * depth;
          blocks.push(
            rect(x, y - h, w, h, mix('#6f7173', '#9a9c9e', depth)),
            poly(
              [
                [x, y - h],
                [x + w, y - h],
                [x + w + top, y - h - top],
                [x + top, y - h - top],
              ],
              mix('#a4a6a8', '#c9cbcd', depth),
            ),
            poly(
              [
                [x + w, y - h],
                [x + w + top, y - h - top],
                [x + w + top, y - top],
                [x + w, y],
              ],
              mix('#58595b', '#7d7f81', depth),
            ),
          );
        }
        if (r === 6) blocks.push(...person(760, y + 30, 170, '#2f3a4a'));
      }
      return [sky('overcast', rnd, 640), treeRow('round', 10, [0, 640, 120], [1600, 640, 120], rnd), ground(620, '#a9aaa7'), layer(blocks)];
    },
  },
  {
    place: 'Berliner Philharmonie',
    by: 'felix',
    file: 'philharmonie-golden-tent.webp',
    shows:
      'the Berliner Philharmonie in the evening: Scharoun’s golden, tent-like building of tilted roofs and angled walls, lit from inside',
    draw: (rnd) => {
      const gold = '#e1b858';
      const body = [
        poly(
          [
            [120, 900],
            [300, 520],
            [620, 380],
            [900, 300],
            [1180, 420],
            [1480, 560],
            [1540, 900],
          ],
          gold,
        ),
      ];
      body.push(
        poly(
          [
            [300, 520],
            [620, 380],
            [900, 300],
            [800, 560],
            [520, 620],
          ],
          mix(gold, '#ffffff', 0.2),
        ),
        poly(
          [
            [900, 300],
            [1180, 420],
            [1480, 560],
            [1100, 620],
            [800, 560],
          ],
          mix(gold, '#000000', 0.12),
        ),
      );
      for (let i = 0; i < 30; i++)
        body.push(line(140 + i * 47, 900, 160 + i * 45, 620 - Math.abs(15 - i) * -6, mix(gold, '#000000', 0.2), 3));
      body.push(rect(300, 760, 900, 140, '#f6e2a8', 'opacity="0.8"'));
      for (let i = 0; i < 12; i++) body.push(rect(320 + i * 72, 780, 48, 100, '#f2c86a'));
      return [
        sky('dusk', rnd, 900),
        layer(body),
        ground(900, '#4b4652'),
        treeRow('round', 3, [1320, 980, 260], [1600, 980, 260], rnd),
        crowd(8, 200, 1200, 1120, 110, rnd, 60),
      ];
    },
  },
  {
    place: 'Neues Museum',
    by: 'lena_k',
    file: 'neues-museum-staircase-hall.webp',
    shows: 'the staircase hall of the Neues Museum: plain concrete stairs rising between old brick walls still marked by the war',
    draw: (rnd) => {
      const body = [rect(0, 0, W, H, '#a8764f'), rect(0, 0, W, 120, '#d9dde0')];
      for (let r = 0; r < 40; r++)
        for (let c = 0; c < 22; c++)
          body.push(rect(c * 74 + (r % 2) * 37, 120 + r * 26, 70, 22, mix('#a8764f', pick(rnd, ['#8a5a3a', '#c08a5f', '#9a6a45']), 0.5)));
      for (let i = 0; i < 30; i++) body.push(circle(rnd() * W, 140 + rnd() * 700, 4 + rnd() * 10, '#6b4a30', 'opacity="0.6"'));
      for (let i = 0; i < 12; i++) {
        const y = 1200 - i * 48;
        const w = 700 - i * 18;
        body.push(rect(800 - w / 2, y - 48, w, 48, mix('#cfccc6', '#b8b4ad', (i % 2) * 0.5)));
      }
      body.push(rect(420, 560, 760, 40, '#c4c0b8'), rect(0, 100, W, 30, '#8c8f92'));
      for (let i = 0; i < 6; i++) body.push(line(i * 320, 0, i * 320 + 80, 120, '#aeb3b6', 6));
      return [layer(body), crowd(5, 520, 1080, 1040, 150, rnd, 420)];
    },
  },
  {
    place: 'Mauerpark',
    by: 'aiko',
    file: 'mauerpark-sunday-karaoke.webp',
    shows: 'Sunday karaoke in Mauerpark: a crowd on the amphitheatre’s steps, a singer by a cargo-bike sound system, graffiti and swings',
    draw: (rnd) => {
      const wall = [rect(0, 420, W, 120, '#c9c4bb')];
      for (let i = 0; i < 30; i++)
        wall.push(
          ellipse(
            rnd() * W,
            440 + rnd() * 80,
            30 + rnd() * 60,
            14 + rnd() * 20,
            pick(rnd, ['#e85d4a', '#2f8fd1', '#f2c230', '#57b368', '#9b59b6', '#1d1d1d']),
          ),
        );
      const swings = [
        line(1200, 260, 1400, 260, '#4a3a2a', 10),
        line(1210, 260, 1200, 400, '#4a3a2a', 8),
        line(1390, 260, 1400, 400, '#4a3a2a', 8),
        line(1260, 260, 1250, 340, '#333333', 2),
        line(1300, 260, 1310, 340, '#333333', 2),
      ];
      const steps: string[] = [];
      for (let i = 0; i < 7; i++) steps.push(rect(0, 560 + i * 60, W, 24, '#b8b0a2'), rect(0, 584 + i * 60, W, 36, '#9e968a'));
      const stage = [
        rect(560, 1020, 480, 180, '#8a8a7e'),
        rect(880, 960, 140, 60, '#d94b3d'),
        circle(900, 1030, 30, '#1d1d1d'),
        circle(1010, 1030, 30, '#1d1d1d'),
        rect(900, 920, 100, 50, '#222222'),
        ...person(720, 1120, 220, '#f2c230'),
      ];
      return [
        sky('day', rnd, 420),
        layer([path('M0,420 Q900,140 1600,300 L1600,420 Z', '#7fa85a'), rect(0, 560, W, 640, '#9e968a')]),
        layer(swings),
        layer(wall),
        layer(steps),
        crowd(40, 0, 1600, 980, 110, rnd, 380),
        layer(stage),
      ];
    },
  },
  {
    place: 'Café Einstein Stammhaus',
    by: 'felix',
    file: 'cafe-einstein-villa-garden.webp',
    shows:
      'the garden of Café Einstein Stammhaus in summer: small tables under old trees in front of the cream stucco villa with its tall windows',
    draw: (rnd) => {
      const villa = [
        rect(260, 240, 1080, 620, '#efe3c8'),
        poly(
          [
            [240, 240],
            [800, 120],
            [1360, 240],
          ],
          '#b5624a',
        ),
        ...windows(260, 280, 1080, 560, 7, 3, '#5c6a70', { arched: true }),
        rect(260, 460, 1080, 16, '#d9cba9'),
      ];
      const tables: string[] = [];
      for (let i = 0; i < 5; i++) tables.push(...bistro(180 + i * 310, 1100 - (i % 2) * 40, 1.2, '#f4f1ea', '#2e2e2e'));
      return [
        sky('day', rnd, 860),
        layer(villa),
        ground(860, '#c9b999'),
        treeRow('plane', 2, [60, 1000, 640], [1540, 1000, 640], rnd),
        layer([rect(0, 860, W, 40, '#7a9a5a')]),
        layer(tables),
        crowd(6, 200, 1400, 1080, 150, rnd, 40),
      ];
    },
  },
];
