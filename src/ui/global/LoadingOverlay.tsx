/** The global loading overlay (antd's fullscreen Spin, shown after 250 ms); loaded with the first call that asks for it. */
import { Spin } from 'antd';

export default function LoadingOverlay({ spinning, label }: { spinning: boolean; label: string }) {
  return <Spin fullscreen spinning={spinning} delay={250} aria-label={label} />;
}
