// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import { apiPaths, type CertificateInfo } from '@stowage/contracts';
import { type ReactElement, useEffect, useState } from 'react';
import { withBasePath } from '@/shared/api/base-path';
import { CertificateFileInput } from '@/shared/operator/certificate-file-input';
import type { PickedFile } from '@/shared/operator/certificate-files';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useSaveTenantSecurity, useTenantSecurity } from '../api/security';
import { SectionCard } from './section-card';

const none: PickedFile = { fileName: '', value: '' };
interface NewPair {
  id: number;
  crt: PickedFile;
  key: PickedFile;
}
let nextId = 1;

function CertificateList({
  label,
  certs,
  onRemove,
}: {
  label: string;
  certs: readonly CertificateInfo[];
  onRemove: (name: string) => void;
}): ReactElement {
  if (certs.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        None
      </Typography>
    );
  return (
    <List dense aria-label={label}>
      {certs.map((c) => (
        <ListItem
          key={c.name}
          secondaryAction={
            <Tooltip title="Remove">
              <IconButton edge="end" aria-label={`Remove ${c.name}`} onClick={() => onRemove(c.name)}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          }
        >
          <ListItemText
            primary={c.name}
            secondary={`${c.domains.join(', ') || 'no domains'} · expires ${c.expiry.slice(0, 10)}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * Security tab (spec 3 §4 "Tenant security"): autocert, the custom certificates (shown ones can be removed,
 * new pairs and CAs uploaded), Save and Restart behind a Restart/Cancel confirmation; turning custom
 * certificates off sends every existing custom secret for deletion. The operator's CA is downloadable.
 */
export function SecurityPanel({ ns, tenant }: { ns: string; tenant: string }): ReactElement {
  const security = useTenantSecurity(ns, tenant);
  const save = useSaveTenantSecurity(ns, tenant);
  const { showMessage, showModalError } = useSnackbar();
  const [autoCert, setAutoCert] = useState(true);
  const [custom, setCustom] = useState(false);
  const [removed, setRemoved] = useState<string[]>([]);
  const [pairs, setPairs] = useState<NewPair[]>([]);
  const [cas, setCas] = useState<{ id: number; file: PickedFile }[]>([]);
  const [confirming, setConfirming] = useState(false);

  const reset = (): void => {
    if (!security.data) return;
    const c = security.data.customCertificates;
    setAutoCert(security.data.autoCert);
    setCustom(c.minio.length + c.minioCAs.length > 0);
    setRemoved([]);
    setPairs([{ id: nextId++, crt: none, key: none }]);
    setCas([{ id: nextId++, file: none }]);
  };
  useEffect(reset, [security.data]);

  if (security.isPending) return <LoadingMessage />;
  if (security.isError)
    return <QueryErrorAlert error={security.error} onRetry={() => void security.refetch()} />;
  const existing = security.data.customCertificates;
  const shownCerts = existing.minio.filter((c) => !removed.includes(c.name));
  const shownCAs = existing.minioCAs.filter((c) => !removed.includes(c.name));
  const allSecrets = [...existing.minio, ...existing.minioCAs].map((c) => c.name);

  const submit = (): void => {
    const body = custom
      ? {
          autoCert,
          customCertificates: {
            secretsToBeDeleted: removed,
            minio: pairs
              .filter((p) => p.crt.value && p.key.value)
              .map((p) => ({ crt: p.crt.value, key: p.key.value })),
            minioCAs: cas.filter((c) => c.file.value).map((c) => c.file.value),
          },
        }
      : { autoCert, customCertificates: { secretsToBeDeleted: allSecrets, minio: [], minioCAs: [] } };
    save.mutate(body, {
      onSuccess: () => {
        setConfirming(false);
        showMessage('Certificates saved: the tenant restarts with them.');
      },
      onError: showModalError,
    });
  };

  return (
    <Box>
      <SectionCard
        title="Certificates"
        action={
          <Button
            size="small"
            startIcon={<DownloadOutlined />}
            href={withBasePath(apiPaths.operatorCa)}
            download="operator-ca.crt"
          >
            Download CA
          </Button>
        }
      >
        <FormControlLabel
          control={<Switch checked={autoCert} onChange={(e) => setAutoCert(e.target.checked)} />}
          label="AutoCert"
        />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          With AutoCert the operator's own CA issues the tenant's certificate; clients trust that CA (Download
          CA).
        </Typography>
        <FormControlLabel
          control={<Switch checked={custom} onChange={(e) => setCustom(e.target.checked)} />}
          label="Custom Certificates"
        />
        {custom && (
          <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography variant="subtitle2">MinIO Certificates</Typography>
            <CertificateList
              label="MinIO Certificates"
              certs={shownCerts}
              onRemove={(n) => setRemoved([...removed, n])}
            />
            {pairs.map((p, i) => (
              <Box key={p.id} sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <CertificateFileInput
                  label={`Certificate ${i + 1}`}
                  kind="cert"
                  file={p.crt}
                  onChange={(crt) => setPairs(pairs.map((q) => (q.id === p.id ? { ...q, crt } : q)))}
                />
                <CertificateFileInput
                  label={`Key ${i + 1}`}
                  kind="key"
                  file={p.key}
                  onChange={(key) => setPairs(pairs.map((q) => (q.id === p.id ? { ...q, key } : q)))}
                />
                <IconButton
                  aria-label={`Remove pair ${i + 1}`}
                  disabled={pairs.length === 1}
                  onClick={() => setPairs(pairs.filter((q) => q.id !== p.id))}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Box>
            ))}
            <Box>
              <Button
                size="small"
                startIcon={<AddOutlined />}
                onClick={() => setPairs([...pairs, { id: nextId++, crt: none, key: none }])}
              >
                Add Certificate Pair
              </Button>
            </Box>
            <Typography variant="subtitle2">CA Certificates</Typography>
            <CertificateList
              label="CA Certificates"
              certs={shownCAs}
              onRemove={(n) => setRemoved([...removed, n])}
            />
            {cas.map((c, i) => (
              <CertificateFileInput
                key={c.id}
                label={`CA Certificate ${i + 1}`}
                kind="cert"
                file={c.file}
                onChange={(file) => setCas(cas.map((d) => (d.id === c.id ? { ...d, file } : d)))}
              />
            ))}
            <Box>
              <Button
                size="small"
                startIcon={<AddOutlined />}
                onClick={() => setCas([...cas, { id: nextId++, file: none }])}
              >
                Add CA Certificate
              </Button>
            </Box>
            {removed.length > 0 && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {removed.map((r) => (
                  <Chip
                    key={r}
                    size="small"
                    label={`To be removed: ${r}`}
                    onDelete={() => setRemoved(removed.filter((x) => x !== r))}
                  />
                ))}
              </Box>
            )}
          </Box>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
          <Button onClick={reset}>Reset</Button>
          <Button variant="contained" onClick={() => setConfirming(true)}>
            Save
          </Button>
        </Box>
      </SectionCard>
      <ConfirmDialog
        open={confirming}
        title="Save and Restart"
        confirmLabel="Restart"
        danger={false}
        busy={save.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={submit}
      >
        The tenant restarts to use the new certificates. Are you sure you want to continue?
      </ConfirmDialog>
    </Box>
  );
}
