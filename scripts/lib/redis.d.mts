import type { ChildProcess } from 'node:child_process';

export interface PrivateRedis {
  url: string;
  port: number;
  pid: number | undefined;
  stop(): Promise<void>;
  child: ChildProcess;
}
export function freePort(): Promise<number>;
export function ensureRedisServer(options?: { install?: boolean }): string;
export function aptInstall(packages: string[]): void;
export function startPrivateRedis(options?: { install?: boolean }): Promise<PrivateRedis>;
