import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createOutbox, memoryStorage, sessionNeedsRefresh, type OutboxItem, type OutboxOptions } from './outbox.ts';

class Unreachable extends Error {}
class Refused extends Error {}

function setup(overrides: Partial<OutboxOptions> = {}, initial: OutboxItem[] = []) {
  const storage = memoryStorage(initial);
  const sent: string[] = [];
  const events: string[] = [];
  let clock = 1000;
  let id = 0;
  const outbox = createOutbox({
    storage,
    senders: {
      star: (item) => {
        sent.push(item.label);
        return Promise.resolve();
      },
    },
    beforeReplay: () => Promise.resolve(void events.push('refresh')),
    isUnreachable: (error) => error instanceof Unreachable,
    describe: (error) => (error instanceof Error ? error.message : 'unknown'),
    newId: () => `id-${++id}`,
    now: () => clock++,
    ...overrides,
  });
  const add = (label: string, userId = 'ada', kind = 'star') => outbox.add({ userId, kind, subject: 'place-1', label, payload: { label } });
  return { outbox, storage, sent, events, add };
}

test('items are stored, listed per member oldest first, and sent in the order they were made', async () => {
  const { outbox, storage, sent, events, add } = setup();
  await add('first');
  await add('theirs', 'bob');
  await add('second');
  assert.deepEqual(
    outbox.list('ada').map((i) => [i.label, i.status]),
    [
      ['first', 'waiting'],
      ['second', 'waiting'],
    ],
  );
  assert.equal(storage.items.size, 3);
  const result = await outbox.replay('ada');
  assert.deepEqual(result, { sent: 2, failed: 0, waiting: 0 });
  assert.deepEqual(sent, ['first', 'second']);
  assert.deepEqual(events, ['refresh'], 'the session is checked once, before anything is sent');
  assert.deepEqual(outbox.list('ada'), []);
  assert.deepEqual(
    [...storage.items.values()].map((i) => i.label),
    ['theirs'],
    'another member’s item is neither sent nor removed',
  );
});

test('items survive a reload: a new outbox on the same storage lists and sends them', async () => {
  const first = setup();
  await first.add('kept');
  const { outbox, sent } = setup({}, [...first.storage.items.values()]);
  await outbox.ready;
  assert.deepEqual(
    outbox.list('ada').map((i) => i.label),
    ['kept'],
  );
  await outbox.replay('ada');
  assert.deepEqual(sent, ['kept']);
});

test('an item shows as waiting only once the device has stored it; one it cannot store is not shown, and the caller hears why', async () => {
  const storage = memoryStorage();
  let finishWrite: () => void = () => undefined;
  let failWrite = false;
  const { outbox, add } = setup({
    storage: {
      ...storage,
      put: (item) =>
        new Promise<void>((resolve, reject) => {
          finishWrite = () => (failWrite ? reject(new Error('QuotaExceededError')) : resolve(void storage.items.set(item.id, item)));
        }),
    },
  });
  const adding = add('starred offline');
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(outbox.list('ada'), [], 'nothing shows while the device is still writing');
  finishWrite();
  await adding;
  assert.deepEqual(
    outbox.list('ada').map((i) => i.label),
    ['starred offline'],
  );
  failWrite = true;
  const failing = add('not storable');
  await new Promise((resolve) => setTimeout(resolve, 0));
  finishWrite();
  await assert.rejects(failing, /QuotaExceededError/);
  assert.deepEqual(
    outbox.list('ada').map((i) => i.label),
    ['starred offline'],
  );
});

test('a refusal marks the item failed with the reason and the replay goes on; nothing is dropped', async () => {
  const sent: string[] = [];
  const { outbox, storage, add } = setup({
    senders: {
      star: (item) => {
        if (item.label === 'hidden place') return Promise.reject(new Refused('This place is no longer available.'));
        sent.push(item.label);
        return Promise.resolve();
      },
    },
  });
  await add('hidden place');
  await add('after');
  assert.deepEqual(await outbox.replay('ada'), { sent: 1, failed: 1, waiting: 0 });
  assert.deepEqual(sent, ['after']);
  const [failed] = outbox.list('ada');
  assert.equal(failed?.status, 'failed');
  assert.equal(failed?.error, 'This place is no longer available.');
  assert.equal(storage.items.get(failed?.id ?? '')?.status, 'failed', 'the failure is stored too');
  // A later replay does not resend a failed item by itself.
  assert.deepEqual(await outbox.replay('ada'), { sent: 0, failed: 0, waiting: 0 });
  await outbox.discard(failed?.id ?? '');
  assert.deepEqual(outbox.list('ada'), []);
  assert.equal(storage.items.size, 0);
});

test('retry sends a failed item again', async () => {
  let refuse = true;
  const { outbox, add } = setup({
    senders: { star: () => (refuse ? Promise.reject(new Refused('No.')) : Promise.resolve()) },
  });
  const item = await add('star');
  await outbox.replay('ada');
  assert.equal(outbox.list('ada')[0]?.status, 'failed');
  refuse = false;
  assert.deepEqual(await outbox.retry(item.id), { sent: 1, failed: 0, waiting: 0 });
  assert.deepEqual(outbox.list('ada'), []);
});

test('an unreachable server stops the replay and keeps the rest waiting, in order', async () => {
  let reachable = false;
  const sent: string[] = [];
  const { outbox, add } = setup({
    senders: {
      star: (item) => {
        if (!reachable) return Promise.reject(new Unreachable('offline'));
        sent.push(item.label);
        return Promise.resolve();
      },
    },
  });
  await add('a');
  await add('b');
  assert.deepEqual(await outbox.replay('ada'), { sent: 0, failed: 0, waiting: 2 });
  assert.deepEqual(
    outbox.list('ada').map((i) => [i.label, i.status]),
    [
      ['a', 'waiting'],
      ['b', 'waiting'],
    ],
  );
  reachable = true;
  await outbox.replay('ada');
  assert.deepEqual(sent, ['a', 'b']);
});

test('a failed session refresh sends nothing', async () => {
  const { outbox, sent, add } = setup({ beforeReplay: () => Promise.reject(new Unreachable('refresh failed')) });
  await add('a');
  await assert.rejects(outbox.replay('ada'));
  assert.deepEqual(sent, []);
  assert.equal(outbox.list('ada')[0]?.status, 'waiting');
});

test('replays asked for at once run one after the other: nothing is sent twice', async () => {
  const sent: string[] = [];
  const { outbox, add } = setup({
    senders: {
      star: async (item) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(item.label);
      },
    },
  });
  await add('a');
  await add('b');
  await Promise.all([outbox.replay('ada'), outbox.replay('ada'), outbox.replay('ada')]);
  assert.deepEqual(sent, ['a', 'b']);
});

test('opening an empty outbox changes nothing its subscribers see; opening a stored one tells them', async () => {
  // A component rendered while the device storage is read must not see its snapshot change
  // when the storage turns out empty (React would render the whole page again, synchronously).
  const empty = setup();
  const before = empty.outbox.snapshot();
  let heard = 0;
  empty.outbox.subscribe(() => heard++);
  await empty.outbox.ready;
  assert.equal(heard, 0);
  assert.equal(empty.outbox.snapshot(), before);

  const first = setup();
  await first.add('kept');
  const stored = setup({}, [...first.storage.items.values()]);
  const initial = stored.outbox.snapshot();
  let told = 0;
  stored.outbox.subscribe(() => told++);
  await stored.outbox.ready;
  assert.equal(told, 1);
  assert.notEqual(stored.outbox.snapshot(), initial);
  assert.deepEqual(
    stored.outbox.snapshot().map((i) => i.label),
    ['kept'],
  );
});

test('subscribers hear of every change; clear forgets everything', async () => {
  const { outbox, storage, add } = setup();
  let calls = 0;
  const unsubscribe = outbox.subscribe(() => calls++);
  await add('a');
  await add('b', 'bob');
  assert.ok(calls >= 2);
  await outbox.clear();
  assert.deepEqual(outbox.list('ada'), []);
  assert.equal(storage.items.size, 0);
  unsubscribe();
  const before = calls;
  await add('c');
  assert.equal(calls, before);
});

test('the session is refreshed when its token has ended or ends within a minute', () => {
  const now = 1_000_000_000_000;
  assert.equal(sessionNeedsRefresh(now / 1000 - 10, now), true, 'expired');
  assert.equal(sessionNeedsRefresh(now / 1000 + 30, now), true, 'ends in 30 s');
  assert.equal(sessionNeedsRefresh(now / 1000 + 3600, now), false, 'an hour left');
  assert.equal(sessionNeedsRefresh(undefined, now), true, 'unknown expiry');
});
