import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ada, startRestServer, userToken } from '../fixtures/rest/support.ts';
import { eventually } from '../support/eventually.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

type Doc = Record<string, unknown>;

/** A value deep in a parsed JSON document, undefined when the path is not there. */
function at(value: unknown, ...path: Array<string | number>): unknown {
  return path.reduce<unknown>(
    (v, key) => (v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[key] : undefined),
    value,
  );
}

const forbidden = {
  message: 'Access to schema is forbidden',
  hint: 'Accessing the schema via the Data API is only allowed using a secret API key.',
};
const ref = (name: string) => ({ $ref: `#/parameters/${name}` });
const readParams = ['select', 'order', 'range', 'rangeUnit', 'offset', 'limit', 'preferCount'];
const rpcProduces = ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json'];

for (const target of conformanceTargets()) {
  describe(`REST OpenAPI root on ${target.name}`, () => {
    let server: ConformanceTarget;
    let doc: Doc;
    before(async () => {
      server = await startRestServer(target);
      // Comments are DDL: the event trigger reloads the schema cache, as on a hosted project.
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.exec(`
          comment on table public.places is E'Places people review\\n\\nEach has a name and a mood.';
          comment on column public.places.name is 'What the place is called';
          comment on function public.places_in(text) is 'Places of one category';`),
      );
      doc = await eventually(async () => {
        const body = (await (await root({ apikey: server.serviceRoleKey })).json()) as Doc;
        return at(body, 'definitions', 'places', 'description') ? body : null;
      });
    });
    after(() => server?.close());

    const root = (headers: Record<string, string>, init: RequestInit = {}, query = '') =>
      server.fetch(`${server.url}/rest/v1/${query}`, { ...init, headers });

    test('the service_role key and an sb_secret_ key get the Swagger 2.0 document', async () => {
      const res = await root({ apikey: server.serviceRoleKey, Authorization: `Bearer ${server.serviceRoleKey}` });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/openapi+json; charset=utf-8');
      assert.equal(res.headers.get('content-profile'), 'public');
      const text = await res.text();
      const secret = await root({ apikey: server.keys.secretKey });
      assert.equal(secret.status, 200);
      assert.equal(await secret.text(), text, 'the same bytes for the same schema and role');
      const viaQuery = await root({}, {}, `?apikey=${server.keys.secretKey}`);
      assert.equal(viaQuery.status, 200);
      assert.equal(await viaQuery.text(), text);
      const head = await root({ apikey: server.keys.secretKey }, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.headers.get('content-type'), 'application/openapi+json; charset=utf-8');
      assert.equal(await head.text(), '');

      const { paths, definitions, parameters, ...top } = JSON.parse(text) as Doc;
      assert.deepEqual(Object.keys(JSON.parse(text) as Doc), [
        'swagger',
        'info',
        'host',
        'basePath',
        'schemes',
        'consumes',
        'produces',
        'paths',
        'definitions',
        'parameters',
        'externalDocs',
      ]);
      const media = [
        'application/json',
        'application/vnd.pgrst.object+json;nulls=stripped',
        'application/vnd.pgrst.object+json',
        'text/csv',
      ];
      assert.deepEqual(top, {
        swagger: '2.0',
        info: { description: '', title: 'standard public schema', version: '14.12' },
        host: new URL(server.url).host,
        basePath: '/rest/v1',
        schemes: ['http'],
        consumes: media,
        produces: media,
        externalDocs: { description: 'PostgREST Documentation', url: 'https://postgrest.org/en/v14/references/api.html' },
      });
      assert.deepEqual(at(paths, '/'), {
        get: {
          produces: ['application/openapi+json', 'application/json'],
          responses: { 200: { description: 'OK' } },
          summary: 'OpenAPI description (this document)',
          tags: ['Introspection'],
        },
      });
      const names = Object.keys(paths as Doc);
      assert.equal(names[0], '/');
      const tables = names.filter((p) => p !== '/' && !p.startsWith('/rpc/'));
      assert.deepEqual(tables, [...tables].sort());
      assert.deepEqual(
        Object.keys(definitions as Doc),
        tables.map((p) => p.slice(1)),
      );
      for (const name of ['/places', '/visits', '/place_cards', '/secrets', '/rpc/places_in', '/rpc/nothing'])
        assert.ok(names.includes(name), name);
      assert.ok(!names.includes('/stock') && !names.includes('/vault'), 'only the schema asked for');
      assert.ok(at(parameters, 'rowFilter.visits.day'));
    });

    test('a composite key table: every key column noted, a filter per column, all verbs', () => {
      assert.deepEqual(at(doc, 'definitions', 'visits'), {
        properties: {
          author_id: {
            description: "Note:\nThis is a Primary Key.<pk/>\nThis is a Foreign Key to `authors.id`.<fk table='authors' column='id'/>",
            format: 'int64',
            type: 'integer',
          },
          place_id: {
            description: "Note:\nThis is a Primary Key.<pk/>\nThis is a Foreign Key to `places.id`.<fk table='places' column='id'/>",
            format: 'int64',
            type: 'integer',
          },
          day: { description: 'Note:\nThis is a Primary Key.<pk/>', format: 'date', type: 'string' },
          note: { format: 'text', type: 'string' },
        },
        required: ['author_id', 'place_id', 'day'],
        type: 'object',
      });
      const filters = ['author_id', 'place_id', 'day', 'note'].map((c) => `rowFilter.visits.${c}`);
      const path = at(doc, 'paths', '/visits') as Doc;
      assert.deepEqual(Object.keys(path), ['delete', 'get', 'patch', 'post']);
      assert.deepEqual(at(path, 'get'), {
        parameters: [...filters, ...readParams].map(ref),
        responses: {
          200: { description: 'OK', schema: { items: { $ref: '#/definitions/visits' }, type: 'array' } },
          206: { description: 'Partial Content' },
        },
        tags: ['visits'],
      });
      assert.deepEqual(at(path, 'post'), {
        parameters: ['body.visits', 'select', 'preferPost'].map(ref),
        responses: { 201: { description: 'Created' } },
        tags: ['visits'],
      });
      assert.deepEqual(at(path, 'patch'), {
        parameters: [...filters, 'body.visits', 'preferReturn'].map(ref),
        responses: { 204: { description: 'No Content' } },
        tags: ['visits'],
      });
      assert.deepEqual(at(path, 'delete'), {
        parameters: [...filters, 'preferReturn'].map(ref),
        responses: { 204: { description: 'No Content' } },
        tags: ['visits'],
      });
      assert.deepEqual(at(doc, 'parameters', 'rowFilter.visits.day'), { in: 'query', name: 'day', required: false, type: 'string' });
      assert.deepEqual(at(doc, 'parameters', 'body.visits'), {
        description: 'visits',
        in: 'body',
        name: 'visits',
        required: false,
        schema: { $ref: '#/definitions/visits' },
      });
    });

    test('a view: nullable columns, the key and foreign keys of its table, writable when auto-updatable', () => {
      assert.deepEqual(at(doc, 'definitions', 'review_cards'), {
        properties: {
          id: { description: 'Note:\nThis is a Primary Key.<pk/>', format: 'int64', type: 'integer' },
          place_id: {
            description: "Note:\nThis is a Foreign Key to `places.id`.<fk table='places' column='id'/>",
            format: 'int64',
            type: 'integer',
          },
          writer_id: {
            description: "Note:\nThis is a Foreign Key to `authors.id`.<fk table='authors' column='id'/>",
            format: 'int64',
            type: 'integer',
          },
          body: { format: 'text', type: 'string' },
          stars: { format: 'int32', type: 'integer' },
        },
        type: 'object',
      });
      assert.deepEqual(Object.keys(at(doc, 'paths', '/place_cards') as Doc), ['delete', 'get', 'patch', 'post']);
    });

    test('enum, array, json and numeric columns; comments become summary, description and notes', () => {
      const places = at(doc, 'definitions', 'places') as Doc;
      assert.equal(at(places, 'description'), 'Places people review\n\nEach has a name and a mood.');
      assert.deepEqual(at(places, 'required'), ['id', 'name', 'tags']);
      assert.deepEqual(at(places, 'properties', 'mood'), { enum: ['happy', 'sad', 'meh'], format: 'mood', type: 'string' });
      assert.deepEqual(at(places, 'properties', 'tags'), { format: 'text[]', items: { type: 'string' }, type: 'array' });
      assert.deepEqual(at(places, 'properties', 'details'), { format: 'jsonb' });
      assert.deepEqual(at(places, 'properties', 'rating'), { format: 'numeric', type: 'number' });
      assert.deepEqual(at(places, 'properties', 'lat'), { format: 'double precision', type: 'number' });
      assert.deepEqual(at(places, 'properties', 'name'), { description: 'What the place is called', format: 'text', type: 'string' });
      assert.deepEqual(at(doc, 'parameters', 'rowFilter.places.name'), {
        description: 'What the place is called',
        in: 'query',
        name: 'name',
        required: false,
        type: 'string',
      });
      assert.equal(at(doc, 'paths', '/places', 'get', 'summary'), 'Places people review');
      assert.equal(at(doc, 'paths', '/places', 'post', 'description'), 'Each has a name and a mood.');
      assert.deepEqual(at(doc, 'definitions', 'profiles', 'properties', 'settings'), { format: 'jsonb' });
      assert.deepEqual(at(doc, 'definitions', 'profiles', 'required'), ['author_id', 'settings']);
      assert.deepEqual(at(doc, 'definitions', 'items', 'properties', 'qty'), { default: 1, format: 'int32', type: 'integer' });
      assert.deepEqual(at(doc, 'definitions', 'items', 'properties', 'note'), { default: 'none', format: 'text', type: 'string' });
    });

    test('functions: a set-returning stable one takes GET and POST, a volatile void one only POST', () => {
      const body = {
        in: 'body',
        name: 'args',
        required: true,
        schema: {
          description: 'Places of one category',
          properties: { cat: { format: 'text', type: 'string' } },
          required: ['cat'],
          type: 'object',
        },
      };
      const common = {
        produces: rpcProduces,
        responses: { 200: { description: 'OK' } },
        summary: 'Places of one category',
        tags: ['(rpc) places_in'],
      };
      assert.deepEqual(at(doc, 'paths', '/rpc/places_in'), {
        get: { ...common, parameters: [{ format: 'text', in: 'query', name: 'cat', required: true, type: 'string' }] },
        post: { ...common, parameters: [body, ref('preferParams')] },
      });
      assert.deepEqual(at(doc, 'paths', '/rpc/nothing'), {
        post: {
          parameters: [{ in: 'body', name: 'args', required: true, schema: { properties: {}, type: 'object' } }, ref('preferParams')],
          produces: rpcProduces,
          responses: { 200: { description: 'OK' } },
          tags: ['(rpc) nothing'],
        },
      });
      assert.deepEqual(at(doc, 'paths', '/rpc/greet', 'get', 'parameters'), [
        { format: 'text', in: 'query', name: 'name', required: false, type: 'string' },
      ]);
      assert.deepEqual(at(doc, 'paths', '/rpc/sum_array', 'get', 'parameters'), [
        { format: 'integer[]', in: 'query', name: 'xs', required: true, type: 'string' },
      ]);
      assert.deepEqual(at(doc, 'paths', '/rpc/sum_array', 'post', 'parameters', 0, 'schema', 'properties'), {
        xs: { format: 'integer[]', items: { type: 'integer' }, type: 'array' },
      });
      assert.deepEqual(Object.keys(at(doc, 'paths', '/rpc/add_item') as Doc), ['post']);
    });

    test('the shared parameters PostgREST defines', () => {
      const prefer = (values?: string[]) => ({
        description: 'Preference',
        ...(values ? { enum: values } : {}),
        in: 'header',
        name: 'Prefer',
        required: false,
        type: 'string',
      });
      const query = (name: string, description: string) => ({ description, in: 'query', name, required: false, type: 'string' });
      const ret = ['return=representation', 'return=minimal', 'return=none'];
      const shared = Object.fromEntries(
        Object.entries(at(doc, 'parameters') as Doc).filter(([k]) => !k.startsWith('rowFilter.') && !k.startsWith('body.')),
      );
      assert.deepEqual(shared, {
        preferParams: prefer(),
        preferReturn: prefer(ret),
        preferCount: prefer(['count=none']),
        preferPost: prefer([...ret, 'resolution=ignore-duplicates', 'resolution=merge-duplicates']),
        select: query('select', 'Filtering Columns'),
        on_conflict: query('on_conflict', 'On Conflict'),
        order: query('order', 'Ordering'),
        range: { description: 'Limiting and Pagination', in: 'header', name: 'Range', required: false, type: 'string' },
        rangeUnit: {
          default: 'items',
          description: 'Limiting and Pagination',
          in: 'header',
          name: 'Range-Unit',
          required: false,
          type: 'string',
        },
        offset: query('offset', 'Limiting and Pagination'),
        limit: query('limit', 'Limiting and Pagination'),
      });
    });

    test('anon, publishable and user tokens get the hosted 403; no key is 401', async () => {
      const user = await userToken(server, ada);
      const refused: Array<Record<string, string>> = [
        { apikey: server.anonKey },
        { apikey: server.keys.publishableKey },
        { apikey: server.anonKey, Authorization: `Bearer ${user}` },
        { Authorization: `Bearer ${user}` },
      ];
      for (const headers of refused) {
        const res = await root(headers);
        assert.equal(res.status, 403);
        assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
        assert.deepEqual(await res.json(), forbidden);
      }
      const head = await root({ apikey: server.anonKey }, { method: 'HEAD' });
      assert.equal(head.status, 403);
      assert.equal(await head.text(), '');
      const none = await root({});
      assert.equal(none.status, 401);
      assert.deepEqual(await none.json(), {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    });

    test('a bad or expired token keeps PostgREST 401 PGRST301 / PGRST303', async () => {
      const bad = await root({ apikey: server.anonKey, Authorization: 'Bearer abc' });
      assert.equal(bad.status, 401);
      assert.deepEqual(await bad.json(), { code: 'PGRST301', details: null, hint: null, message: 'Expected 3 parts in JWT; got 1' });
      const expired = await root({ apikey: server.anonKey, Authorization: `Bearer ${await userToken(server, ada, {}, -60)}` });
      assert.equal(expired.status, 401);
      assert.deepEqual(await expired.json(), { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
      const wrongKey = await root({}, {}, '?apikey=sb_secret_wrong');
      assert.equal(wrongKey.status, 401);
      assert.equal(at(await wrongKey.json(), 'code'), 'PGRST301');
    });

    test('Accept-Profile picks the schema; other media types and verbs are refused as PostgREST does', async () => {
      const res = await root({ apikey: server.keys.secretKey, 'Accept-Profile': 'inventory' });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-profile'), 'inventory');
      const inventory = (await res.json()) as Doc;
      assert.deepEqual(Object.keys(at(inventory, 'paths') as Doc), ['/', '/stock']);
      assert.deepEqual(at(inventory, 'definitions', 'stock', 'required'), ['id', 'item', 'amount']);
      assert.deepEqual(at(inventory, 'info'), {
        description: 'This is a dynamic API generated by PostgREST',
        title: 'PostgREST API',
        version: '14.12',
      });
      const hidden = await root({ apikey: server.keys.secretKey, 'Accept-Profile': 'hidden' });
      assert.equal(hidden.status, 406);
      assert.equal(at(await hidden.json(), 'code'), 'PGRST106');
      const csv = await root({ apikey: server.keys.secretKey, Accept: 'text/csv' });
      assert.equal(csv.status, 406);
      assert.deepEqual(await csv.json(), {
        code: 'PGRST107',
        details: null,
        hint: null,
        message: 'None of these media types are available: text/csv',
      });
      for (const accept of ['application/json', 'application/openapi+json', 'text/csv, */*;q=0.1']) {
        const negotiated = await root({ apikey: server.keys.secretKey, Accept: accept });
        assert.equal(negotiated.status, 200, accept);
        assert.equal(negotiated.headers.get('content-type'), 'application/openapi+json; charset=utf-8');
      }
      const post = await root({ apikey: server.keys.secretKey }, { method: 'POST', body: '{}' });
      assert.equal(post.status, 405);
      assert.equal(at(await post.json(), 'code'), 'PGRST117');
      const options = await root({ apikey: server.keys.secretKey }, { method: 'OPTIONS' });
      assert.equal(options.headers.get('allow'), 'OPTIONS,GET,HEAD');
    });

    test('the document follows a schema change and the caller’s grants', async () => {
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.exec(`
          create table public.field_notes (id int primary key, place_id bigint not null references public.places (id), body text not null, seen_on date default '2024-03-01');
          create view public.place_totals as select category, count(*) as total from public.places group by category;
          grant select on public.place_totals to service_role;
          notify pgrst, 'reload schema';`),
      );
      const changed = await eventually(async () => {
        const body = (await (await root({ apikey: server.serviceRoleKey })).json()) as Doc;
        return at(body, 'paths', '/place_totals') ? body : null;
      });
      assert.equal(at(changed, 'paths', '/field_notes'), undefined, 'no grant to service_role yet: follow-privileges leaves it out');
      assert.deepEqual(Object.keys(at(changed, 'paths', '/place_totals') as Doc), ['get'], 'a view with GROUP BY is read-only');
      assert.deepEqual(at(changed, 'definitions', 'place_totals', 'properties'), {
        category: { format: 'text', type: 'string' },
        total: { format: 'int64', type: 'integer' },
      });

      await server.db.transaction({ kind: 'system' }, (tx) => tx.exec('grant select, insert on public.field_notes to service_role'));
      const granted = (await (await root({ apikey: server.serviceRoleKey })).json()) as Doc;
      assert.deepEqual(Object.keys(at(granted, 'paths', '/field_notes') as Doc), ['delete', 'get', 'patch', 'post']);
      assert.deepEqual(at(granted, 'definitions', 'field_notes'), {
        properties: {
          id: { description: 'Note:\nThis is a Primary Key.<pk/>', format: 'int32', type: 'integer' },
          place_id: {
            description: "Note:\nThis is a Foreign Key to `places.id`.<fk table='places' column='id'/>",
            format: 'int64',
            type: 'integer',
          },
          body: { format: 'text', type: 'string' },
          seen_on: { default: '2024-03-01', format: 'date', type: 'string' },
        },
        required: ['id', 'place_id', 'body'],
        type: 'object',
      });
    });
  });
}
