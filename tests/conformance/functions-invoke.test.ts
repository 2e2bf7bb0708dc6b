import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { repoRoot } from '../support/server.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const fixture = path.join(repoRoot, 'tests/fixtures/functions/project');

// Full TypeScript as Deno accepts it (an enum needs a transform, not only stripping); written at
// test time because the repository's type check only allows erasable syntax.
const enumFunction = `enum Mood { Happy = 'happy', Grumpy = 'grumpy' }
Deno.serve(() => new Response(JSON.stringify({ moods: [Mood.Happy, Mood.Grumpy] }), { headers: { 'Content-Type': 'application/json' } }));
`;

for (const target of conformanceTargets({ listen: true })) {
  describe(`edge functions on ${target.name}`, () => {
    let server: ConformanceTarget;
    // A copy outside the repository: the reload test edits it, and functions there resolve
    // packages through the server's own node_modules.
    const project = mkdtempSync(path.join(tmpdir(), 'pinstar-functions-'));
    before(async () => {
      cpSync(fixture, project, { recursive: true });
      mkdirSync(path.join(project, 'functions/enums'));
      writeFileSync(path.join(project, 'functions/enums/index.ts'), enumFunction);
      server = await target.start(project);
    });
    after(async () => {
      await server?.close();
      rmSync(project, { recursive: true, force: true });
    });

    test('invokes with JSON, text and binary bodies; sub-paths and query reach the function', async () => {
      const fn = server.client().functions;
      const jsonCall = await fn.invoke('echo/sub/path?x=1', { body: { hello: 'world', n: [1, 2] } });
      assert.equal(jsonCall.error, null);
      assert.deepEqual(jsonCall.data, { method: 'POST', path: '/echo/sub/path', query: '?x=1', body: { hello: 'world', n: [1, 2] } });
      const textCall = await fn.invoke('echo', { body: 'plain words' });
      assert.equal(textCall.data, 'echo: plain words');
      const bytes = new Uint8Array([1, 2, 3, 250, 0, 7]);
      const binary = await fn.invoke('echo', { body: bytes.buffer });
      assert.equal(binary.error, null);
      assert.ok(binary.data instanceof Blob);
      assert.deepEqual([...new Uint8Array(await binary.data.arrayBuffer())], [7, 0, 250, 3, 2, 1]);
      const put = await fn.invoke('echo', { method: 'PUT', body: { a: 1 } });
      assert.equal((put.data as { method: string }).method, 'PUT');
    });

    test('the environment: SUPABASE_* keys and URL, functions/.env, nothing of the host', async () => {
      const { data } = await server.client().functions.invoke('echo/env', { method: 'GET' });
      assert.deepEqual(data, {
        url: server.url,
        anon: server.anonKey,
        service: server.serviceRoleKey,
        db: server.databaseUrl,
        publishable: { default: server.keys.publishableKey },
        secret: { default: server.keys.secretKey },
        greeting: 'Bonjour',
        plain: 'plain',
        hasPath: false,
      });
    });

    test('verify_jwt: on by default (401 bodies of the runtime), off per function in config.toml', async () => {
      const base = `${server.url}/functions/v1`;
      const missing = await server.fetch(`${base}/echo`, { method: 'POST' });
      assert.equal(missing.status, 401);
      assert.deepEqual(await missing.json(), { msg: 'Error: Missing authorization header' });
      const invalid = await server.fetch(`${base}/echo`, { method: 'POST', headers: { Authorization: 'Bearer nope' } });
      assert.equal(invalid.status, 401);
      assert.deepEqual(await invalid.json(), { msg: 'Invalid JWT' });
      const open = await server.fetch(`${base}/public-echo`, { method: 'POST' });
      assert.equal(open.status, 200);
      assert.deepEqual(await open.json(), { ok: true, method: 'POST', auth: null });
      const viaClient = await server.client(server.keys.publishableKey).functions.invoke('echo', { body: 'x' });
      assert.ok(viaClient.error instanceof FunctionsHttpError);
      assert.equal(viaClient.response?.status, 401);
    });

    test('errors: non-2xx as FunctionsHttpError with the function’s body; throws, boot failures and hangs', async () => {
      const fn = server.client().functions;
      const teapot = await fn.invoke('public-echo?status=418');
      assert.ok(teapot.error instanceof FunctionsHttpError);
      assert.equal(teapot.error.context.status, 418);
      assert.deepEqual(await teapot.error.context.json(), { ok: false, method: 'POST', auth: `Bearer ${server.anonKey}` });

      const boom = await server.fetch(`${server.url}/functions/v1/boom`, { method: 'POST' });
      assert.equal(boom.status, 500);
      const boomText = await boom.text();
      assert.equal(boomText, 'Internal Server Error');
      assert.doesNotMatch(boomText, /hunter2/);

      const broken = await server.fetch(`${server.url}/functions/v1/broken`);
      assert.equal(broken.status, 503);
      assert.deepEqual(await broken.json(), { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });

      const crash = await server.fetch(`${server.url}/functions/v1/crash`);
      assert.equal(crash.status, 500);
      assert.deepEqual(await crash.json(), { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });

      const unknown = await server.fetch(`${server.url}/functions/v1/nope`, { headers: { Authorization: `Bearer ${server.anonKey}` } });
      assert.equal(unknown.status, 404);
      assert.equal(await unknown.text(), 'Function not found');
      const shared = await server.fetch(`${server.url}/functions/v1/_shared`);
      assert.equal(shared.status, 404);
      const disabled = await server.fetch(`${server.url}/functions/v1/disabled`, {
        headers: { Authorization: `Bearer ${server.anonKey}` },
      });
      assert.equal(disabled.status, 404);
      assert.equal(await disabled.text(), 'Function not found');

      const started = Date.now();
      const hang = await server.fetch(`${server.url}/functions/v1/hang`);
      assert.equal(hang.status, 546);
      assert.deepEqual(await hang.json(), {
        code: 'WORKER_LIMIT',
        message: 'Worker failed to respond due to a resource limit (please check logs)',
      });
      assert.ok(Date.now() - started < 10_000);
      const health = await server.fetch(`${server.url}/functions/v1/public-echo`);
      assert.equal(health.status, 200);
    });

    test('import maps, npm: specifiers and TypeScript enums', async () => {
      const fn = server.client().functions;
      const ok = await fn.invoke('imports', { body: { mood: 'happy' } });
      assert.deepEqual(ok.data, { mood: 'happy', same: true });
      const bad = await fn.invoke('imports', { body: { mood: 'meh' } });
      assert.equal(bad.error?.context.status, 422);
      assert.deepEqual(await bad.error?.context.json(), { error: 'mood must be happy or grumpy' });
      const enums = await fn.invoke('enums');
      assert.deepEqual(enums.data, { moods: ['happy', 'grumpy'] });
    });

    // Streaming is the socket's subject: these two go over the network (the suite's targets listen).
    test('streamed responses (server-sent events) flow as the function produces them', async () => {
      const response = await fetch(`${server.url}/functions/v1/ticker`);
      assert.equal(response.headers.get('content-type'), 'text/event-stream');
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      let firstAt = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!firstAt) firstAt = performance.now();
        text += decoder.decode(value, { stream: true });
      }
      const endAt = performance.now();
      assert.equal(text, 'data: tick 1\n\ndata: tick 2\n\ndata: tick 3\n\n');
      // The first tick arrived while the function was still waiting to produce the next two.
      assert.ok(endAt - firstAt >= 500, `first chunk only ${Math.round(endAt - firstAt)} ms before the end`);
    });

    test('a client that leaves a streamed response early leaves the server serving (the rest of the stream is dropped)', async () => {
      const listeners = process.listenerCount('uncaughtException');
      const thrown: unknown[] = [];
      const record = (error: unknown) => thrown.push(error);
      process.on('uncaughtException', record);
      try {
        const response = await fetch(`${server.url}/functions/v1/ticker`);
        const reader = response.body!.getReader();
        assert.equal(new TextDecoder().decode((await reader.read()).value), 'data: tick 1\n\n');
        await reader.cancel();
        // the function goes on producing its two other ticks, then ends
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const again = await fetch(`${server.url}/functions/v1/ticker`);
        assert.equal(await again.text(), 'data: tick 1\n\ndata: tick 2\n\ndata: tick 3\n\n');
        assert.deepEqual(thrown, []);
      } finally {
        process.off('uncaughtException', record);
        assert.equal(process.listenerCount('uncaughtException'), listeners);
      }
    });

    test('CORS preflight reaches the function, which answers it itself', async () => {
      const preflight = await server.fetch(`${server.url}/functions/v1/echo`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
      assert.equal(preflight.status, 200);
      assert.equal(await preflight.text(), 'ok');
      assert.equal(preflight.headers.get('access-control-allow-headers'), 'authorization, x-client-info, apikey, content-type');
    });

    test('the sample function calls back into auth, REST and storage with the service key', async () => {
      const admin = server.admin();
      const email = `fn-${Date.now()}@example.com`;
      const created = await admin.auth.admin.createUser({ email, password: 'correct horse battery', email_confirm: true });
      assert.equal(created.error, null);
      const id = created.data.user?.id ?? '';
      assert.equal(
        (
          await admin.from('notes').insert([
            { owner: id, body: 'first' },
            { owner: id, body: 'second' },
          ])
        ).error,
        null,
      );
      const user = server.client();
      const signIn = await user.auth.signInWithPassword({ email, password: 'correct horse battery' });
      assert.equal(signIn.error, null);
      const { data, error } = await user.functions.invoke('whoami');
      assert.equal(error, null);
      assert.deepEqual(data, { id, email, notes: ['first', 'second'], buckets: 0 });
    });

    test('a function is reloaded when its file changes', async () => {
      const file = path.join(project, 'functions/public-echo/index.ts');
      assert.equal(((await (await server.fetch(`${server.url}/functions/v1/public-echo`)).json()) as { ok: boolean }).ok, true);
      writeFileSync(file, `Deno.serve(() => new Response('reloaded'));\n`);
      let text = '';
      for (let i = 0; i < 50 && text !== 'reloaded'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        text = await (await server.fetch(`${server.url}/functions/v1/public-echo`)).text();
      }
      assert.equal(text, 'reloaded');
    });
  });
}
