import type { ReactElement } from 'react';

export interface PreviewDialogProps {
  bucket: string;
  object: { name: string; version_id?: string };
  open: boolean;
  onClose: () => void;
}

/** Preview of one object in a dialog (listing row action). Placeholder: the object-detail work fills it in. */
export function PreviewDialog(_props: PreviewDialogProps): ReactElement | null {
  return null;
}
