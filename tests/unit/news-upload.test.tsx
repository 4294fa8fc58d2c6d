import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { api } from '../../src/api/client';
import { cipher } from '../../src/api/cipher';
import { ImageUpload } from '../../src/ui/rich-text/ImageUpload';
import { initTestI18n } from './helpers/i18n';
import { bodyOf, mockAdapter, type SeenRequest } from './helpers/mock-adapter';
import { renderScreen } from './helpers/refine-harness';
import { decrypt } from '../../contract/crypto';

// @refinedev/react-router is loaded by Node (CommonJS) and requires react-router itself: share one instance.
vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

let seen: SeenRequest[];
let previous: AxiosAdapter;
let answer: () => { status?: number; data?: unknown };

beforeAll(() => initTestI18n('vi'));
beforeEach(() => {
  seen = [];
  answer = () => ({ data: { id: '0b7c2b8e-0000-4000-8000-000000000001', url: '/api/uploads/0b7c2b8e-0000-4000-8000-000000000001', fileName: 'a.png', contentType: 'image/png', size: 3, kind: 'image' } });
  previous = api.defaults.adapter as AxiosAdapter;
  api.defaults.adapter = mockAdapter(() => answer(), seen);
});
afterEach(() => {
  api.defaults.adapter = previous;
});

function setup() {
  const changes: (string | null)[] = [];
  const user = userEvent.setup({ applyAccept: false });
  // the upload goes through the data provider: the picker lives inside Refine
  renderScreen('/', '/', <ImageUpload onChange={(id) => changes.push(id)} label="Ảnh bìa" />);
  const input = screen.getByTestId('image-upload-input') as HTMLInputElement;
  return { user, input, changes };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('image upload checks (spec point 5)', () => {
  it('refuses a file over 5 MB on the client, with a clear message, and sends nothing', async () => {
    const { user, input, changes } = setup();
    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Tệp "big.png" quá lớn: tối đa 5 MB.');
    expect(seen).toHaveLength(0);
    expect(changes).toEqual([]);
  });

  it('refuses a wrong type (pdf, svg, no extension) on the client', async () => {
    const { user, input } = setup();
    await user.upload(input, new File(['%PDF-1.4'], 'price-list.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Tệp "price-list.pdf" không đúng định dạng: chỉ nhận JPG, JPEG, PNG, GIF.');
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect((await screen.findByRole('alert')).textContent).toContain('logo.svg');
    expect(seen).toHaveLength(0);
  });

  it('uploads an allowed image (base64 in the sealed body) and gives its id to the form', async () => {
    const { user, input, changes } = setup();
    await user.upload(input, new File([PNG], 'cover.png', { type: 'image/png' }));
    await screen.findByRole('button', { name: 'Chọn ảnh: Ảnh bìa' });
    await new Promise((r) => setTimeout(r, 20));
    expect(changes).toEqual(['0b7c2b8e-0000-4000-8000-000000000001']);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('/api/uploads');
    const sealed = bodyOf(seen[0]) as { data: string };
    const body = JSON.parse(decrypt(sealed.data, cipher)) as { fileName: string; contentBase64: string; kind: string };
    expect(body).toMatchObject({ fileName: 'cover.png', kind: 'image', contentBase64: Buffer.from(PNG).toString('base64') });
  });

  it('shows the gateway refusal of a disguised file (content check)', async () => {
    answer = () => ({ status: 400, data: { code: 61, message: 'refused', data: { reason: 'badContent' } } });
    const { user, input, changes } = setup();
    await user.upload(input, new File(['not really a png'], 'fake.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Nội dung tệp "fake.png" không phải ảnh đúng định dạng.');
    expect(changes).toEqual([]);
  });

  it('speaks English too', async () => {
    await initTestI18n('en');
    const { user, input } = setup();
    await user.upload(input, new File(['x'], 'notes.docx'));
    expect((await screen.findByRole('alert')).textContent).toContain('The file "notes.docx" is not an allowed type: JPG, JPEG, PNG or GIF only.');
    await initTestI18n('vi');
  });
});
