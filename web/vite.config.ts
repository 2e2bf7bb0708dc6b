/**
 * The web app's build.
 *
 * Over 300 lines: every plugin here is short and only means something beside the chunking,
 * aliases and precompression rules it works with (the shell's settings, the entry after the
 * first paint, route preloads, the service worker, brotli copies, the realtime client loaded on
 * demand); one file reads as what a build does, from the first byte `/` sends to the last chunk.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { OutputBundle } from 'rolldown';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defaultTileAttribution, defaultTileUrl, mapCreditsHtml } from './src/components/map/map-credits.ts';
import { placeholderCreditsHtml } from './src/components/map/placeholder-credits.ts';
import { coverBand } from './src/components/places/cover-band.ts';
import { validateBuildEnv } from './src/lib/env-schema.ts';
import { variantLadder } from './src/lib/photo-ladder.ts';
import { categoryLabels } from './src/lib/places.ts';

/** A value as a JavaScript literal inside an inline script (no `</script>` can end it early). */
const scriptLiteral = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * The place page's photo band as the shell draws it: `<Photo>`'s attributes for `coverBand`
 * and the transforms of its `src` and `srcset` (photo-ladder.ts), which the shell turns into
 * URLs as `getPublicUrl` does, so the app's `<img>` asks for the very same ones.
 */
const placeBand = {
  bucket: coverBand.bucket,
  sizes: coverBand.sizes,
  width: coverBand.width,
  height: Math.round(coverBand.width / coverBand.ratio),
  ...variantLadder(coverBand.width, { ratio: coverBand.ratio, fluid: true }),
};

/**
 * Writes into the static shell of index.html what it shares with the app, from the same
 * settings: the map's credit line, the category labels, the place page's photo band, and the
 * Supabase project's URL and key when they are baked in at build time (else the shell uses the
 * serving origin and the key the local server writes into the page, as lib/env.ts does).
 */
function shellSettings(mode: string): Plugin {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  validateBuildEnv(env);
  const credits = mapCreditsHtml(env.VITE_MAP_TILE_URL ?? defaultTileUrl, env.VITE_MAP_TILE_ATTRIBUTION ?? defaultTileAttribution);
  return {
    name: 'pinstar-shell-settings',
    transformIndexHtml: (html) =>
      html
        .replaceAll('<!--map-credits-->', placeholderCreditsHtml(credits))
        .replace('__PLACE_CATEGORIES__', scriptLiteral(categoryLabels))
        .replace('__PLACE_BAND__', scriptLiteral(placeBand))
        .replaceAll('"__SUPABASE_URL__"', scriptLiteral(env.VITE_SUPABASE_URL ?? ''))
        .replace('"__SUPABASE_ANON_KEY__"', scriptLiteral(env.VITE_SUPABASE_ANON_KEY ?? '')),
  };
}

/**
 * The entry is fetched and run after the browser has painted the static shell: evaluating
 * ≈ 200 KB of modules first would hold the first paint back by as long, and downloading them
 * alongside the stylesheet would slow it (Lighthouse's simulated phone counts every script that
 * finished before the paint as blocking it). The loader waits for the first contentful paint
 * (at most 3 s); a hidden tab paints nothing, so it starts at once.
 */
function runEntryAfterFirstPaint(): Plugin {
  return {
    name: 'pinstar-entry-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
        const src = entry.exec(html)?.[1];
        if (!src || !bundle) throw new Error('vite.config.ts: the built index.html has no entry script to defer');
        const preloadLink = /<link rel="modulepreload" crossorigin href="(\/[^"]+\.js)">\n?\s*/g;
        const chunks = [src, ...[...html.matchAll(preloadLink)].map((match) => match[1] ?? '')];
        // The big chunks (react-dom, supabase-js) are evaluated first, one per task, so no
        // single task evaluates all ≈ 700 KB of modules (a long task on a phone); the entry
        // itself comes last, whatever its size. The chunk that creates the Supabase client is a
        // stage too, so the client starts its own work (a mailed link's code exchanged, the
        // address bar cleaned) before the app's code, as it did when the zod chunk carried it.
        const stages = chunks.filter((file) => {
          const chunk = bundle[file.slice(1)];
          if (file === src || chunk?.type !== 'chunk') return false;
          return chunk.code.length > 50_000 || chunk.moduleIds.some((id) => id.endsWith('/src/lib/supabase.ts'));
        });
        // Everything starts after the first contentful paint is reported (its presentation, not
        // just the frame's main-thread part; where paint timing is missing, the frame after rAF):
        // the downloads then, all at once as preloads, so they never compete with the HTML and
        // the stylesheet the first paint needs; the evaluation stage by stage.
        const loader = [
          `const chunks = ${JSON.stringify(chunks)};`,
          `const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));`,
          `const preload = (href) => document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }));`,
          // Five preloads per task: each link starts a fetch, about a millisecond of a phone's main thread.
          `const run = async () => { for (let i = 0; i < chunks.length; i += 5) { chunks.slice(i, i + 5).forEach(preload); await nextTask(); } for (const stage of ${JSON.stringify(stages)}) { await import(stage); await nextTask(); } await import('${src}'); };`,
          // A failed download (offline, a deploy replaced the files) says so instead of a frozen shell.
          `const failed = () => { document.querySelector('main').textContent = 'Pinstar could not load. Check your connection and reload the page.'; };`,
          // On a place link, also after the place's header is painted (index.html's early row):
          // scripts that arrived before that paint would count as blocking it in Lighthouse's
          // simulation. Its LCP entry tells; 200 ms when the header adds no larger element (the
          // LCP was painted already), 2 s at most for the row. With a photo band, the page's
          // largest element, once the LCP entry of its image is reported — after the frame is
          // presented, which can be well after the frame's main-thread part — or, where LCP is not
          // reported, once the image is decoded and the next frame drawn; 500 ms after that frame
          // if the band turns out not to be the largest (2 s at most in all).
          `const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));`,
          `const lcpReported = PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');`,
          `const placePainted = () => new Promise((resolve) => new PerformanceObserver((_, observer) => { observer.disconnect(); resolve(); }).observe({ type: 'largest-contentful-paint' })).catch(() => {});`,
          `const frameDrawn = (img) => img.decode().catch(() => {}).then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));`,
          `const bandReported = (img) => new Promise((resolve) => new PerformanceObserver((list, observer) => { if (list.getEntries().some((entry) => entry.element === img || (entry.url && entry.url === img.currentSrc))) { observer.disconnect(); resolve(); } }).observe({ type: 'largest-contentful-paint', buffered: true }));`,
          `const bandPainted = (img) => (lcpReported ? Promise.race([bandReported(img), frameDrawn(img).then(() => delay(500))]) : frameDrawn(img));`,
          `const headerPainted = () => { const band = window.pinstarEarlyPlace?.band; return band ? Promise.race([bandPainted(band), delay(2000)]) : Promise.race([placePainted(), delay(200)]); };`,
          `const place = window.pinstarEarlyPlace && Promise.race([window.pinstarEarlyPlace.row, delay(2000)]).then((row) => row && headerPainted());`,
          `let started = false; const start = () => { if (!started) { started = true; Promise.resolve(place).then(run).catch(failed); } };`,
          `if (document.visibilityState === 'hidden') start();`,
          `else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {`,
          `  new PerformanceObserver((list, observer) => { if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); start(); } }).observe({ type: 'paint', buffered: true });`,
          `  setTimeout(start, 3000);`,
          `} else requestAnimationFrame(() => setTimeout(start, 0));`,
        ].join('\n      ');
        return html
          .replace(entry, '')
          .replaceAll(preloadLink, '')
          .replace('</body>', `    <script type="module">\n      ${loader}\n    </script>\n  </body>`);
      },
    },
  };
}

/**
 * Pages people open from a link (a shared place, a profile) start downloading their route's
 * lazy chunk with the page instead of after the entry has run: a tiny inline script in the
 * built index.html preloads the chunks of the route matching the path. The patterns are
 * `routes` of src/lib/paths.ts as regular expressions for that inline script (place: not `new`).
 */
const preloadedRoutes: readonly (readonly [path: RegExp, module: string])[] = [
  [/^\/places\/(?!new\/?$)[^/]+\/?$/, '/src/app/routes/place.tsx'],
  [/^\/u\/[^/]+\/?$/, '/src/app/routes/profile.tsx'],
  [/^\/starred\/?$/, '/src/app/routes/starred.tsx'],
  [/^\/moderation\/log\/?$/, '/src/app/routes/moderation-log.tsx'],
];

function preloadRouteChunks(): Plugin {
  const collect = (bundle: OutputBundle, file: string, into: Set<string>) => {
    const chunk = bundle[file];
    if (into.has(file) || chunk?.type !== 'chunk') return;
    into.add(file);
    for (const imported of chunk.imports) collect(bundle, imported, into);
  };
  return {
    name: 'pinstar-preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const table = preloadedRoutes.map(([pattern, module]) => {
          const chunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`vite.config.ts: no chunk for ${module}`);
          const files = new Set<string>();
          collect(bundle, chunk.fileName, files);
          return [pattern.source, [...files].filter((file) => !html.includes(`"/${file}"`)).map((file) => `/${file}`)] as const;
        });
        const script = `<script>for (const [p, files] of ${JSON.stringify(table)}) if (new RegExp(p).test(location.pathname)) for (const href of files) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '', fetchPriority: 'low' }));</script>`;
        // Before the stylesheet: an inline script after it would wait for the CSS to arrive.
        return html.replace('</title>', `</title>\n    ${script}`);
      },
    },
  };
}

/**
 * The service worker (Workbox, decision 222): it precaches the built scripts, styles, icons and
 * the bundled basemap, never index.html — the server writes the anon key into the page, so a
 * precached copy would freeze it. Pages are network first, kept under one key (every route
 * serves the same page), and the worker keeps a copy from the moment it takes over
 * (public/sw-page.js), so any route opens offline once the app has been opened online, even
 * once (decision 390). A page served from that copy because the network did not answer carries
 * a mark the app reads to start offline (lib/supabase.ts). Photo variants are cache first,
 * bounded. The app registers it after the first paint (app/pwa.ts) and asks before a new
 * version takes over.
 */
function serviceWorker() {
  return VitePWA({
    injectRegister: false,
    registerType: 'prompt',
    manifest: false,
    filename: 'sw.js',
    workbox: {
      globPatterns: ['**/*.{js,css,svg,png,webmanifest,json}'],
      globIgnores: ['**/*.map', 'index.html', 'sw-page.js'],
      maximumFileSizeToCacheInBytes: 1024 * 1024,
      navigateFallback: null,
      importScripts: ['sw-page.js'],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ request }) => request.mode === 'navigate',
          handler: 'NetworkFirst',
          options: {
            cacheName: 'pinstar-page',
            networkTimeoutSeconds: 5,
            plugins: [
              {
                cacheKeyWillBeUsed: () => Promise.resolve('/'),
                // Only read when the network failed or took too long: the page comes from the device.
                cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                  if (!cachedResponse) return cachedResponse;
                  const html = await cachedResponse.text();
                  const headers = new Headers(cachedResponse.headers);
                  headers.delete('content-length');
                  const marked = html.replace(/<head[^>]*>/, (head) => `${head}<meta name="pinstar-page-from-device" content="">`);
                  return new Response(marked, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
                },
              },
            ],
          },
        },
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/storage/v1/render/image/public/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'pinstar-photos',
            expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

/**
 * Every script and stylesheet also written compressed at brotli's highest quality
 * (`<file>.br`), which the server sends as is (server/src/services/static): 6–7 % fewer bytes
 * than the quality it can afford per request, paid once at build time (decision 425).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'pinstar-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      for (const name of readdirSync(assets).filter((file) => /\.(js|css)$/.test(file))) {
        const body = readFileSync(path.join(assets, name));
        const params = {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_LGWIN]: 24,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        };
        writeFileSync(path.join(assets, `${name}.br`), brotliCompressSync(body, { params }));
      }
    },
  };
}

/**
 * supabase-js's `@supabase/realtime-js` is src/lib/lazy-realtime.ts, which loads the real one
 * on demand: the realtime client and Phoenix leave the first download (decision 425). Only
 * supabase-js's own import is redirected; lazy-realtime.ts's imports the package itself.
 */
function lazyRealtime(): Plugin {
  const shim = path.resolve(import.meta.dirname, 'src/lib/lazy-realtime.ts');
  return {
    name: 'pinstar-lazy-realtime',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@supabase/realtime-js' && importer?.includes('/node_modules/@supabase/supabase-js/')) return shim;
      return null;
    },
  };
}

/** Chunks of a page's parts below its first paint, loaded without preload links (see `modulePreload`). */
const belowFirstPaint: readonly RegExp[] = [/(^|\/)place-sections-[\w-]+\.js$/];

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    shellSettings(mode),
    runEntryAfterFirstPaint(),
    preloadRouteChunks(),
    serviceWorker(),
    precompress(),
    lazyRealtime(),
  ],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${path.resolve(import.meta.dirname, 'src')}/` },
      // The Supabase packages' TypeScript helpers as an ES module, so that only the helpers they
      // use are bundled (tslib's default entry wraps the CommonJS file: all of them, always).
      { find: /^tslib$/, replacement: path.resolve(import.meta.dirname, '../node_modules/tslib/tslib.es6.mjs') },
      // Analytics buckets' Iceberg client, which the app never uses (decision 425).
      { find: /^iceberg-js$/, replacement: path.resolve(import.meta.dirname, 'src/lib/iceberg-unavailable.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written beside each chunk, but no chunk names its map: the comment that does is
    // downloaded with every chunk by everyone (about 1 KB for '/'), for the few who open the
    // browser's tools, who can still add a map by hand (decision 442).
    sourcemap: 'hidden',
    target: 'es2022',
    // Leaflet's stylesheet names its layers-control and default-marker images, which the app
    // never shows (its markers are its own): as files they are fetched only if shown, where
    // inlined they were 4.5 KB of base64 in every map's stylesheet (decision 425).
    assetsInlineLimit: (file: string) => (file.includes('/node_modules/leaflet/') ? false : undefined),
    // Every browser the app supports (es2022) preloads modules itself. A dynamic import adds a
    // <link rel="modulepreload"> per module of the chunk not linked yet, about 2 ms each of a
    // phone's main thread, all in the task that asks for it: for a place page's sections (51
    // modules) that task was React's render reaching them, 85 ms at 4x. Parts below a page's
    // first paint load without those links instead: the browser fetches a chunk's imports when it
    // has read the chunk (one round trip more, off the main thread). Stylesheets are still linked.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps) =>
        belowFirstPaint.some((part) => part.test(filename)) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rolldownOptions: {
      // The app's own modules only declare things: a barrel import (`@/features/x`) must not
      // pull every component of a feature into the first download. CSS and the entry do run.
      treeshake: { moduleSideEffects: (id: string) => !/\/web\/src\/.*\.tsx?$/.test(id) || id.endsWith('/main.tsx') },
      output: {
        // react-dom and supabase-js, which every page needs from the start, each in a chunk
        // of its own: index.html's loader evaluates them in separate tasks (see above).
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules\/(react-dom|scheduler)\// },
            // (realtime-js and Phoenix load on demand: lazyRealtime above)
            {
              name: 'supabase',
              test: /node_modules\/(@supabase\/(?!realtime-js\/|phoenix\/)[^/]+|tslib)\/|\/src\/lib\/(iceberg-unavailable|lazy-realtime)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
}));
