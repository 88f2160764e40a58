import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Alias, defineConfig, type Plugin, type UserConfig } from 'vite';

/**
 * One id per build: injected into the bundle and written to dist/builds/latest.json, so a running SPA can
 * tell that a newer build is deployed (spec section 2, build-manifest poll).
 */
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

/**
 * `WEB_ENTRY=visitor vite build` builds the visitor's entry (visitor.html) alone, into the same dist after
 * the application's build (scripts/build.mjs runs both with one BUILD_ID). Built together, the two entries
 * shared chunks holding all of react-router and the console's code paths: tree-shaking works per build, and
 * the visitor's form page went from 118 to about 90 KB of gzipped JavaScript when built alone.
 */
const visitorOnly = process.env.WEB_ENTRY === 'visitor';
/**
 * `WEB_ENTRY=server vite build` builds the server's renderer of the visitor's form page
 * (src/visitor/server.tsx) into web/dist-ssr, for the BFF: one self-contained ES module (React DOM's server
 * renderer and every library bundled in, in their production builds), outside the served dist.
 */
const serverRenderer = process.env.WEB_ENTRY === 'server';

function buildManifest(): Plugin {
  return {
    name: 'evt-build-manifest',
    apply: () => !visitorOnly && !serverRenderer,
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify({ id: buildId, timestamp: Date.now() })}\n`,
      });
    },
  };
}

/**
 * The sections of locales/*.json (top-level, or `top.sub`) that the visitor's pages use (web/visitor.html): the visitor
 * downloads these, not the console's texts. src/visitor/message-sections.test.ts checks the pages' keys.
 */
export const VISITOR_MESSAGE_SECTIONS = [
  'app',
  'common',
  'layout',
  'errors',
  'validation',
  'forms',
  'enums',
  'countries',
  'registration',
  'publicEvent',
  // a refused submission's wait
  'publicLimits',
  // the privacy notice and the consent box's message beside every form's submit button
  'privacy.form',
  'privacy.validation',
  // a registration kiosk's confirmation, next visitor and leaving
  'kiosk',
  // the error page only, not the static pages' texts
  'pages.error',
  // a B2B company's private space and the engine's reasons; not the organiser's page
  // (its own profile view, requests left and refusals included; not /profile/b2b's texts)
  'b2b.space',
  'b2b.errors',
  // an exhibitor's lead scanning (not the organiser's page), and the scanning pages' camera
  'leads.space',
  'scanner',
  // a meeting's time with the event's time zone named
  'b2b.time',
  // an event's days and times with its zone named (lib/format.ts), on its public page
  'eventTimes',
  'b2bMatch',
  // the event's public programme, not the console's planning texts; its field messages are
  // among the contracts' keys every form can show
  'planning.public',
  'planning.validation',
  // an information request's answer page, not the console's texts
  'infoRequests.public',
  'infoRequests.validation',
  // an event's title shown in another language than the page's says so
  'eventLanguages.names',
  'eventLanguages.visitor',
  // the Telegram deep link after confirming
  'telegram.visitor',
  // field messages of the contracts every form may show (fieldErrors passes a feature's own keys)
  'meetings.validation',
  'badges.validation',
  'calendar.errors',
  // why a calendar or Zoom call failed, filling an error's words
  'calendar.reasons',
];

/**
 * React Router 7's package exports resolve to its development build in every case (remix-run/react-router
 * issue 14102): dev-only checks and warnings ran in production, about a third of its render time on the
 * visitor's form. Production builds use the production files it also ships.
 */
const reactRouterDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '..');
const productionAliases: Alias[] = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'production/dom-export.mjs') },
];

/**
 * The visitor's pages in the browser translate with the part of i18next they use (src/visitor/lite-i18n,
 * proven equal to i18next on every message by its test): 16 KB gzipped less before a form can be sent.
 * The server's renderer and the console keep i18next and react-i18next.
 */
const liteI18n = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/visitor/lite-i18n');
const visitorAliases: Alias[] = [
  { find: /^i18next$/, replacement: path.join(liteI18n, 'i18next.ts') },
  { find: /^react-i18next$/, replacement: path.join(liteI18n, 'react-i18next.tsx') },
];

type Messages = Record<string, unknown>;

/** `locales/en.json?sections=visitor`: the file cut to VISITOR_MESSAGE_SECTIONS at build time. */
function localeSections(): Plugin {
  return {
    name: 'evt-locale-sections',
    enforce: 'pre',
    async load(id) {
      const [file = '', query = ''] = id.split('?');
      if (!file.endsWith('.json') || new URLSearchParams(query).get('sections') !== 'visitor') return null;
      const messages = JSON.parse(await readFile(file, 'utf8')) as Messages;
      const kept: Messages = {};
      for (const section of VISITOR_MESSAGE_SECTIONS) {
        const [top = '', sub] = section.split('.');
        if (!sub) kept[top] = messages[top];
        else kept[top] = { ...(kept[top] as Messages | undefined), [sub]: (messages[top] as Messages)[sub] };
      }
      return `export default ${JSON.stringify(kept)};`;
    },
  };
}

/**
 * Painted before any script runs (first contentful paint), in place of `<!--first-paint-->` in both
 * entries' HTML; the first render replaces it. It mirrors src/app/app-skeleton.tsx, carries no words (the
 * language is not known yet) and is hidden from assistive technology, which hears the page once it is real.
 * Two invisible spaces, regular and bold, load the page's fonts during this paint: the first layout with
 * text otherwise loaded them after the first render, 10-25 ms of blocked main thread here.
 */
const FIRST_PAINT =
  '<div class="shell app-skeleton" aria-hidden="true"><div class="site-header"><div class="site-header__inner">' +
  '<img class="brand__mark app-skeleton__mark" src="/favicon.svg" alt="" width="28" height="28" />' +
  '<span class="app-skeleton__fonts">&nbsp;<b>&nbsp;</b></span></div></div>' +
  '<div class="main"><div class="container app-skeleton__body"><div class="spinner spinner--md"></div></div></div></div>';

function firstPaint(): Plugin {
  return {
    name: 'evt-first-paint',
    transformIndexHtml: (html) => html.replace('<!--first-paint-->', FIRST_PAINT),
  };
}

/**
 * The visitor's entry evaluates its code in steps (src/visitor/main.tsx): the libraries, then zod and the
 * visitor's schemas, then the pages. The libraries (all but zod, which the schemas' step brings) form two
 * chunks, each about half of one task: rendering and routing (imported as `react-dom/client`), then the others
 * the form needs (translation, form state; imported as `i18next`), which import the first and not the
 * reverse. A library only a later page uses stays with that page.
 */
const visitorChunks = {
  groups: [
    {
      name: 'rendering',
      test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
      priority: 2,
    },
    // named, not "every other package": a catch-all would pull libraries only a later page needs (the B2B
    // space's dialog: 11 KB gzipped) into what every form waits for
    {
      name: 'libraries',
      test: /[\\/](node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)|src[\\/]visitor[\\/]lite-i18n)[\\/]/,
      priority: 1,
    },
  ],
};

/** Modules whose chunks (and their imports) the visitor's HTML asks for at once, before any script runs. */
const VISITOR_PRELOADS = [
  /[\\/]node_modules[\\/]react-dom[\\/]/,
  /[\\/]contracts[\\/]src[\\/]public-registrations\.ts$/,
  /[\\/]src[\\/]visitor[\\/]boot\.tsx$/,
  /[\\/]src[\\/]features[\\/]registration[\\/]routes[\\/]form-page\.tsx$/,
];

/**
 * `<link rel="modulepreload">` for the visitor's steps and its form page: imported one after the other,
 * they would otherwise be requested one after the other, a round trip each. Low priority, so that the
 * stylesheet (what the first paint waits for) is not shared out with them.
 */
function visitorPreloads(): Plugin {
  return {
    name: 'evt-visitor-preloads',
    apply: () => visitorOnly,
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const already = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const files = new Set<string>();
        const add = (fileName: string) => {
          if (already.has(fileName) || files.has(fileName)) return;
          files.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) add(imported);
        };
        for (const chunk of chunks)
          if (chunk.moduleIds.some((id) => VISITOR_PRELOADS.some((pattern) => pattern.test(id))))
            add(chunk.fileName);
        // the form page's own styles too: the server draws the form before its chunk is imported
        const styles = new Set<string>();
        for (const file of files) {
          const chunk = bundle[file];
          if (chunk?.type === 'chunk')
            for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        }
        return [
          ...[...styles].map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * The CSP allows no eval, so zod's compiled parsers cannot run in the browser; zod still probes for them
 * with `new Function` when it builds an object schema, which the browser reports as a CSP violation. Its
 * `jitless` option skips the probe (parsing is the same). It is set at the end of zod's own core module,
 * before any schema can exist: an entry's first import would run after the chunks it imports. The BFF and
 * the upstream keep the compiled parsers.
 */
function zodJitless(): Plugin {
  return {
    name: 'evt-zod-jitless',
    apply: () => !serverRenderer,
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      return { code: `${code}\nconfig({ jitless: true });\n`, map: null };
    },
  };
}

/**
 * web/src/entry-retry/entry-retry.ts bundled on its own (with lib/reload-once.ts) into a classic script, a
 * hashed asset loaded by every page before its entry module (a classic deferred script runs in document
 * order before the module scripts, and runs when they cannot load): a page whose entry failed to load
 * reloads once rather than staying dead.
 */
function entryRetry(): Plugin {
  const source = fileURLToPath(new URL('./src/entry-retry/entry-retry.ts', import.meta.url));
  return {
    name: 'evt-entry-retry',
    apply: (_config, env) => env.command === 'build' && !serverRenderer,
    async buildStart() {
      const { build } = await import('esbuild');
      const built = await build({
        entryPoints: [source],
        bundle: true,
        format: 'iife',
        minify: true,
        target: 'es2022',
        write: false,
      });
      this.emitFile({ type: 'asset', name: 'entry-retry.js', source: built.outputFiles[0]!.text });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find(
          (item) => item.type === 'asset' && item.names.includes('entry-retry.js'),
        );
        if (!asset) return;
        return [
          { tag: 'script', attrs: { defer: true, src: `/${asset.fileName}` }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}

const serverBuild: UserConfig['build'] = {
  ssr: 'src/visitor/server.tsx',
  outDir: 'dist-ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  target: 'node20',
  rolldownOptions: { output: { entryFileNames: 'server.js', codeSplitting: false } },
};

const bff = 'http://localhost:3000';

export default defineConfig(
  ({ command }): UserConfig => ({
    plugins: [
      react(),
      buildManifest(),
      localeSections(),
      firstPaint(),
      visitorPreloads(),
      entryRetry(),
      zodJitless(),
    ],
    resolve: {
      alias: [...(command === 'build' ? productionAliases : []), ...(visitorOnly ? visitorAliases : [])],
    },
    define: {
      'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId),
      // React's CommonJS files pick their production build from this at run time, in Node
      ...(serverRenderer ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
    },
    ...(serverRenderer ? { ssr: { noExternal: true, target: 'node' as const } } : {}),
    build: serverRenderer
      ? serverBuild
      : {
          outDir: 'dist',
          emptyOutDir: !visitorOnly,
          assetsDir: 'assets',
          // The CSP is script-src 'self': nothing may be inlined, not even the preload polyfill.
          modulePreload: { polyfill: false },
          assetsInlineLimit: 0,
          target: 'es2022',
          // the console's SPA, and the visitor's pages on their own small entry (contracts/src/visitor-pages.ts)
          rolldownOptions: visitorOnly
            ? { input: { visitor: 'visitor.html' }, output: { codeSplitting: visitorChunks } }
            : { input: { index: 'index.html' } },
        },
    server: {
      proxy: { '/api': bff, '/builds': bff, '/_dev': bff },
    },
  }),
);
