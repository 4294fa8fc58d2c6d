/** Menu entries and home quick links name each screen once, in both languages. */
import { describe, expect, it } from 'vitest';
import vi from '../../locales/vi/translation.json';
import en from '../../locales/en/translation.json';
import { composePlugins } from '../../src/plugin';
import { plugins } from '../../src/plugins';
import { uniqueLinks } from '../../plugins/home/components/QuickLinks';

const dictionaries = { vi, en } as const;
const lookup = (dict: unknown) => (key: string): string =>
  String(key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), dict) ?? key);

describe('screen names', () => {
  it.each(['vi', 'en'] as const)('the menu names every screen once (%s)', (lang) => {
    const t = lookup(dictionaries[lang]);
    const labels = composePlugins(plugins).menu.filter((e) => e.path).map((e) => t(e.label));
    const twice = labels.filter((l, i) => labels.indexOf(l) !== i);
    expect(twice).toEqual([]);
  });

  it.each(['vi', 'en'] as const)('home quick links: the menu entries plus the shell links, each name once (%s)', (lang) => {
    const t = lookup(dictionaries[lang]);
    const menu = composePlugins(plugins).menu.filter((e) => e.path).map((e) => ({ path: e.path!, label: e.label }));
    const shell = [{ path: '/change-password', label: 'home.links.changePassword' }, { path: '/time-setup-instruction', label: 'home.links.timeSetup' }];
    const links = uniqueLinks([...menu, ...shell], t);
    const names = links.map((l) => t(l.label));
    expect(names.filter((l, i) => names.indexOf(l) !== i)).toEqual([]);
    // change password is offered once (the menu's), the clock setup from the shell
    expect(names.filter((n) => n === t('home.links.changePassword'))).toHaveLength(1);
    expect(names).toContain(t('home.links.timeSetup'));
  });
});
