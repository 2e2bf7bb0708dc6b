import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { estimateBounds, zoomRange } from './view-math.ts';

// The bounds Explore asks for before its map is there must be the ones the map then reports
// (tests/e2e/explore-map.test.ts checks them against Leaflet in Chromium): the cases here are
// the ones a formula of the view alone gets wrong.
describe('estimateBounds', () => {
  test('the zoom is the whole one the map snaps to, within the zooms it allows', () => {
    const at = (zoom: number) => estimateBounds({ lat: 35.68, lng: 139.7, zoom }, 1001, 777);
    assert.deepEqual(at(10.4), at(10));
    assert.deepEqual(at(10.6), at(11));
    assert.deepEqual(at(0), at(zoomRange.min));
    assert.deepEqual(at(25), at(zoomRange.max));
  });

  test('the west and east edges sit on whole pixels, the width apart', () => {
    // At zoom 2 the world is 1,024 px wide and high.
    const px = (lng: number) => ((lng + 180) / 360) * 1024;
    for (const lng of [10, 10.1, 10.2, 20]) {
      const b = estimateBounds({ lat: 20, lng, zoom: 2 }, 864, 744);
      assert.ok(Math.abs(px(b.west) - Math.round(px(b.west))) < 1e-9, `west of ${lng}: ${px(b.west)} px`);
      assert.ok(Math.abs(px(b.east) - px(b.west) - 864) < 1e-9, `east of ${lng}`);
    }
  });

  test('a view across the antimeridian keeps its west edge east of its east edge, as the map reports it', () => {
    // 1,001 px at zoom 5 (a world of 8,192 px) is 44°.
    const b = estimateBounds({ lat: 35.6, lng: 179.9, zoom: 5 }, 1001, 777);
    assert.ok(b.west > 157.8 && b.west < 158, `west ${b.west}`);
    assert.ok(b.east > -158.2 && b.east < -158, `east ${b.east}`);
  });

  test('a map wider than the world spans it; latitudes past the projection’s edge are kept up to 90', () => {
    const b = estimateBounds({ lat: 80, lng: 10, zoom: 2 }, 1600, 1000);
    assert.equal(b.west, -180);
    assert.equal(b.east, 180);
    assert.ok(b.north > 85.06 && b.north <= 90, `north ${b.north}`);
  });
});
