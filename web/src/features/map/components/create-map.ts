import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { basemapAttribution, basemapUrl, tileAttribution, tileUrl } from '../map-config';
import type { MapView } from '../types';
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
    minZoom: 2,
    maxZoom: 18,
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
 * Draws the countries ten at a time, one task each: all ~250 at once (projection and canvas
 * paths) is a 50 ms+ main-thread task on a mid-range phone, which blocks input meanwhile.
 */
async function addBasemap(map: L.Map, data: GeoJSON.FeatureCollection, removed: () => boolean): Promise<void> {
  // A canvas barely larger than the map (Leaflet's default is 10 % more on every side): on a
  // retina phone each extra pixel is four, and the whole canvas is uploaded on every redraw.
  const renderer = L.canvas({ pane: 'basemap', padding: 0.02 });
  // Low-detail outlines: simplified a little more on screen (fewer points to draw) at no visible loss.
  const style: L.PolylineOptions = { color: '#94a3b8', weight: 0.8, fillColor: '#f8fafc', fillOpacity: 1, smoothFactor: 2, renderer };
  const layer = L.geoJSON(undefined, { pane: 'basemap', interactive: false, style });
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  await nextTask();
  if (removed()) return;
  // The canvas first, in a task of its own: allocating it is the costliest single step.
  map.addLayer(renderer);
  await nextTask();
  if (removed()) return;
  layer.addTo(map);
  const batch = 10;
  for (let start = 0; start < data.features.length; start += batch) {
    await nextTask();
    if (removed()) return;
    const part: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: data.features.slice(start, start + batch) };
    layer.addData(part);
  }
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
