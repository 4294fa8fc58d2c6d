/**
 * Giving unsold seats of an allotment back to the airline's inventory, after a confirmation that states what the
 * deposit is credited (the net price of the seats; nothing for an allotment bought before purchases were charged).
 */
import { useState } from 'react';
import { Alert, InputNumber, Modal, Space, Typography } from 'antd';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { releaseCredit, type ReleaseDone, type ReserveRow } from '../../../contract/shop';
import { formatVnd } from '../../../src/sdk';
import { shopUrl } from '../api';
import { shopError } from './errors';

export function ReleaseModal({ reserve, onClose }: { reserve: ReserveRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState(reserve.remaining);
  const [error, setError] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<ReleaseDone>();
  const invalidate = useInvalidate();
  const credit = releaseCredit({ netPrice: reserve.netPrice, charged: reserve.charged }, 'release', quantity || 0);

  const send = () => {
    setError(null);
    mutate(
      {
        url: shopUrl.release(reserve.id),
        method: 'post',
        values: { quantity },
        meta: { silent: true },
        successNotification: (res) => ({
          type: 'success',
          message: res?.data.credited
            ? t('shop.release.doneCredited', { count: quantity, remaining: res.data.remaining, amount: formatVnd(res.data.credited), balance: formatVnd(res.data.balanceAfter) })
            : t('shop.release.done', { count: quantity, remaining: res?.data.remaining ?? 0 }),
        }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          // the allotments and the header's balance (credited)
          void invalidate({ invalidates: ['all'] });
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
        <Alert
          type="warning"
          showIcon
          message={t('shop.release.confirm', { count: quantity || 0 })}
          description={reserve.charged ? t('shop.release.credit', { amount: formatVnd(credit), count: quantity || 0 }) : t('shop.release.noCredit')}
          data-testid="release-confirm"
          data-credit={credit}
        />
        {error && <Alert type="error" showIcon role="alert" message={error} />}
      </Space>
    </Modal>
  );
}
