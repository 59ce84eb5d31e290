/// <reference lib="dom" />
/**
 * The landing map (loaded by landing.ts after the page has painted, only on pages with a map
 * element): draws the campaign's redemption centres on tiles from the tenant's tile server
 * (`map.tiles` in the page data). Listens for `lp:location` on the map box to show the person's
 * position. Built separately from the page script so pages without a map never load Leaflet.
 */
import { circleMarker, latLngBounds, map as leafletMap, tileLayer } from 'leaflet';

type Centre = { name: string; address?: string; lat?: number; lng?: number };
type MapData = { centres: Centre[]; map?: { tiles: { url: string; attribution: string } } };

function escapeText(value: string): string {
  // Leaflet writes attributions and popups as HTML: the tenant's text goes in as text
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function draw(canvas: HTMLElement, data: MapData): void {
  const tiles = data.map?.tiles;
  const located = data.centres.filter(
    (c): c is Centre & { lat: number; lng: number } => typeof c.lat === 'number' && typeof c.lng === 'number',
  );
  if (!tiles || located.length === 0) return;
  const view = leafletMap(canvas, { scrollWheelZoom: false, attributionControl: true });
  view.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  tileLayer(tiles.url, { attribution: escapeText(tiles.attribution), maxZoom: 18 }).addTo(view);
  const bounds = latLngBounds(located.map((c) => [c.lat, c.lng] as [number, number]));
  for (const centre of located) {
    circleMarker([centre.lat, centre.lng], { radius: 8, color: '#1c4e80', fillOpacity: 0.8 })
      .bindPopup(
        `<strong>${escapeText(centre.name)}</strong>${centre.address ? `<br>${escapeText(centre.address)}` : ''}`,
      )
      .addTo(view);
  }
  view.fitBounds(bounds, { padding: [24, 24], maxZoom: 15 });
  canvas.dataset.ready = 'true';
  canvas.closest('[data-map]')?.addEventListener('lp:location', (event) => {
    const { lat, lng } = (event as CustomEvent<{ lat: number; lng: number }>).detail;
    circleMarker([lat, lng], { radius: 6, color: '#b00020', fillOpacity: 1 }).addTo(view);
    view.fitBounds(bounds.extend([lat, lng]), { padding: [24, 24], maxZoom: 15 });
  });
}

const element = document.getElementById('landing-data');
const data = element ? (JSON.parse(element.textContent ?? '{}') as MapData) : null;
if (data)
  for (const canvas of Array.from(document.querySelectorAll<HTMLElement>('.lp-map-canvas')))
    draw(canvas, data);
