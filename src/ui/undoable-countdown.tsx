/**
 * The countdown circle of an undoable notice (antd Progress): a module of its own, loaded once the page's content
 * is shown or when the first such notice opens, so that the signed-in shell does not carry Progress.
 */
import { Progress } from 'antd';

export default function UndoableCountdown({ left, seconds }: { left: number; seconds: number }) {
  return <Progress type="circle" size={36} percent={seconds > 0 ? (left / seconds) * 100 : 0} format={() => left} />;
}
