/** Checkboxes of permission strings with their meaning; strings the administrator may not grant are disabled. */
import { Checkbox, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AgentOptions } from '../../../contract/agents';
import { isPermissionLocked } from '../model/grants';

export interface PermissionChecklistProps {
  options: AgentOptions['permissions'];
  /** The strings the record had when the form opened (they stay tickable). */
  initial: readonly string[];
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}

export function PermissionChecklist({ options, initial, value = [], onChange, id }: PermissionChecklistProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language?.startsWith('en');
  return (
    <Checkbox.Group value={value} onChange={(v) => onChange?.(v as string[])} style={{ width: '100%', display: 'block' }}>
      <div className="admin-perm-grid" id={id}>
        {options.map((p) => {
          const locked = isPermissionLocked(p.value, p.grantable, initial);
          const box = (
            <Checkbox key={p.value} value={p.value} disabled={locked} data-testid={`perm-${p.value}`}>
              <span className="admin-perm-item">
                <span>{en ? p.en : p.vi}</span>
                <span className="admin-perm-code">{p.value}</span>
              </span>
            </Checkbox>
          );
          return locked ? (
            <Tooltip key={p.value} title={t('agents.users.notGrantable')}>
              <span>{box}</span>
            </Tooltip>
          ) : (
            box
          );
        })}
      </div>
    </Checkbox.Group>
  );
}
