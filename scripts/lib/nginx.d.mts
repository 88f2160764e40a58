export function hasNginx(): boolean;
export function ensureNginx(): void;
export function startShippedNginx(options: {
  backends: string[];
  dir: string;
  repo: string;
  freePort: () => Promise<number>;
  probePath?: string;
}): Promise<{ url: string; stop(): void }>;
