import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { nextTask } from '@/lib/next-task';
import { basemapAttribution, basemapUrl, tileAttribution, tileUrl } from './map-config';
import type { MapView } from './types';
import { zoomRange } from './view-math';
import './map.css';

let basemap: Promise<GeoJSON.FeatureCollection | null> | null = null;

/** The bundled countries outline, fetched once per page (≈ 56 KB gzipped). */
function loadBasemap(): Promise<GeoJSON.FeatureCollection | null> {
  basemap ??= fetch(basemapUrl)
    .then((response) => (response.ok ? (response.json() as Promise<GeoJSON.FeatureCollection>) : null))
    .catch(() => null);
  return basemap;
}

/**
 * A Leaflet map with the low-detail basemap in its own pane under the tiles: tiles cover it
 * when they load, and when they cannot the countries still show where the pins are.
 */
export function createMap(element: HTMLElement, view: MapView): L.Map {
  // preferCanvas: the basemap's ~250 countries go on one canvas instead of as SVG paths, far
  // less main-thread work on slow phones (Lighthouse TBT 1.2 s → 0.5 s).
  const map = L.map(element, {
    center: [view.lat, view.lng],
    zoom: view.zoom,
    minZoom: zoomRange.min,
    maxZoom: zoomRange.max,
    worldCopyJump: true,
    preferCanvas: true,
  });
  element.classList.add('pinstar-map');
  map.createPane('basemap').style.zIndex = '150';
  map.attributionControl.setPrefix(false);
  map.attributionControl.addAttribution(basemapAttribution);
  let removed = false;
  map.once('unload', () => {
    removed = true;
  });
  void loadBasemap().then((data) => {
    if (data) void addBasemap(map, data, () => removed);
  });
  // The tiles come in the next task: Leaflet's setup and the tile grid are two shorter tasks.
  // Their credit goes up at once, as the placeholder showed it.
  if (tileUrl) {
    if (tileAttribution) map.attributionControl.addAttribution(tileAttribution);
    const tiles = L.tileLayer(tileUrl, { maxZoom: 19, crossOrigin: true });
    setTimeout(() => {
      if (!removed) tiles.addTo(map);
    }, 0);
  }
  return map;
}

/**
 * Removes a map and every listener on it. Leaflet answers a window resize with a "moveend" 200 ms
 * later and does not cancel it on remove: a listener still attached would then read the removed
 * panes and throw.
 */
export function removeMap(map: L.Map): void {
  map.remove();
  map.off();
}

/**
 * Draws the countries a few at a time, one task each: all 180 (10 700 points) at once
 * (projection and canvas paths) is a 50 ms+ main-thread task on a mid-range phone, which
 * blocks input meanwhile.
 */
async function addBasemap(map: L.Map, data: GeoJSON.FeatureCollection, removed: () => boolean): Promise<void> {
  // A canvas barely larger than the map (Leaflet's default is 10 % more on every side): on a
  // retina phone each extra pixel is four, and the whole canvas is uploaded on every redraw.
  const renderer = L.canvas({ pane: 'basemap', padding: 0.02 });
  // Low-detail outlines: simplified a little more on screen (fewer points to draw) at no visible loss.
  const style: L.PolylineOptions = { color: '#94a3b8', weight: 0.8, fillColor: '#f8fafc', fillOpacity: 1, smoothFactor: 2, renderer };
  const layer = L.geoJSON(undefined, { pane: 'basemap', interactive: false, style });
  await nextTask();
  if (removed()) return;
  // The canvas first, in a task of its own: allocating it is the costliest single step.
  map.addLayer(renderer);
  await nextTask();
  if (removed()) return;
  layer.addTo(map);
  // Batches of about 400 points, not of a fixed number of countries: Russia alone has 800.
  let part: GeoJSON.Feature[] = [];
  let points = 0;
  for (const [index, feature] of data.features.entries()) {
    part.push(feature);
    points += countPoints(feature.geometry);
    if (points < 400 && index < data.features.length - 1) continue;
    await nextTask();
    if (removed()) return;
    const collection: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: part };
    layer.addData(collection);
    part = [];
    points = 0;
  }
}

function countPoints(geometry: GeoJSON.Geometry): number {
  const count = (coordinates: unknown): number =>
    Array.isArray(coordinates)
      ? typeof coordinates[0] === 'number'
        ? 1
        : coordinates.reduce((sum: number, item) => sum + count(item), 0)
      : 0;
  return geometry.type === 'GeometryCollection'
    ? geometry.geometries.reduce((sum, item) => sum + countPoints(item), 0)
    : count(geometry.coordinates);
}

export function pinIcon(active: boolean, name: string): L.DivIcon {
  return L.divIcon({
    className: active ? 'pinstar-pin is-active' : 'pinstar-pin',
    html: `<span></span><b class="sr-only-map">${escapeHtml(name)}</b>`,
    iconSize: [28, 28],
    iconAnchor: [14, 28],
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
