// @vitest-environment node
import { MANAGER_TYPES } from '@evt/contracts/roles';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import fr from '../../../../../locales/fr.json';
import ja from '../../../../../locales/ja.json';
import { memberTypeKey } from './member-type';

const textAt = (messages: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

describe('member type labels', () => {
  it.each([
    ['fr', fr],
    ['en', en],
    ['ja', ja],
  ])('exist in %s for every member type', (_, messages) => {
    const missing = [...MANAGER_TYPES, 'member'].filter(
      (type) => typeof textAt(messages, memberTypeKey(type)) !== 'string',
    );
    expect(missing).toEqual([]);
  });
});
