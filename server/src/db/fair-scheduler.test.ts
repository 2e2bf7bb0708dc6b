import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DbError } from './errors.ts';
import { FairScheduler } from './fair-scheduler.ts';

/** A statement a caller sends: `at` ms after the start, `cost` ms in the engine. */
interface Job {
  label: string;
  caller: string;
  at: number;
  cost: number;
}

interface Run {
  /** Labels in the order the engine started them. */
  started: string[];
  /** ms from arrival to the end of each job's statement. */
  latency: Map<string, number>;
  /** Messages in the engine when each job was posted. */
  loadAtPost: Map<string, number>;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A simulated engine on a virtual clock, as PgliteDatabase drives the scheduler: one
 * statement at a time in posting order; each answer charges its caller and pumps. Every
 * job is a single-statement transaction: its turn is given back once it is posted.
 */
async function simulate(jobs: Job[], history: Array<[string, number]> = []): Promise<Run> {
  let now = 0;
  const engine: Array<{ job: Job; since: number }> = [];
  const scheduler = new FairScheduler({ engineLoad: () => engine.length, now: () => now, pipelineDepth: 4 });
  for (const [caller, ms] of history) scheduler.charge(caller, ms);
  const run: Run = { started: [], latency: new Map(), loadAtPost: new Map() };
  const post = (job: Job) => {
    run.loadAtPost.set(job.label, engine.length);
    engine.push({ job, since: now });
    if (engine.length === 1) run.started.push(job.label);
  };
  const arrivals = [...jobs].sort((a, b) => a.at - b.at);
  let headStarted = 0;
  while (arrivals.length > 0 || engine.length > 0) {
    const head = engine[0];
    const nextArrival = arrivals[0];
    const headEnds = head ? headStarted + head.job.cost : Infinity;
    if (nextArrival && nextArrival.at < headEnds) {
      arrivals.shift();
      now = nextArrival.at;
      if (engine.length === 0) headStarted = now;
      void scheduler.acquire(nextArrival.caller).then((turn) => {
        if (engine.length === 0) headStarted = now;
        post(nextArrival);
        turn.release();
      });
    } else if (head) {
      now = headEnds;
      engine.shift();
      run.latency.set(head.job.label, now - head.job.at);
      scheduler.charge(head.job.caller, head.job.cost);
      headStarted = now;
      const following = engine[0];
      if (following) run.started.push(following.job.label);
      scheduler.pump();
    }
    await flush();
  }
  return run;
}

const attackers = ['a', 'b', 'c', 'd'];
/** Four callers that each already ran slow statements and keep one more queued. */
const slowRound = (at: number, round: number): Job[] => attackers.map((caller) => ({ label: `${caller}${round}`, caller, at, cost: 1000 }));

test('ordering between callers', async (t) => {
  const cases: Array<{ name: string; jobs: Job[]; history?: Array<[string, number]>; expect: (run: Run) => void }> = [
    {
      name: 'callers that used the engine alike take turns (round-robin)',
      jobs: ['x1', 'x2', 'x3', 'y1', 'y2', 'y3'].map((label) => ({ label, caller: label[0] ?? '', at: 0, cost: 10 })),
      history: [
        ['x', 100],
        ['y', 100],
      ],
      expect: (run) => assert.deepEqual(run.started, ['x1', 'y1', 'x2', 'y2', 'x3', 'y3']),
    },
    {
      name: 'a new caller goes next after the statement running now, ahead of queued slow callers',
      jobs: [...slowRound(0, 1), ...slowRound(0, 2), { label: 'member', caller: 'm', at: 500, cost: 1 }],
      history: attackers.map((caller) => [caller, 1000]),
      expect: (run) => {
        assert.equal(run.started[1], 'member');
        assert.equal(run.latency.get('member'), 501);
      },
    },
    {
      name: 'a member who keeps probing is never behind more than the running slow statement',
      jobs: [
        ...slowRound(0, 1),
        ...slowRound(0, 2),
        ...slowRound(0, 3),
        ...Array.from({ length: 20 }, (_, i) => ({ label: `probe${i}`, caller: 'm', at: 50 + i * 250, cost: 1 })),
      ],
      history: attackers.map((caller) => [caller, 1000]),
      expect: (run) => {
        for (let i = 0; i < 20; i++)
          assert.ok((run.latency.get(`probe${i}`) ?? Infinity) <= 1001, `probe${i}: ${run.latency.get(`probe${i}`)}`);
      },
    },
    {
      name: 'a known cheap caller pipelines behind unanswered messages, at most pipelineDepth (4 here) deep',
      jobs: Array.from({ length: 12 }, (_, i) => ({ label: `r${i}`, caller: 'x', at: 0, cost: 1 })),
      history: [['x', 1]],
      expect: (run) => {
        const loads = [...run.loadAtPost.values()];
        assert.equal(Math.max(...loads), 3);
        assert.deepEqual(
          run.started,
          Array.from({ length: 12 }, (_, i) => `r${i}`),
        );
      },
    },
    {
      name: 'a caller with no history or a slow recent statement is only posted to an idle engine',
      jobs: [
        { label: 'cheap', caller: 'x', at: 0, cost: 5 },
        { label: 'new', caller: 'n', at: 1, cost: 5 },
        { label: 'slow', caller: 's', at: 2, cost: 5 },
      ],
      history: [
        ['x', 1],
        ['s', 800],
      ],
      expect: (run) => {
        assert.equal(run.loadAtPost.get('new'), 0);
        assert.equal(run.loadAtPost.get('slow'), 0);
      },
    },
  ];
  for (const c of cases) await t.test(c.name, async () => c.expect(await simulate(c.jobs, c.history)));
});

test('a transaction holds the turn until it ends; nobody else is granted meanwhile', async () => {
  const scheduler = new FairScheduler({ engineLoad: () => 0 });
  const first = await scheduler.acquire('a');
  let second = false;
  void scheduler.acquire('b').then((turn) => {
    second = true;
    turn.release();
  });
  await flush();
  assert.equal(second, false);
  first.release();
  first.release();
  await flush();
  assert.equal(second, true);
});

test('a caller with too many transactions waiting is refused with 53300, others are not', async () => {
  const scheduler = new FairScheduler({ engineLoad: () => 0, maxQueuedPerCaller: 3 });
  const holder = await scheduler.acquire('busy');
  const waiting = [1, 2, 3].map(() => scheduler.acquire('busy'));
  await assert.rejects(scheduler.acquire('busy'), (error: unknown) => error instanceof DbError && error.code === '53300');
  const other = scheduler.acquire('other');
  holder.release();
  for (const turn of [...waiting, other]) (await turn).release();
});

test('charged engine time halves every half-life', () => {
  let now = 0;
  const scheduler = new FairScheduler({ engineLoad: () => 0, now: () => now, halfLifeMs: 1000 });
  scheduler.charge('a', 800);
  now = 2000;
  assert.deepEqual(scheduler.usage('a'), { usage: 200, peak: 200 });
});
