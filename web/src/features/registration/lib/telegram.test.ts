// @vitest-environment node
import { REGISTRATION_KINDS } from '@evt/contracts/forms/kinds';
import { describe, expect, it } from 'vitest';
import { loadFormModule } from './form-modules';
import { formAsksTelegram, KINDS_ASKING_TELEGRAM } from './telegram';

describe('the kinds whose list shows the Telegram preference', () => {
  it('are exactly those whose form asks for it', async () => {
    const asking = [];
    for (const kind of REGISTRATION_KINDS)
      if (formAsksTelegram((await loadFormModule(kind)).form)) asking.push(kind);
    expect([...KINDS_ASKING_TELEGRAM].sort()).toEqual(asking.sort());
  });
});
