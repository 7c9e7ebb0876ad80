// SPDX-License-Identifier: Apache-2.0
import { useSyncExternalStore } from 'react';
import { multipartApi } from '../api/multipart-api';
import { uploadObject } from '../api/upload-object';
import { browserNetwork, MULTIPART_THRESHOLD_BYTES, multipartSender } from '../lib/multipart-upload';
import { UploadJournal } from '../lib/upload-journal';
import { type UploadItem, UploadQueue, type UploadSender } from '../lib/upload-queue';

/** The browser's journal of unfinished multipart uploads (IndexedDB), read by the upload manager. */
export const uploadJournal = new UploadJournal();

const sendLarge = multipartSender({
  transport: multipartApi,
  journal: uploadJournal,
  network: browserNetwork,
});

/** Files above 16 MiB (and every resumed upload) go in parts that survive a reload; the rest in one request. */
const send: UploadSender = (item, onProgress, events) =>
  item.resume || item.file.size > MULTIPART_THRESHOLD_BYTES
    ? sendLarge(item, onProgress, events)
    : uploadObject(item, onProgress);

/** The app's one upload queue: uploads go on while the user browses other folders. */
export const uploadQueue = new UploadQueue(send);

export function useUploads(): readonly UploadItem[] {
  return useSyncExternalStore(uploadQueue.subscribe, uploadQueue.getItems, uploadQueue.getItems);
}
