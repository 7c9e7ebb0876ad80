import type { ReactElement } from 'react';

export interface ObjectDetailProps {
  bucket: string;
  /** Full key of the object (file mode). */
  objectName: string;
  /** When rewind is on: the ISO date of the rewind; the detail shows the object as of then. */
  rewindDate?: string;
  /** Called after the object was deleted, so the browser can go to the parent folder. */
  onDeleted: () => void;
}

/** Object detail, file mode (spec 1 §2.6). Placeholder: the object-detail work fills it in. */
export function ObjectDetail({ objectName }: ObjectDetailProps): ReactElement {
  return <div>{objectName}</div>;
}
