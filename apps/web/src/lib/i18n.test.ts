// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import i18n from './i18n';

/** Issue 28: a text asked for before its namespace arrived showed its key ('errors.connection') on screen. */
describe('i18n missing texts', () => {
  it('read nothing while their namespace loads, their text once it is in, the key only when really missing', async () => {
    await i18n.loadNamespaces('common');
    expect(i18n.hasLoadedNamespace('support')).toBe(false);
    expect(i18n.t('support:title')).toBe('');
    expect(i18n.t('support:title', { defaultValue: 'Support' })).toBe('Support');
    await i18n.loadNamespaces('support');
    expect(i18n.t('support:title')).toBe('Soporte');
    expect(i18n.t('common:errors.connection')).not.toMatch(/^[a-z]+(\.[a-zA-Z_]+)+$/);
    expect(i18n.t('common:no.such_key')).toBe('no.such_key');
  });
});
