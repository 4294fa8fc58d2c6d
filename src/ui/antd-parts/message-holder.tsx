/** antd's own message hook and its holder, handed to the deferred hook of lazy-use-message.tsx once loaded. */
import { useLayoutEffect } from 'react';
import useAntdMessage from 'antd/es/message/useMessage';
import type { ConfigOptions, MessageInstance } from 'antd/es/message/interface';

export default function MessageHolder({ config, onApi }: { config?: ConfigOptions; onApi: (api: MessageInstance) => void }) {
  const [api, holder] = useAntdMessage(config);
  // a layout effect: the holder below is mounted by then, so messages asked before it arrived show at once
  useLayoutEffect(() => onApi(api), [api, onApi]);
  return holder;
}
