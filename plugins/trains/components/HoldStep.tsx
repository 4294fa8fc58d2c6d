/**
 * The frame of the booking steps that work on the user's hold (seats, passengers, confirmation): the title, the
 * steps, the countdown, and the hold's states — failed to load, loading, no seats held — before the step itself.
 */
import type { ReactNode } from 'react';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError, PageFrame } from '../../../src/sdk';
import type { TrainHold } from '../../../contract/trains';
import { useHold } from '../api';
import { FlowSteps } from './FlowSteps';
import { HoldBar } from './HoldBar';
import { NoHold } from './NoHold';

export function HoldStep({ title, step, children }: { title: string; step: 'seats' | 'passengers' | 'confirm'; children: (hold: TrainHold) => ReactNode }) {
  const { t } = useTranslation();
  const { hold, query } = useHold();
  return (
    <PageFrame title={t(title)} className="train-page">
      <FlowSteps current={step} />
      <HoldBar />
      {query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : hold === undefined ? (
        <Skeleton active />
      ) : !hold || hold.seats.length === 0 ? (
        <NoHold />
      ) : (
        children(hold)
      )}
    </PageFrame>
  );
}
