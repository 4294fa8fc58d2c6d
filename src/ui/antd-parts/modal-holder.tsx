/** antd's own modal hook and its holder, handed to the deferred hook of lazy-use-modal.tsx once loaded. */
import { useLayoutEffect } from 'react';
import useAntdModal, { type HookAPI } from 'antd/es/modal/useModal';

export default function ModalHolder({ onApi }: { onApi: (api: HookAPI) => void }) {
  const [api, holder] = useAntdModal();
  // a layout effect: the holder below is mounted by then, so calls queued before it arrived are shown at once
  useLayoutEffect(() => onApi(api), [api, onApi]);
  return holder;
}
