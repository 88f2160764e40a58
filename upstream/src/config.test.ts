import { describe, expect, it } from 'vitest';
import { standaloneConfig } from './config';

const KEY = { AUTOMATION_WEBHOOK_HEADER_VALUE: 'k'.repeat(16) };

describe('standaloneConfig', () => {
  it('seeds the demo data by default outside production, and on request', () => {
    expect(standaloneConfig(KEY)).toMatchObject({ config: { seedDemo: true, PORT: 4000 } });
    expect(standaloneConfig({ ...KEY, UPSTREAM_SEED_DEMO: '0' })).toMatchObject({
      config: { seedDemo: false },
    });
  });

  it('never seeds in production: the demo accounts have a published password', () => {
    const production = { ...KEY, NODE_ENV: 'production' };
    expect(standaloneConfig(production)).toMatchObject({ config: { seedDemo: false } });
    expect(standaloneConfig({ ...production, UPSTREAM_SEED_DEMO: 'false' })).toMatchObject({
      config: { seedDemo: false },
    });
    expect(standaloneConfig({ ...production, UPSTREAM_SEED_DEMO: '1' })).toEqual({
      problems: [expect.stringMatching(/^UPSTREAM_SEED_DEMO: never in production/)],
    });
  });

  it('reports one line per bad variable', () => {
    expect(standaloneConfig({ AUTOMATION_WEBHOOK_HEADER_VALUE: 'short' })).toEqual({
      problems: ['AUTOMATION_WEBHOOK_HEADER_VALUE: must be at least 16 characters'],
    });
  });
});
