/** Giving unsold seats of an allotment back to the airline's inventory, after a confirmation. */
import { useState } from 'react';
import { Alert, InputNumber, Modal, Space, Typography } from 'antd';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { ReserveRow } from '../../../contract/shop';
import { RESOURCES, shopUrl } from '../api';
import { shopError } from './errors';

export function ReleaseModal({ reserve, onClose }: { reserve: ReserveRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState(reserve.remaining);
  const [error, setError] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<{ remaining: number }>();
  const invalidate = useInvalidate();

  const send = () => {
    setError(null);
    mutate(
      {
        url: shopUrl.release(reserve.id),
        method: 'post',
        values: { quantity },
        meta: { silent: true },
        successNotification: (res) => ({ type: 'success', message: t('shop.release.done', { count: quantity, remaining: res?.data.remaining ?? 0 }) }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          void invalidate({ resource: RESOURCES.reserves, invalidates: ['list', 'detail'] });
          onClose();
        },
        onError: (e) => setError(shopError(t, e)),
      },
    );
  };

  return (
    <Modal
      open
      title={t('shop.release.title', { flightNo: reserve.flightNo })}
      okText={t('shop.release.action')}
      okButtonProps={{ danger: true, loading: mutation.isPending, disabled: !quantity }}
      cancelText={t('shop.cancel')}
      onOk={send}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space direction="vertical" className="shop-full">
        <label htmlFor="release-quantity">
          <Typography.Text>{t('shop.release.quantity')}</Typography.Text>
        </label>
        <InputNumber id="release-quantity" min={1} max={reserve.remaining} precision={0} value={quantity} onChange={(v) => setQuantity(v ?? 0)} autoFocus />
        <Alert type="warning" showIcon message={t('shop.release.confirm', { count: quantity || 0 })} />
        {error && <Alert type="error" showIcon role="alert" message={error} />}
      </Space>
    </Modal>
  );
}
