import { existsSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { HttpError } from '../http/http-error';
import { requestId } from '../http/request-id';
import type { EventFormsReader } from '../routes/public/event-forms';

/** What web/src/visitor/server.tsx renders: the page's markup and what goes around it. */
export interface RenderedVisitorPage {
  lang: string;
  title: string;
  html: string;
  state: string;
}

interface Renderer {
  renderVisitorForm(url: string, forms: unknown): Promise<RenderedVisitorPage | null>;
}

/** Draws a visitor's form page on the server, or answers null: the browser then renders it, as before. */
export type VisitorFormRender = (
  req: Request,
  res: Response,
  slug: string,
) => Promise<RenderedVisitorPage | null>;

/**
 * The server renderer built from the web's own components (`web/dist-ssr/server.js`, see web/vite.config.ts),
 * imported again when a new build replaces it; absent (a build without it), pages render in the browser.
 */
function rendererAt(file: string): () => Promise<Renderer> | null {
  let loaded: { mtimeMs: number; module: Promise<Renderer> } | undefined;
  return () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (loaded?.mtimeMs !== mtimeMs) {
      const module = import(`${pathToFileURL(file).href}?build=${mtimeMs}`) as Promise<Renderer>;
      loaded = { mtimeMs, module };
    }
    return loaded.module;
  };
}

/** Whether the request is within the limiter (which counts it); it answers nothing itself. */
const withinLimit = (limiter: RequestHandler, req: Request, res: Response) =>
  new Promise<boolean>((resolve) => {
    void limiter(req, res, (error?: unknown) => resolve(!error));
  });

/**
 * The visitor's form page drawn on the server in its language, from the event's forms (the same cached
 * read as `GET /api/public/events/{slug}/forms`, and counted by its rate limit). An unknown event, an
 * upstream away, a limit reached or a render failure leave the page to the browser, which shows the
 * matching message as before.
 */
export function visitorFormRender(options: {
  file: string;
  readForms: EventFormsReader;
  limiter: RequestHandler;
  logger: Logger;
}): VisitorFormRender {
  const renderer = rendererAt(options.file);
  return async (req, res, slug) => {
    const module = renderer();
    if (!module || !(await withinLimit(options.limiter, req, res))) return null;
    try {
      const forms = await options.readForms(slug, requestId(req));
      return await (await module).renderVisitorForm(req.originalUrl, forms);
    } catch (error) {
      if (!(error instanceof HttpError && error.status < 500))
        options.logger.warn(
          { err: error, requestId: requestId(req) },
          'visitor form not rendered on the server: the browser renders it',
        );
      return null;
    }
  };
}
