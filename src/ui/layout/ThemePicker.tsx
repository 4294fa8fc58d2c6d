/** The colour-system picker (blue, cream, red); the choice is stored. */
import { Button, Dropdown } from 'antd';
import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../preferences';
import { COLOUR_SYSTEMS, THEME_NAMES, type ThemeName } from '../theme';

export function ThemePicker() {
  const { t } = useTranslation();
  const { theme, setTheme } = usePreferences();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [theme],
        onClick: ({ key }) => setTheme(key as ThemeName),
        items: THEME_NAMES.map((name) => ({
          key: name,
          label: (
            <span className="theme-option">
              <span className="theme-swatch" style={{ background: COLOUR_SYSTEMS[name].brand, color: COLOUR_SYSTEMS[name].font }}>
                Aa
              </span>
              {t(`shell.theme.${name}`)}
              {name === theme && <CheckOutlined className="theme-check" />}
            </span>
          ),
        })),
      }}
    >
      <Button type="text" className="header-icon-button" icon={<BgColorsOutlined />} title={t('shell.theme.label')} aria-label={t('shell.theme.label')} />
    </Dropdown>
  );
}
