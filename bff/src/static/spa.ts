import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { carriesPersonalToken } from '@evt/contracts/access';
import { BUILD_MANIFEST_PATH } from '@evt/contracts/build';
import { usesCamera } from '@evt/contracts/camera-pages';
import { visitorPageOf } from '@evt/contracts/visitor-pages';
import type { RequestHandler, Router } from 'express';
import express from 'express';
import { documentCsp, SCANNING_PAGE_PERMISSIONS_POLICY } from '../http/security-headers';
import { compressedAssets } from './compressed-assets';
import type { RenderedVisitorPage, VisitorFormRender } from './visitor-render';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built</title></head>
<body><h1>The web application is not built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds what is missing), then reload.</p></body></html>`;

const pages = new Map<string, { mtimeMs: number; html: string }>();

/** A page's HTML, read again when its file changes (a new build). */
function pageHtml(file: string): string {
  const { mtimeMs } = statSync(file);
  const cached = pages.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.html;
  const html = readFileSync(file, 'utf8');
  pages.set(file, { mtimeMs, html });
  return html;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** visitor.html with the server's drawing of the page: its language, title, markup and hydration data. */
function withRendered(html: string, page: RenderedVisitorPage): string {
  return html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(page.lang)}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
      (_all, end: string) => `<div id="root">${page.html}</div>\n    ${page.state}${end}`,
    );
}

/**
 * The built SPA: hashed /assets cached for a year, index.html and builds/latest.json never cached, and
 * the history fallback for page navigations outside /api and /_dev: visitor.html, the visitor's small entry,
 * for the registration pages (contracts/src/visitor-pages.ts), index.html for everything else. Each page
 * carries a fresh CSP nonce for styles (`<meta name="csp-nonce">`, see documentCsp). A form page comes
 * drawn by `renderForm` when it can (the browser hydrates it), else the browser renders it.
 */
export function spaRoutes(distDir: string, secure: boolean, renderForm?: VisitorFormRender): Router {
  const router = express.Router();
  const index = path.join(distDir, 'index.html');
  const visitor = path.join(distDir, 'visitor.html');

  router.use('/assets', compressedAssets(path.join(distDir, 'assets')));
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      index: false,
      fallthrough: false,
      immutable: true,
      maxAge: '365d',
      setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
    }),
  );
  router.get(BUILD_MANIFEST_PATH, (_req, res, next) => {
    res.sendFile(
      path.join(distDir, BUILD_MANIFEST_PATH),
      { headers: { 'cache-control': 'no-cache' } },
      (error) => {
        if (error) next();
      },
    );
  });
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res) => res.setHeader('cache-control', 'no-cache'),
    }),
  );

  const fallback: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api/') || req.path === '/api' || req.path.startsWith('/_dev')) return next();
    if (!req.accepts('html')) return next();
    // a page that scans badges may use the camera, from this origin only; every other page may not
    if (usesCamera(req.path)) res.setHeader('permissions-policy', SCANNING_PAGE_PERMISSIONS_POLICY);
    if (!existsSync(index)) {
      res.status(503).set('cache-control', 'no-store').type('html').send(NOT_BUILT);
      return;
    }
    const found = visitorPageOf(req.path);
    const page = found && existsSync(visitor) ? visitor : index;
    let html = pageHtml(page);
    // the visitor's form is drawn on the server (visitor-render.ts) and hydrated by the browser
    if (page === visitor && found?.visitor.page === 'form' && renderForm) {
      const rendered = await renderForm(req, res, found.visitor.slug);
      if (rendered) html = withRendered(html, rendered);
    }
    const nonce = randomBytes(16).toString('base64');
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    res
      .set('content-security-policy', documentCsp(secure, nonce))
      .set('cache-control', carriesPersonalToken(req.path, search) ? 'no-store' : 'no-cache')
      .type('html')
      .send(
        html.replace(/<head[^>]*>/i, (head) => `${head}\n    <meta name="csp-nonce" content="${nonce}" />`),
      );
  };
  router.use(fallback);
  return router;
}
