/**
 * The calls of the news plugin (news, banners, online support, uploads), through the one api client.
 * Lists and writes go through Refine's data hooks with these metas (the gateway answers `{ items, total }`
 * and changes with PUT); uploads are a direct call (a base64 body in the sealed envelope).
 */
import { ADMIN_API } from '../../contract/admin-paths';
import type { UploadResult } from '../../contract/content';
import { checkUpload, type UploadKind, type UploadProblem } from '../../contract/validators';
import { api } from '../../src/sdk';
import { isApiError } from '../../src/sdk';
import { ErrorCode } from '../../contract/errors';

/** Refine resource names; they double as the cache tags of spec point 7 (News, AgentAds, OnlineSupport). */
export const RESOURCES = {
  news: 'news',
  newsManage: 'news-manage',
  banners: 'banners',
  support: 'online-support',
} as const;

export const NEWS_META = { path: ADMIN_API.news };
export const NEWS_MANAGE_META = { path: ADMIN_API.newsManage, updateMethod: 'put' };
export const BANNERS_META = { path: ADMIN_API.banners, updateMethod: 'put' };
export const SUPPORT_META = { path: ADMIN_API.supportContacts, updateMethod: 'put' };

/** Why an upload was refused: the client check (spec point 5) or the gateway's data.reason. */
export type UploadFailure = Exclude<UploadProblem, null> | 'badContent' | 'failed';

export class UploadError extends Error {
  readonly reason: UploadFailure;
  constructor(reason: UploadFailure, message: string = reason) {
    super(message);
    this.name = 'UploadError';
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

/** Checks the file (size, extension) before sending it; the gateway checks the content too. */
export async function uploadFile(file: File, kind: UploadKind = 'image'): Promise<UploadResult> {
  const problem = checkUpload(file, kind);
  if (problem) throw new UploadError(problem);
  try {
    const { data } = await api.post<UploadResult>(ADMIN_API.uploads, { fileName: file.name, contentBase64: await toBase64(file), kind });
    return data;
  } catch (error) {
    if (isApiError(error) && error.code === ErrorCode.UPLOAD_REFUSED) {
      const reason = error.data?.reason;
      if (reason === 'tooLarge' || reason === 'badExtension' || reason === 'empty' || reason === 'badContent') throw new UploadError(reason, error.message);
    }
    throw new UploadError('failed', error instanceof Error ? error.message : String(error));
  }
}

/** Where the browser loads a served upload (the gateway answers paths relative to its own base). */
export function assetUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return url.startsWith('/') ? `${api.defaults.baseURL ?? ''}${url}` : url;
}

export const uploadPath = (id: string) => ADMIN_API.upload.replace(':id', id);
