import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { onlineManager } from '@tanstack/query-core';
import { createReachability, isUnanswered } from './reachability.ts';

/** A probe whose answers the test sets: `reachable` now, and how many times it was asked. */
function server(reachable: boolean) {
  const state = { reachable, asked: 0 };
  return {
    state,
    probe: () => {
      state.asked += 1;
      return Promise.resolve(state.reachable);
    },
  };
}

/** Lets the probe's answer be handled (setImmediate is not on the mock clock). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('whether the app can reach its server', () => {
  // The probes' schedule runs on the mock clock (and stops with it).
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => {
    mock.timers.reset();
    onlineManager.setOnline(true);
  });

  test('a request that got no answer asks the server; if it does not answer either, the app is offline', async () => {
    const down = server(false);
    const reach = createReachability({ probe: down.probe, retryAfter: [1000] });
    assert.equal(await reach.failed(), false);
    assert.equal(onlineManager.isOnline(), false);
    assert.equal(down.state.asked, 1);
  });

  test('a request that failed while the server answers (a refused route, a timeout) leaves the app online', async () => {
    const up = server(true);
    const reach = createReachability({ probe: up.probe });
    assert.equal(await reach.failed(), true);
    assert.equal(onlineManager.isOnline(), true);
  });

  test('failures at once share one question; offline, failures wait for the scheduled one', async () => {
    const down = server(false);
    const reach = createReachability({ probe: down.probe, retryAfter: [1000] });
    await Promise.all([reach.failed(), reach.failed(), reach.failed()]);
    assert.equal(down.state.asked, 1);
    await reach.failed();
    assert.equal(down.state.asked, 1, 'offline already: no new question per failure');
  });

  test('offline, it asks again on a schedule and is online as soon as the server answers', async () => {
    const down = server(false);
    const reach = createReachability({ probe: down.probe, retryAfter: [1000, 5000] });
    await reach.failed();
    mock.timers.tick(999);
    assert.equal(down.state.asked, 1);
    mock.timers.tick(1);
    await settle();
    assert.equal(down.state.asked, 2);
    down.state.reachable = true;
    mock.timers.tick(4999);
    await settle();
    assert.equal(down.state.asked, 2);
    mock.timers.tick(1);
    await settle();
    assert.equal(down.state.asked, 3);
    assert.equal(onlineManager.isOnline(), true);
  });

  test('any answer means online; the browser saying "online" is checked, "offline" believed', async () => {
    const up = server(false);
    const reach = createReachability({ probe: up.probe, retryAfter: [60_000] });
    reach.browserOffline();
    assert.equal(onlineManager.isOnline(), false);
    reach.browserOnline();
    await settle();
    assert.equal(onlineManager.isOnline(), false, 'the server still does not answer');
    reach.answered();
    assert.equal(onlineManager.isOnline(), true);
  });
});

describe('answers that say nothing about now', () => {
  // Offline, the next probe is scheduled: on the mock clock, so no real timer outlives the test.
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => {
    mock.timers.reset();
    onlineManager.setOnline(true);
  });

  test('an answer to a request sent before the browser said it went offline leaves the app offline; a later one brings it back', () => {
    let clock = 0;
    const reach = createReachability({ probe: () => Promise.resolve(false), retryAfter: [60_000], now: () => clock });
    const sentBefore = clock;
    clock = 10;
    reach.browserOffline();
    reach.answered(sentBefore);
    assert.equal(onlineManager.isOnline(), false, 'the answer left before the connection did');
    clock = 20;
    reach.answered(clock);
    assert.equal(onlineManager.isOnline(), true);
  });

  test('a failure while the server is being asked learns the same verdict', async () => {
    let answer: (reachable: boolean) => void = () => undefined;
    const reach = createReachability({ probe: () => new Promise<boolean>((resolve) => (answer = resolve)), retryAfter: [60_000] });
    const first = reach.failed();
    const second = reach.failed();
    answer(false);
    assert.deepEqual(await Promise.all([first, second]), [false, false]);
    assert.equal(onlineManager.isOnline(), false);
  });

  test('whenOnline waits for the app to reach the server again', async () => {
    const reach = createReachability({ probe: () => Promise.resolve(false), retryAfter: [60_000] });
    reach.browserOffline();
    let done = false;
    const waiting = reach.whenOnline().then(() => (done = true));
    await settle();
    assert.equal(done, false);
    reach.answered();
    await waiting;
    assert.equal(done, true);
  });
});

describe('a fetch that got no answer', () => {
  test('network errors and timeouts count; a caller giving up does not', () => {
    assert.equal(isUnanswered(new TypeError('Failed to fetch')), true);
    assert.equal(isUnanswered(new DOMException('signal timed out', 'TimeoutError')), true);
    assert.equal(isUnanswered(new DOMException('aborted', 'AbortError')), false);
    assert.equal(isUnanswered(new Error('500')), false);
  });
});
