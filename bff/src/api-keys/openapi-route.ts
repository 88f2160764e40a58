import { openApiDocument } from '@evt/contracts/openapi';
import type { RequestHandler } from 'express';

/**
 * `GET /api/openapi.json`: the published API, public (it describes routes, never data), built once from
 * the contracts at start.
 */
export function openApiRoute(): RequestHandler {
  const body = JSON.stringify(openApiDocument());
  return (_req, res) => {
    res.type('application/json').send(body);
  };
}
