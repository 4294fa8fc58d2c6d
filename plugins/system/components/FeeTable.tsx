/**
 * The fee table of one target agency: a row per airline ('*' = any other) and domestic / international,
 * an integer VND amount per passenger type. Read-only or editable (add and remove rows, amounts formatted
 * with thousands separators).
 */
import { useState } from 'react';
import { Button, Input, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAX_TYPES } from '../../../contract/flights-rules';
import { EmptyRows, formatVnd, VndInput } from '../../../src/sdk';
import { newRow, rowProblem, type FeeRow, type PaxType } from '../model/fees';

export interface FeeTableProps {
  rows: FeeRow[];
  editable?: boolean;
  onChange?: (rows: FeeRow[]) => void;
}

export function FeeTable({ rows, editable = false, onChange }: FeeTableProps) {
  const { t } = useTranslation();
  const [airline, setAirline] = useState('');
  const [international, setInternational] = useState(false);
  const candidate = newRow(airline || '', international);
  const problem = airline ? rowProblem(candidate, rows) : null;

  const setAmount = (key: string, pax: PaxType, value: number | null) =>
    onChange?.(rows.map((r) => (r.key === key ? { ...r, amounts: { ...r.amounts, [pax]: value ?? 0 } } : r)));

  const columns: ColumnsType<FeeRow> = [
    {
      title: t('system.fees.airline'),
      dataIndex: 'airline',
      key: 'airline',
      fixed: 'left',
      width: 110,
      render: (v: string) => (v === '*' ? t('system.fees.anyAirline') : v),
    },
    {
      title: t('system.fees.route'),
      dataIndex: 'international',
      key: 'international',
      width: 120,
      render: (v: boolean) => t(v ? 'system.fees.international' : 'system.fees.domestic'),
    },
    ...PAX_TYPES.map((pax) => ({
      title: t(`system.fees.pax.${pax}`),
      key: pax,
      width: editable ? 170 : 130,
      align: 'right' as const,
      render: (_: unknown, r: FeeRow) =>
        editable ? (
          <VndInput
            size="small"
            value={r.amounts[pax]}
            aria-label={`${r.airline} ${t(r.international ? 'system.fees.international' : 'system.fees.domestic')} ${pax}`}
            data-testid={`fee-${r.key}-${pax}`}
            onChange={(v) => setAmount(r.key, pax, v)}
          />
        ) : (
          formatVnd(r.amounts[pax])
        ),
    })),
    ...(editable
      ? [
          {
            title: t('system.common.actions'),
            key: 'actions',
            width: 80,
            render: (_: unknown, r: FeeRow) => (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('system.fees.removeRow', { airline: r.airline })}
                title={t('system.fees.removeRow', { airline: r.airline })}
                onClick={() => onChange?.(rows.filter((x) => x.key !== r.key))}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div>
      {editable && (
        <div className="admin-toolbar">
          <div className="fee-add">
            <Input
              style={{ width: 110 }}
              maxLength={2}
              value={airline}
              placeholder={t('system.fees.airlinePlaceholder')}
              aria-label={t('system.fees.airline')}
              onChange={(e) => setAirline(e.target.value.toUpperCase())}
            />
            <Select
              style={{ width: 130 }}
              value={international}
              aria-label={t('system.fees.route')}
              onChange={setInternational}
              options={[
                { value: false, label: t('system.fees.domestic') },
                { value: true, label: t('system.fees.international') },
              ]}
            />
            <Button
              icon={<PlusOutlined />}
              disabled={!airline || problem !== null}
              onClick={() => {
                onChange?.([...rows, candidate]);
                setAirline('');
              }}
            >
              {t('system.fees.addRow')}
            </Button>
          </div>
          {problem && <Typography.Text type="danger">{t(`system.fees.problem.${problem}`)}</Typography.Text>}
        </div>
      )}
      <Table<FeeRow>
        rowKey="key"
        size="small"
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: editable ? 830 : 640 }}
        locale={{ emptyText: <EmptyRows /> }}
      />
    </div>
  );
}
