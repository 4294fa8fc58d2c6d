import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FeeTable } from '../../plugins/system/components/FeeTable';
import { toRows, type FeeRow } from '../../plugins/system/model/fees';
import { initTestI18n } from './helpers/i18n';

const rows = toRows([
  { airline: '*', international: false, paxType: 'ADT', amount: 50_000 },
  { airline: 'VN', international: false, paxType: 'ADT', amount: 1_500_000 },
  { airline: 'VN', international: false, paxType: 'CHD', amount: 75_000 },
]);

function Editable({ onRows }: { onRows: (rows: FeeRow[]) => void }) {
  const [value, setValue] = useState(rows);
  return (
    <FeeTable
      rows={value}
      editable
      onChange={(next) => {
        setValue(next);
        onRows(next);
      }}
    />
  );
}

beforeAll(async () => {
  await initTestI18n('vi');
});

describe('the fee table', () => {
  it('shows amounts in VND with thousands separators, "*" as any airline', () => {
    render(<FeeTable rows={rows} />);
    expect(screen.getByText('1.500.000 ₫')).toBeTruthy();
    expect(screen.getByText('75.000 ₫')).toBeTruthy();
    expect(screen.getByText('Mọi hãng')).toBeTruthy();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('edits integer amounts formatted with separators', async () => {
    const onRows = vi.fn();
    render(<Editable onRows={onRows} />);
    const adt = screen.getByLabelText('VN Nội địa ADT') as HTMLInputElement;
    expect(adt.value).toBe('1.500.000');
    fireEvent.change(adt, { target: { value: '2.250.000' } });
    const last = onRows.mock.calls.at(-1)![0] as FeeRow[];
    expect(last.find((r) => r.airline === 'VN')!.amounts.ADT).toBe(2_250_000);
    expect(Number.isInteger(last.find((r) => r.airline === 'VN')!.amounts.ADT)).toBe(true);
  });

  it('adds a line for a new airline, refuses a duplicate or a bad code, removes a line', async () => {
    const onRows = vi.fn();
    render(<Editable onRows={onRows} />);
    const u = userEvent.setup();
    const airline = screen.getByLabelText('Hãng');
    await u.type(airline, 'vn');
    expect(screen.getByText('Dòng này đã có.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Thêm dòng/ }) as HTMLButtonElement).disabled).toBe(true);
    await u.clear(airline);
    await u.type(airline, 'V');
    expect(screen.getByText('Mã hãng gồm 2 ký tự (hoặc * cho mọi hãng).')).toBeTruthy();
    await u.type(airline, 'J');
    await u.click(screen.getByRole('button', { name: /Thêm dòng/ }));
    let last = onRows.mock.calls.at(-1)![0] as FeeRow[];
    expect(last.map((r) => r.key)).toEqual(['*|D', 'VN|D', 'VJ|D']);
    expect(last[2].amounts).toEqual({ ADT: 0, CHD: 0, INF: 0 });
    await u.click(screen.getByRole('button', { name: 'Xoá dòng VN' }));
    last = onRows.mock.calls.at(-1)![0] as FeeRow[];
    expect(last.map((r) => r.key)).toEqual(['*|D', 'VJ|D']);
  }, 15_000);
});
