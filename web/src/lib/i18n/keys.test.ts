// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENUM_GROUPS } from '@evt/contracts/forms/enums';
import { REGISTRATION_KINDS } from '@evt/contracts/forms/kinds';
import { formFor } from '@evt/contracts/forms/registry';
import { describe, expect, it } from 'vitest';
import { nameKey } from './keys';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../locales');
const messagesOf = (lng: string): unknown =>
  JSON.parse(readFileSync(path.join(localesDir, `${lng}.json`), 'utf8'));

const textAt = (messages: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

/** Every key the SPA builds from a name the contracts hold (TypeScript cannot follow those). */
function builtKeys(): string[] {
  const keys = new Set<string>();
  for (const kind of REGISTRATION_KINDS) {
    keys.add(nameKey.formTitle(kind));
    const form = formFor(kind);
    for (const step of form.steps) keys.add(nameKey.step(step.id));
    for (const [field, widget] of Object.entries(form.widgets)) {
      keys.add(nameKey.fieldLabel(field));
      if ('labels' in widget && typeof widget.labels === 'object' && 'enum' in widget.labels)
        for (const code of widget.options) keys.add(nameKey.option(widget.labels.enum, code));
      if ('groups' in widget && widget.groups)
        for (const heading of Object.keys(widget.groups.members))
          keys.add(nameKey.option(widget.groups.labels, heading));
    }
  }
  for (const [group, codes] of Object.entries(ENUM_GROUPS))
    for (const code of codes) keys.add(nameKey.option(group, code));
  return [...keys];
}

describe('keys built from the contracts’ names', () => {
  const keys = builtKeys();

  it('covers every form, field, step and option', () => {
    expect(keys.length).toBeGreaterThan(100);
  });

  it.each(['fr', 'en', 'ja'])('each has a text in %s', (lng) => {
    const messages = messagesOf(lng);
    const missing = keys.filter((key) => typeof textAt(messages, key) !== 'string');
    expect(missing).toEqual([]);
  });
});
