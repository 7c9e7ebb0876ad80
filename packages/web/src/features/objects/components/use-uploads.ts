// SPDX-License-Identifier: Apache-2.0
import { useSyncExternalStore } from 'react';
import { uploadObject } from '../api/upload-object';
import { type UploadItem, UploadQueue } from '../lib/upload-queue';

/** The app's one upload queue: uploads go on while the user browses other folders. */
export const uploadQueue = new UploadQueue(uploadObject);

export function useUploads(): readonly UploadItem[] {
  return useSyncExternalStore(uploadQueue.subscribe, uploadQueue.getItems, uploadQueue.getItems);
}
