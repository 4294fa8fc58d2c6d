/** Progress of the fan-out: completed sign-in tasks out of the sign-ins, one tag per source. */
import { Progress, Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SignInTask } from '../../../contract/flights';

export interface SearchProgressProps {
  tasks: readonly SignInTask[];
  total: number;
  completed: number;
  running: boolean;
}

export function SearchProgress({ tasks, total, completed, running }: SearchProgressProps) {
  const { t } = useTranslation();
  const percent = total ? Math.round((completed / total) * 100) : 0;
  return (
    <div className="fl-progress" data-testid="search-progress" aria-live="polite">
      <div className="fl-progress-head">
        <span data-testid="search-progress-text" className="fl-progress-text">
          {t('flights.results.progress', { completed, total })}
        </span>
        <Progress
          percent={percent}
          size="small"
          showInfo={false}
          status={running ? 'active' : 'normal'}
          className="fl-progress-bar"
          aria-label={t('flights.results.progressLabel')}
        />
      </div>
      <div className="fl-progress-tags">
        {tasks.map((task) => {
          if (task.status === 'failed') {
            return (
              <Tooltip key={task.signInId} title={task.message}>
                <Tag color="error" icon={<CloseCircleOutlined />} data-testid="task-failed" data-source={task.source}>
                  {task.source} · {task.message || t('flights.results.sourceFailed')}
                </Tag>
              </Tooltip>
            );
          }
          if (task.status === 'done') {
            return (
              <Tag key={task.signInId} color="success" icon={<CheckCircleOutlined />} data-source={task.source} title={task.label}>
                {task.source} · {t('flights.results.sourceOffers', { count: task.offerCount })}
              </Tag>
            );
          }
          return (
            <Tag key={task.signInId} color="processing" icon={<SyncOutlined spin />} data-source={task.source} title={task.label}>
              {task.source}
            </Tag>
          );
        })}
      </div>
    </div>
  );
}
