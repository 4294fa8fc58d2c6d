import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContentStatus } from '../../../contract/b2c';

/** Draft or published, for the storefront's articles and fare rules. */
export function ContentStatusTag({ status }: { status: ContentStatus }) {
  const { t } = useTranslation();
  return <Tag color={status === 'published' ? 'green' : 'default'} data-testid="content-status" data-status={status}>{t(`b2c.contentStatus.${status}`)}</Tag>;
}
