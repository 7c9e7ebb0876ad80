// SPDX-License-Identifier: Apache-2.0
/** A picked certificate or key file: its name and its contents as base64 (spec 3 §3, §5). */
export interface PickedFile {
  fileName: string;
  value: string;
}

/** Spec 3 §5 "Certificate files": accepted endings per kind. */
export const fileEndings = { cert: ['.cer', '.crt', '.cert', '.pem'], key: ['.key', '.pem'] } as const;
