/** A table row's delete button (hidden without access), asking first with the row's name. */
import { DeleteButton } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';

export interface RowDeleteProps {
  resource: string;
  id: number;
  meta: Record<string, unknown>;
  /** The row's name, in the question and the button's label. */
  name: string;
  confirmKey: string;
  doneKey: string;
}

export function RowDelete({ resource, id, meta, name, confirmKey, doneKey }: RowDeleteProps) {
  const { t } = useTranslation();
  return (
    <DeleteButton
      resource={resource}
      recordItemId={id}
      meta={meta}
      invalidates={['list']}
      hideText
      size="small"
      confirmTitle={`${name}: ${t(confirmKey)}`}
      confirmOkText={t('news.common.delete')}
      confirmCancelText={t('news.common.cancel')}
      successNotification={() => ({ type: 'success', message: t(doneKey) })}
      title={t('news.manage.delete', { title: name })}
      aria-label={t('news.manage.delete', { title: name })}
    />
  );
}
