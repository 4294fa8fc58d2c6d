/**
 * The calls of the accounting plugin: lists through Refine's data hooks with these metas (the gateway
 * answers `{ items, total }`), top-up writes and the receipt upload as direct calls through the api client.
 */
import { ACCOUNTING_API, type TopUpCreate, type TopUpRequest } from '../../contract/accounting';
import { ADMIN_API } from '../../contract/admin-paths';
import type { UploadResult } from '../../contract/content';
import { ErrorCode } from '../../contract/errors';
import { api } from '../../src/sdk';
import { isApiError } from '../../src/sdk';
import { checkReceiptFile } from './model/amount';

export const RESOURCES = { topUps: 'accounting-topups', entries: 'accounting-entries' } as const;
export const TOPUPS_META = { path: ACCOUNTING_API.topUps };
export const ENTRIES_META = { path: ACCOUNTING_API.entries };

export type ReceiptFailure = 'empty' | 'tooLarge' | 'badExtension' | 'badContent' | 'failed';

export class ReceiptError extends Error {
  readonly reason: ReceiptFailure;
  constructor(reason: ReceiptFailure, message: string = reason) {
    super(message);
    this.name = 'ReceiptError';
    this.reason = reason;
  }
}

function toBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Checks the receipt on the client (image or PDF, 5 MB), then uploads it; the gateway checks its bytes. */
export async function uploadReceipt(file: File): Promise<UploadResult> {
  const problem = checkReceiptFile(file);
  if (problem) throw new ReceiptError(problem);
  try {
    const { data } = await api.post<UploadResult>(ADMIN_API.uploads, { fileName: file.name, contentBase64: await toBase64(file), kind: 'file' }, { silent: true });
    return data;
  } catch (error) {
    if (isApiError(error) && error.code === ErrorCode.UPLOAD_REFUSED) {
      const reason = error.data?.reason;
      if (reason === 'tooLarge' || reason === 'badExtension' || reason === 'empty' || reason === 'badContent') throw new ReceiptError(reason, error.message);
    }
    throw new ReceiptError('failed', error instanceof Error ? error.message : String(error));
  }
}

export async function createTopUp(input: TopUpCreate): Promise<TopUpRequest> {
  const { data } = await api.post<TopUpRequest>(ACCOUNTING_API.topUps, input, { silent: true });
  return data;
}

export async function approveTopUp(id: number): Promise<TopUpRequest> {
  const { data } = await api.post<TopUpRequest>(ACCOUNTING_API.topUpApprove.replace(':id', String(id)), {}, { silent: true });
  return data;
}

export async function rejectTopUp(id: number, reason: string): Promise<TopUpRequest> {
  const { data } = await api.post<TopUpRequest>(ACCOUNTING_API.topUpReject.replace(':id', String(id)), { reason }, { silent: true });
  return data;
}

/** Where the browser loads a served upload (the gateway answers paths relative to its own base). */
export function assetUrl(url: string): string {
  return url.startsWith('/') ? `${api.defaults.baseURL ?? ''}${url}` : url;
}
