import { describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n, type MessageLoaders } from './i18n';

describe('activateLocale', () => {
  it('only logs a failed locale load (spec section 8): the language still switches, the keys stay shown', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('chunk failed');
    const loaders: MessageLoaders = {
      fr: () => Promise.resolve({ default: { greeting: 'Bonjour' } }),
      en: () => Promise.resolve({ default: { greeting: 'Hello' } }),
      ja: () => Promise.reject(failure),
    };

    await expect(activateLocale('ja', loaders)).resolves.toBeUndefined();

    expect(error).toHaveBeenCalledWith('locale load failed', 'ja', failure);
    expect(i18n.language).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(i18n.t('greeting' as never)).toBe('greeting');

    // a later language still loads
    await activateLocale('en', loaders);
    expect(i18n.t('greeting' as never)).toBe('Hello');
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe('keys holding a colon', () => {
  it('are keys, not a namespace: the rights page names each permission', async () => {
    const loaders: MessageLoaders = {
      fr: () => import('../../../../locales/fr.json'),
      en: () => import('../../../../locales/en.json'),
      ja: () => import('../../../../locales/ja.json'),
    };
    await activateLocale('fr', loaders);
    expect(i18n.t('rights.permissions.event:read')).toBe("Voir l'événement");
    expect(i18n.t('rights.permissions.registrations:export')).not.toBe('export');
  });
});
