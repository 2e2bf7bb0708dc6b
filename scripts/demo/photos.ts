/**
 * The demo photos: a drawn picture of each place (two of Monmouth Coffee), each attached to a
 * review of that place by the member who "took" it. They are illustrations, not photographs,
 * and their alt text says so before describing what the picture shows.
 */
import { berlinScenes } from './scenes/berlin.ts';
import { londonScenes } from './scenes/london.ts';
import { newYorkScenes } from './scenes/new-york.ts';
import { parisScenes } from './scenes/paris.ts';
import type { Scene } from './scenes/scene.ts';
import { tokyoScenes } from './scenes/tokyo.ts';

export const demoScenes: Scene[] = [...parisScenes, ...londonScenes, ...newYorkScenes, ...berlinScenes, ...tokyoScenes];

/** How every demo photo's alt text begins: it is a drawing, whatever it shows. */
export const altPrefix = 'Illustration: ';

export interface DemoPhoto {
  place: string;
  by: string;
  file: string;
  alt: string;
}

export const demoPhotos: DemoPhoto[] = demoScenes.map((s) => ({ place: s.place, by: s.by, file: s.file, alt: altPrefix + s.shows }));
