import { apiPaths, fillApiPath, uploadObjectsResponseSchema } from '@stowage/contracts';
import { ApiError } from '@/shared/api/api-error';
import { withBasePath } from '@/shared/api/base-path';
import { apiRequest } from '@/shared/api/client';
import type { UploadSender, UploadTransfer } from '../lib/upload-queue';

/** The message of a failed upload: the backend's `errorMessage` (spec 1 §8), else 'Error {status}'. */
function uploadError(xhr: XMLHttpRequest): ApiError {
  let message = `Error ${xhr.status}`;
  let detail: string | undefined;
  try {
    const body = JSON.parse(xhr.responseText) as { errorMessage?: unknown; detailedError?: unknown };
    if (typeof body.errorMessage === 'string' && body.errorMessage.trim()) message = body.errorMessage;
    if (typeof body.detailedError === 'string' && body.detailedError.trim() && body.detailedError !== message)
      detail = body.detailedError;
  } catch {
    // Not JSON: keep the generic message.
  }
  return new ApiError(detail ? `${message} — ${detail}` : message, detail, xhr.status);
}

/**
 * POST /api/v1/buckets/{bucket}/objects/upload?prefix (spec 1 §7) with XHR, which (unlike fetch) reports
 * upload progress and can be aborted: one multipart/form-data request per file, its `file` part named with
 * the file's name, stored by the server at prefix + name.
 */
export const uploadObject: UploadSender = ({ bucket, prefix, file }, onProgress): UploadTransfer => {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<void>((resolve, reject) => {
    const url = `${withBasePath(fillApiPath(apiPaths.objectUpload, { bucket }))}?${new URLSearchParams({ prefix })}`;
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    // The request body is the file plus the form's part headers: report progress in the file's bytes.
    xhr.upload.onprogress = (e) =>
      onProgress(e.lengthComputable && e.total > 0 ? (e.loaded / e.total) * file.size : e.loaded, file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = (() => {
          try {
            return uploadObjectsResponseSchema.safeParse(JSON.parse(xhr.responseText)).success;
          } catch {
            return false;
          }
        })();
        if (parsed) resolve();
        else reject(new ApiError('The server sent an answer in an unexpected shape.', undefined, xhr.status));
      } else {
        // Spec 1 §8: a 401 ends the session. The one API client does that; asking it for the session
        // (which answers 401 too) sends the user to /login the same way as every other call.
        if (xhr.status === 401) void apiRequest(apiPaths.session).catch(() => undefined);
        reject(uploadError(xhr));
      }
    };
    xhr.onerror = () =>
      reject(new ApiError('The upload was interrupted (network error).', undefined, undefined));
    xhr.onabort = () => reject(new ApiError('Upload cancelled.', undefined, undefined));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
};
