import { Alert, Button, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';

/**
 * Placeholder of the Set Multiple Bucket Replication wizard (spec 1 §4 "Replication wizard"), which comes
 * with the store's replication service. It says so plainly and names the selection it would apply to.
 */
export function MultipleReplicationDialog({
  open,
  buckets,
  onClose,
}: {
  open: boolean;
  buckets: readonly string[];
  onClose: () => void;
}): ReactElement {
  return (
    <FormDialog
      open={open}
      title="Set Multiple Bucket Replication"
      onClose={onClose}
      actions={
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        Bucket replication is not available in this version yet.
      </Alert>
      <Typography variant="body2" color="text.secondary">
        Selected: {buckets.join(', ')}
      </Typography>
    </FormDialog>
  );
}
