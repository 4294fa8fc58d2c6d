/**
 * @ant-design/pro-provider's `intl` module (reached by @refinedev/antd's List through pro-layout's PageHeader)
 * imports the texts of its 33 languages and builds one lookup of them all: about 60 KB of texts in every list page.
 * The portal speaks Vietnamese and English. The build resolves pro-provider's import of it to this module
 * (scripts/antd-parts.ts): the same functions over the languages it can be asked for — Vietnamese, English and
 * Chinese (pro-provider's default and fallback) — kept in the original order, so a lookup by antd's locale
 * (`vi`, `en`) finds the same entry as before.
 */
import enUS from '@ant-design/pro-provider/es/locale/en_US';
import viVN from '@ant-design/pro-provider/es/locale/vi_VN';
import zhCN from '@ant-design/pro-provider/es/locale/zh_CN';

type Messages = Record<string, unknown>;
export interface IntlType {
  locale: string;
  getMessage: (id: string, defaultMessage: string) => string;
}

function get(entity: unknown, path: string[]): unknown {
  let current = entity;
  for (const key of path) {
    if (current === null || current === undefined) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** pro-provider's createIntl, as it is. */
export const createIntl = (locale: string, localeMap: Messages): IntlType => ({
  getMessage: (id: string, defaultMessage: string) => {
    const msg = get(localeMap, id.replace(/\[(\d+)\]/g, '.$1').split('.')) || '';
    if (msg) return msg as string;
    const localKey = locale.replace('_', '-');
    if (localKey === 'zh-CN') return defaultMessage;
    const intl = intlMap['zh-CN'];
    return intl ? intl.getMessage(id, defaultMessage) : defaultMessage;
  },
  locale,
});

export const zhCNIntl = createIntl('zh_CN', zhCN as Messages);
export const enUSIntl = createIntl('en_US', enUS as Messages);
export const viVNIntl = createIntl('vi_VN', viVN as Messages);

export const intlMap: Record<string, IntlType> = { 'zh-CN': zhCNIntl, 'en-US': enUSIntl, 'vi-VN': viVNIntl };
export const intlMapKeys = Object.keys(intlMap);

/** pro-provider's lookup by antd's locale key, as it is. */
export const findIntlKeyByAntdLocaleKey = (localeKey?: string): string | undefined => {
  const localeName = (localeKey || 'zh-CN').toLocaleLowerCase();
  return intlMapKeys.find((intlKey) => intlKey.toLocaleLowerCase().includes(localeName));
};
