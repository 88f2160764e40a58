// The badge worker run from the TypeScript sources (tests, tsx): tsx's loader, then the worker itself.
// The built BFF runs bff/dist/badge-worker.js instead (see generate.ts).
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
