import en from '../../../locales/en.json';

/**
 * The English text of a message key, read from locales/en.json: the oracle of tests that give the product a
 * `t` of their own. A key the file lacks throws, so a missing message fails the test instead of matching.
 */
export function englishText(key: string): string {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  if (typeof text !== 'string') throw new Error(`locales/en.json has no text at ${key}`);
  return text;
}
