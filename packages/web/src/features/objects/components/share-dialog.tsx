import type { ReactElement } from 'react';

export interface ShareDialogProps {
  bucket: string;
  /** The object to share (a file, never a folder) and optionally one version of it. */
  object: { name: string; version_id?: string };
  open: boolean;
  onClose: () => void;
}

/** Share dialog (spec 1 §4 "Sharing link", §9). Placeholder: the object-detail work fills it in. */
export function ShareDialog(_props: ShareDialogProps): ReactElement | null {
  return null;
}
