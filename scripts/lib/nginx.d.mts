export function hasNginx(): boolean;
export function ensureNginx(): void;
