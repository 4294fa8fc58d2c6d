/**
 * The local modules the build puts in place of a few antd imports (scripts/antd-parts.ts): each answers as the module
 * it replaces for what its importer uses, and the plugin redirects only those imports.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { toNamePathStr as antdToNamePathStr } from 'antd/es/form/hooks/useForm';
import * as realIntl from '@ant-design/pro-provider/es/intl';
import { toNamePathStr } from '../../src/ui/antd-parts/name-path';
import * as intl from '../../src/ui/antd-parts/pro-intl';
import CardTabs from '../../src/ui/antd-parts/card-tabs';
import { antdParts } from '../../scripts/antd-parts';

describe('antd parts', () => {
  it('names a radio group as antd does', () => {
    for (const name of [undefined, false, 'journey', 0, ['legs', 0, 'from'], [], ['a'], 7]) {
      expect(toNamePathStr(name)).toBe(antdToNamePathStr(name as never));
    }
  });

  it('finds the same pro-provider language for every locale key the portal or antd gives', () => {
    for (const key of [undefined, '', 'vi', 'vi-VN', 'vi_VN', 'en', 'en-US', 'en_US', 'zh-CN', 'zh-cn', 'VI', 'EN']) {
      const found = intl.findIntlKeyByAntdLocaleKey(key);
      expect(found).toBe(realIntl.findIntlKeyByAntdLocaleKey(key));
      expect(found && intl.intlMap[found].locale).toBe(found && (realIntl.intlMap as Record<string, { locale: string }>)[found].locale);
    }
  });

  it('gives the same texts in Vietnamese, English and Chinese, the fallback to Chinese included', () => {
    const ids = ['moneySymbol', 'tableForm.search', 'tableForm.reset', 'tableToolBar.reload', 'form.lightFilter.clear',
      'pagination.total.range', 'editableTable.action.save', 'no.such.key', 'tableForm.collapsed'];
    for (const key of ['vi-VN', 'en-US', 'zh-CN'] as const) {
      for (const id of ids) expect(intl.intlMap[key].getMessage(id, 'default')).toBe(realIntl.intlMap[key].getMessage(id, 'default'));
    }
    expect(intl.viVNIntl.locale).toBe(realIntl.viVNIntl.locale);
    expect(intl.enUSIntl.getMessage('tableForm.search', '')).toBe(realIntl.enUSIntl.getMessage('tableForm.search', ''));
    expect(intl.zhCNIntl.getMessage('no.such.key', 'fallback')).toBe('fallback');
  });

  it("renders a card's tabs once their code is here", async () => {
    render(<CardTabs items={[{ key: 'a', label: 'First tab', children: 'first' }, { key: 'b', label: 'Second tab', children: 'second' }]} />);
    expect(await screen.findByRole('tab', { name: 'First tab' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Second tab' })).toBeTruthy();
  });

  it('redirects only these imports of these antd modules', () => {
    const plugin = antdParts('/repo');
    const resolve = plugin.resolveId as (source: string, importer?: string) => string | null;
    expect(resolve('../form/hooks/useForm', '/x/node_modules/antd/es/radio/group.js')).toBe('/repo/src/ui/antd-parts/name-path.ts');
    expect(resolve('../tabs', '/x/node_modules/antd/es/card/Card.js')).toBe('/repo/src/ui/antd-parts/card-tabs.tsx');
    expect(resolve('./intl', '/x/node_modules/@ant-design/pro-provider/es/index.js')).toBe('/repo/src/ui/antd-parts/pro-intl.ts');
    expect(resolve('../modal/useModal', '/x/node_modules/antd/es/app/App.js')).toBe('/repo/src/ui/antd-parts/lazy-use-modal.tsx');
    expect(resolve('../notification/useNotification', '/x/node_modules/antd/es/app/App.js')).toBe('/repo/src/ui/antd-parts/lazy-use-notification.tsx');
    expect(resolve('../message/useMessage', '/x/node_modules/antd/es/app/App.js')).toBe('/repo/src/ui/antd-parts/lazy-use-message.tsx');
    expect(resolve('../tabs', '/x/node_modules/antd/es/index.js')).toBeNull();
    expect(resolve('./useModal', '/x/node_modules/antd/es/modal/index.js')).toBeNull();
    expect(resolve('../message/useMessage', '/x/node_modules/antd/es/message/index.js')).toBeNull();
    expect(resolve('../form/hooks/useForm', '/x/node_modules/antd/es/form/Form.js')).toBeNull();
    expect(resolve('./intl', '/x/node_modules/@ant-design/pro-layout/es/index.js')).toBeNull();
    expect(resolve('antd', undefined)).toBeNull();
    expect(plugin.apply).toBe('build');
  });
});
