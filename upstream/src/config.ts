import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  UPSTREAM_DATA_DIR: z.string().default('.data/upstream'),
  SMTP_URL: z.string().optional(),
  /** the BFF's public address: where mailings' personal links point */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  AUTOMATION_WEBHOOK_HEADER_NAME: z.string().min(1).default(DEFAULT_WEBHOOK_HEADER_NAME),
  AUTOMATION_WEBHOOK_HEADER_VALUE: z.string().min(16, 'must be at least 16 characters'),
  UPSTREAM_SEED_DEMO: z.enum(['true', 'false', '1', '0']).optional(),
});

export type StandaloneConfig = Omit<z.infer<typeof schema>, 'UPSTREAM_SEED_DEMO'> & { seedDemo: boolean };

/**
 * The standalone reference upstream's environment, or one line per bad variable. The demo data is seeded
 * by default outside production only, and refused in production even when asked for: its accounts'
 * password is published in README, so they would be anyone's accounts.
 */
export function standaloneConfig(
  env: Record<string, string | undefined>,
): { config: StandaloneConfig } | { problems: string[] } {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    return { problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  }
  const { UPSTREAM_SEED_DEMO, ...rest } = parsed.data;
  const production = rest.NODE_ENV === 'production';
  const asked = UPSTREAM_SEED_DEMO === undefined ? undefined : ['true', '1'].includes(UPSTREAM_SEED_DEMO);
  if (production && asked) {
    return {
      problems: [
        'UPSTREAM_SEED_DEMO: never in production (NODE_ENV=production): the demo accounts have a published password',
      ],
    };
  }
  return { config: { ...rest, seedDemo: asked ?? !production } };
}
