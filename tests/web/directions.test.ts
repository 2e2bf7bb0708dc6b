import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { directionsUrl, mapsPlatform } from '../../web/src/lib/directions.ts';

// "Directions" on each kind of device: the maps app it has, at the place's coordinates, no key.
describe('directions', () => {
  const place = { name: 'Café de Flore', lat: 48.854, lng: 2.3325 };
  const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
  const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

  test('Android gets a geo: URI, iPhone and iPad Apple Maps, everyone else Google Maps', () => {
    assert.equal(mapsPlatform(android), 'android');
    assert.equal(mapsPlatform(iphone), 'ios');
    assert.equal(mapsPlatform(ipad, 5), 'ios');
    assert.equal(mapsPlatform(ipad, 0), 'other');
    assert.equal(mapsPlatform(desktop), 'other');
    assert.equal(directionsUrl(place, 'android'), 'geo:48.854,2.3325?q=48.854%2C2.3325(Caf%C3%A9%20de%20Flore)');
    assert.equal(directionsUrl(place, 'ios'), 'https://maps.apple.com/?daddr=48.854%2C2.3325&q=Caf%C3%A9+de+Flore');
    assert.equal(directionsUrl(place, 'other'), 'https://www.google.com/maps/dir/?api=1&destination=48.854%2C2.3325');
  });
});
