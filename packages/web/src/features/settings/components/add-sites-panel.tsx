// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  IconButton,
  Link,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type PeerSite, type PeerSiteField, peerSitesProblems } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ApiError } from '@/shared/api/api-error';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useAddSites } from '../api/site-replication';

const blank = (): PeerSite => ({ name: '', endpoint: '', accessKey: '', secretKey: '' });

const fields: { key: PeerSiteField; label: string; placeholder: string; type?: 'password' }[] = [
  { key: 'name', label: 'Site Name', placeholder: 'e.g. site-east' },
  { key: 'endpoint', label: 'Endpoint', placeholder: 'https://minio.example.com:9000' },
  { key: 'accessKey', label: 'Access Key', placeholder: 'Root or admin user' },
  { key: 'secretKey', label: 'Secret Key', placeholder: 'Its secret key', type: 'password' },
];

/** "this site" for row 0, "peer n" for the others: the rows' accessible names. */
const rowName = (i: number): string => (i === 0 ? 'this site' : `peer ${i}`);

/** One site's four fields; the problems show once the field was left or the form was sent. */
function SiteRow(props: {
  index: number;
  site: PeerSite;
  problems: Record<string, string>;
  shown: (key: string) => boolean;
  onChange: (site: PeerSite) => void;
  onBlur: (key: string) => void;
  onRemove?: () => void;
}): ReactElement {
  const { index, site } = props;
  return (
    <Box
      role="group"
      aria-label={index === 0 ? 'This Site' : `Peer Site ${index}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1.4fr 1fr 1fr 40px' },
        gap: 1.5,
        alignItems: 'start',
      }}
    >
      {fields.map((f) => {
        const key = `${index}.${f.key}`;
        const problem = props.shown(key) ? props.problems[key] : undefined;
        return (
          <TextField
            key={f.key}
            label={f.label}
            type={f.type}
            size="small"
            required
            placeholder={f.placeholder}
            value={site[f.key]}
            error={problem !== undefined}
            helperText={problem ?? ' '}
            onChange={(e) => props.onChange({ ...site, [f.key]: e.target.value })}
            onBlur={() => props.onBlur(key)}
            slotProps={{ htmlInput: { 'aria-label': `${f.label} of ${rowName(index)}` } }}
          />
        );
      })}
      {props.onRemove ? (
        <Tooltip title="Remove this peer">
          <IconButton aria-label={`Remove ${rowName(index)}`} onClick={props.onRemove} sx={{ mt: 0.25 }}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <span />
      )}
    </Box>
  );
}

/**
 * Add Sites (issue 34, as MinIO Console's add form): this site and its peers, each with a name, an
 * endpoint and the keys of an admin user there; rows are added and removed; every field is checked with
 * the contract's rules (also the server's) and a store refusal shows with its reason, which names the peer.
 */
export function AddSitesPanel({ onBack, onDone }: { onBack: () => void; onDone: () => void }): ReactElement {
  const [sites, setSites] = useState<PeerSite[]>([blank(), blank()]);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [tried, setTried] = useState(false);
  const add = useAddSites();
  const { showMessage } = useSnackbar();
  const problems = peerSitesProblems(sites);
  const shown = (key: string): boolean => tried || touched.has(key);
  const set = (i: number) => (site: PeerSite) => setSites((all) => all.map((s, j) => (j === i ? site : s)));
  const save = (): void => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    add.mutate(sites, {
      onSuccess: (answer) => {
        showMessage(
          answer.initialSyncErrorMessage
            ? `Sites added, but the first sync failed: ${answer.initialSyncErrorMessage}`
            : answer.status,
        );
        onDone();
      },
    });
  };
  const failure = add.error;
  return (
    <Paper
      variant="outlined"
      component="form"
      aria-label="Add Sites"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      sx={{ p: 3 }}
    >
      <Link
        component="button"
        type="button"
        underline="hover"
        onClick={onBack}
        sx={{ display: 'flex', gap: 0.5, mb: 2 }}
      >
        <ArrowBackOutlined fontSize="small" /> Back To Site Replication
      </Link>
      <Typography variant="h6" component="h2">
        Add Sites
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Each site needs the endpoint every other site reaches it at and the keys of an admin user there. At
        most one site may hold buckets: the others receive its buckets, users, groups and policies.
      </Typography>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        This Site
      </Typography>
      <SiteRow
        index={0}
        site={sites[0] ?? blank()}
        problems={problems}
        shown={shown}
        onChange={set(0)}
        onBlur={(k) => setTouched((t) => new Set(t).add(k))}
      />
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        Peer Sites
      </Typography>
      {sites.slice(1).map((site, j) => {
        const i = j + 1;
        return (
          <SiteRow
            // A row is its position: removing one moves the values of the rows after it up with them.
            key={i}
            index={i}
            site={site}
            problems={problems}
            shown={shown}
            onChange={set(i)}
            onBlur={(k) => setTouched((t) => new Set(t).add(k))}
            onRemove={sites.length > 2 ? () => setSites((all) => all.filter((_, k) => k !== i)) : undefined}
          />
        );
      })}
      <Button startIcon={<AddOutlined />} onClick={() => setSites((all) => [...all, blank()])} sx={{ mt: 1 }}>
        Add Peer
      </Button>
      {tried && problems.form && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problems.form}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          <AlertTitle>{failure.message}</AlertTitle>
          {failure instanceof ApiError && failure.detail ? failure.detail : null}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, pt: 2 }}>
        <Button onClick={onBack}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={add.isPending || (tried && Object.keys(problems).length > 0)}
        >
          {add.isPending ? 'Adding Sites…' : 'Save'}
        </Button>
      </Box>
    </Paper>
  );
}
