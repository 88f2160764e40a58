import { z } from 'zod';

/** `GET /builds/latest.json`: the SPA reloads when the id differs from the one it was built with. */
export const buildManifest = z.object({ id: z.string(), timestamp: z.number() });
export type BuildManifest = z.infer<typeof buildManifest>;
export const BUILD_MANIFEST_PATH = '/builds/latest.json';
