import type { Username } from '../members.ts';
import type { PlaceName } from '../places.ts';
import type { Layer } from './kit.ts';

/** One demo picture: which review it is attached to, its file, its alt text and how to draw it. */
export interface Scene {
  place: PlaceName;
  /** The reviewer who "took" it; the photo is attached to their review of the place. */
  by: Username;
  file: string;
  /** What the picture shows, after "Generated illustration (not a photo): ". */
  shows: string;
  draw: (rnd: () => number) => Layer[];
}
