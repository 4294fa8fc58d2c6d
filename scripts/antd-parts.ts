import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * antd modules that import, for a part the home or a list page never uses, a module that brings much more with it
 * (issue 20: the home load and the route budget). For these imports only, in the build, the import resolves to a local module (src/ui/antd-parts/):
 * - antd's radio group imports `toNamePathStr` from the form's useForm module, which holds rc-field-form's form
 *   store: a copy of the two-line function instead;
 * - antd's Card imports Tabs for its `tabList` prop: the same Tabs, fetched when a card with tabs renders;
 * - antd's App imports the modal hook (the Modal's code) for `App.useApp().modal`: the same API, its dialogs'
 *   code fetched once the page's content is shown or at the first call; the same for its notification and message
 *   hooks (`App.useApp().notification`, `.message`);
 * - pro-provider (under @refinedev/antd's List) imports the texts of 33 languages: Vietnamese, English and its
 *   Chinese default only.
 * Every other importer (the pages' own Form and Tabs), Node (the tests) and the dev server's pre-bundled antd keep
 * the real modules.
 */
export function antdParts(root: string): Plugin {
  const dir = join(root, 'src/ui/antd-parts');
  const targets: { importer: RegExp; source: string; target: string }[] = [
    { importer: /[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/, source: '../form/hooks/useForm', target: join(dir, 'name-path.ts') },
    { importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs', target: join(dir, 'card-tabs.tsx') },
    { importer: /[\\/]antd[\\/]es[\\/]app[\\/]App\.js$/, source: '../modal/useModal', target: join(dir, 'lazy-use-modal.tsx') },
    { importer: /[\\/]antd[\\/]es[\\/]app[\\/]App\.js$/, source: '../notification/useNotification', target: join(dir, 'lazy-use-notification.tsx') },
    { importer: /[\\/]antd[\\/]es[\\/]app[\\/]App\.js$/, source: '../message/useMessage', target: join(dir, 'lazy-use-message.tsx') },
    { importer: /[\\/]@ant-design[\\/]pro-provider[\\/]es[\\/]index\.js$/, source: './intl', target: join(dir, 'pro-intl.ts') },
  ];
  return {
    name: 'antd-parts',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      return targets.find((t) => t.source === source && t.importer.test(importer))?.target ?? null;
    },
  };
}
