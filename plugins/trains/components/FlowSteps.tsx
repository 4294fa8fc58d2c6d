/** Where the user is in the booking flow: seats, passengers, confirmation, payment and tickets. */
import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';

const STEPS = ['seats', 'passengers', 'confirm', 'complete'] as const;

export function FlowSteps({ current }: { current: (typeof STEPS)[number] }) {
  const { t } = useTranslation();
  return <Steps className="train-steps" size="small" responsive={false} labelPlacement="vertical" current={STEPS.indexOf(current)} items={STEPS.map((s) => ({ title: t(`trains.steps.${s}`) }))} />;
}
