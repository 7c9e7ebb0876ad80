// SPDX-License-Identifier: Apache-2.0
import yauzl from 'yauzl';

/** The files of a zip archive, name → bytes, read with yauzl (which checks each entry's CRC and size). */
export function zipEntries(archive: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError ?? new Error('not a zip archive'));
      const next = () => zip.readEntry();
      zip.on('error', reject).on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return next();
        zip.openReadStream(entry, async (readError, stream) => {
          if (readError || !stream) return reject(readError ?? new Error(`cannot read ${entry.fileName}`));
          const parts: Buffer[] = [];
          try {
            for await (const part of stream) parts.push(part as Buffer);
          } catch (err) {
            return reject(err);
          }
          files.set(entry.fileName, Buffer.concat(parts));
          next();
        });
      });
      next();
    });
  });
}
