/** The antd and dayjs locales follow the language. */
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import 'dayjs/locale/en';
import type { Locale } from 'antd/es/locale';
// the ES modules: the CommonJS entry (antd/locale/vi_VN) reached the bundle as { default } and left antd in English
import viVN from 'antd/es/locale/vi_VN';
import enUS from 'antd/es/locale/en_US';

export function antdLocale(lng: 'vi' | 'en'): Locale {
  return lng === 'en' ? enUS : viVN;
}

export function applyDayjsLocale(lng: 'vi' | 'en'): void {
  dayjs.locale(lng);
}
