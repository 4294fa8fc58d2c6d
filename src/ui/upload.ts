/**
 * The one upload path of the portal: POST /api/uploads with the file as base64 inside the sealed envelope,
 * through the data provider's custom method. The file is checked on the client first (spec point 5; the
 * gateway checks its content too); a refusal comes back as an UploadError whose reason the screen words.
 */
import { useCustomMutation } from '@refinedev/core';
import { ADMIN_API } from '../../contract/admin-paths';
import type { UploadResult } from '../../contract/content';
import { ErrorCode } from '../../contract/errors';
import { checkUpload, type UploadKind, type UploadProblem } from '../../contract/validators';
import { api } from '../api/client';
import { isApiError } from '../api/errors';

export type UploadFailure = Exclude<UploadProblem, null> | 'badContent' | 'failed';

export class UploadError extends Error {
  readonly reason: UploadFailure;
  constructor(reason: UploadFailure, message: string = reason) {
    super(message);
    this.name = 'UploadError';
    this.reason = reason;
  }
}

const REFUSALS: readonly string[] = ['tooLarge', 'badExtension', 'empty', 'badContent'];

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

/** `upload(file, kind, check?)` answers the stored upload or throws an UploadError; `uploading` while it runs. */
export function useUpload() {
  const { mutateAsync, mutation } = useCustomMutation<UploadResult>();
  const upload = async (file: File, kind: UploadKind, check: (f: File) => UploadProblem = (f) => checkUpload(f, kind)): Promise<UploadResult> => {
    const problem = check(file);
    if (problem) throw new UploadError(problem);
    try {
      const values = { fileName: file.name, contentBase64: await toBase64(file), kind };
      const { data } = await mutateAsync({ url: ADMIN_API.uploads, method: 'post', values, meta: { silent: true }, successNotification: false, errorNotification: false });
      return data;
    } catch (error) {
      const reason = isApiError(error) && error.code === ErrorCode.UPLOAD_REFUSED ? error.data?.reason : undefined;
      if (typeof reason === 'string' && REFUSALS.includes(reason)) throw new UploadError(reason as UploadFailure, (error as Error).message);
      throw new UploadError('failed', error instanceof Error ? error.message : String(error));
    }
  };
  return { upload, uploading: mutation.isPending };
}

/** Where the browser loads a served file (the gateway answers paths relative to its own base). */
export function assetUrl(url: string): string;
export function assetUrl(url: string | null | undefined): string | undefined;
export function assetUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return url.startsWith('/') ? `${api.defaults.baseURL ?? ''}${url}` : url;
}

/** Where the browser loads an upload by its id. */
export const uploadSrc = (id: string): string => assetUrl(ADMIN_API.upload.replace(':id', encodeURIComponent(id)));
