/**
 * Valid access tokens seen recently, so the hot path skips a database round trip. Exact, not eventually
 * consistent: every revocation goes through `forget*` in the same process. It is only enabled when this
 * process owns the database (embedded PGlite); with a shared PostgreSQL another instance could revoke.
 */
export class TokenCache {
  private readonly entries = new Map<string, { userId: number; expiresAt: number }>();

  constructor(
    readonly enabled: boolean,
    private readonly max = 10_000,
  ) {}

  get(tokenHash: string): number | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.userId;
  }

  set(tokenHash: string, userId: number, expiresAt: number): void {
    if (!this.enabled) return;
    // Map keeps insertion order: dropping the first key evicts the oldest entry.
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { userId, expiresAt });
  }

  forget(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: number): void {
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash);
  }
}
