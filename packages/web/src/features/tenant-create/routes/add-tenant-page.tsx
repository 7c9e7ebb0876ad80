// SPDX-License-Identifier: Apache-2.0
import {
  Alert,
  Box,
  Button,
  Card,
  LinearProgress,
  Step,
  StepButton,
  Stepper,
  Typography,
} from '@mui/material';
import { type CreateTenantResponse, pagePaths } from '@stowage/contracts';
import { type ReactElement, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '@/shared/api/api-error';
import { formatBytes } from '@/shared/format/format-bytes';
import { useDebouncedValue } from '@/shared/hooks/use-debounced-value';
import { PageHeader } from '@/shared/ui/page-header';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useCreateTenant, useMaxMemory, useNamespaceInfo, useParityChoices } from '../api/wizard-api';
import { AddNamespaceDialog } from '../components/add-namespace-dialog';
import { ConfigureStep } from '../components/configure-step';
import { EncryptionStep } from '../components/encryption-step';
import { SwitchInput } from '../components/fields';
import { IdentityStep } from '../components/identity-step';
import { ImagesStep } from '../components/images-step';
import { PodPlacementStep } from '../components/pod-placement-step';
import { ReviewStep } from '../components/review-step';
import { SecurityStep } from '../components/security-step';
import { SetupStep } from '../components/setup-step';
import { TenantCredentialsDialog } from '../components/tenant-credentials-dialog';
import { buildCreateTenantRequest } from '../lib/build-request';
import { evaluateSize, type MemoryCheck } from '../lib/sizing';
import {
  encryptionAllowed,
  type NamespaceCheck,
  namespaceProblem,
  tenantNameProblem,
} from '../lib/validation';
import { initialWizardForm, type WizardForm } from '../lib/wizard-form';
import { advancedProblems, type StepId, stepLabels, wizardSteps } from '../lib/wizard-steps';

/** Spec 3 §9: the namespace check waits 500 ms after typing stops. */
const namespaceDebounceMs = 500;

/**
 * /tenants/add, Create New Tenant (spec 3 §2, §4): Setup (and, in advanced mode, Configure, Images, Pod
 * Placement, Identity Provider, Security, Encryption), then Review. Every step has Cancel and Create;
 * Create needs a storage class and a valid size page. Success opens the credentials modal; closing it
 * resets the form and goes to /tenants.
 */
export function AddTenantPage(): ReactElement {
  const navigate = useNavigate();
  const { showError } = useSnackbar();
  const [form, setForm] = useState<WizardForm>(initialWizardForm);
  const [step, setStep] = useState<StepId>('setup');
  const [tried, setTried] = useState(false);
  const [addingNamespace, setAddingNamespace] = useState<string | null>(null);
  const [answer, setAnswer] = useState<CreateTenantResponse | null>(null);
  const create = useCreateTenant();

  const ns = useDebouncedValue(form.nameTenant.namespace.trim(), namespaceDebounceMs);
  const nsInfo = useNamespaceInfo(ns);
  const nsCheck: NamespaceCheck =
    ns !== form.nameTenant.namespace.trim() || nsInfo.isFetching
      ? 'checking'
      : (nsInfo.data?.check ?? 'unknown');
  const classes = nsInfo.data?.classes ?? [];
  const selected = classes.find((c) => c.name === form.nameTenant.selectedStorageClass);

  const nodes = Number(form.tenantSize.nodes);
  const drives = Number(form.tenantSize.drivesPerServer);
  const maxMemory = useMaxMemory(nodes);
  const parity = useParityChoices(nodes, drives);
  const memory: MemoryCheck = maxMemory.isError
    ? { state: 'failed', error: maxMemory.error.message }
    : maxMemory.data === undefined
      ? { state: 'pending' }
      : { state: 'ok', maxMemory: maxMemory.data };
  const choices = parity.isError ? null : (parity.data ?? []);
  const evaluation = evaluateSize(form.tenantSize, selected?.limit, memory, choices, formatBytes);

  // The first storage class of the namespace, and the default parity of the pool, once known.
  useEffect(() => {
    const first = classes[0]?.name;
    if (first && form.nameTenant.selectedStorageClass === '') {
      setForm((f) => ({ ...f, nameTenant: { ...f.nameTenant, selectedStorageClass: first } }));
    }
  }, [classes, form.nameTenant.selectedStorageClass]);
  const defaultEC = evaluation.ecCalc?.defaultEC ?? '';
  useEffect(() => {
    if (choices && !choices.includes(form.tenantSize.ecParity) && defaultEC) {
      setForm((f) => ({ ...f, tenantSize: { ...f.tenantSize, ecParity: defaultEC } }));
    }
  }, [choices, defaultEC, form.tenantSize.ecParity]);
  useEffect(() => {
    if (nsInfo.isError) showError(nsInfo.error.cause ?? nsInfo.error);
  }, [nsInfo.isError, nsInfo.error, showError]);

  const nameProblem =
    form.nameTenant.tenantName !== '' || tried ? tenantNameProblem(form.nameTenant.tenantName) : undefined;
  const nsProblem =
    form.nameTenant.namespace !== '' || tried
      ? namespaceProblem(form.nameTenant.namespace, nsCheck)
      : undefined;
  const setupValid =
    tenantNameProblem(form.nameTenant.tenantName) === undefined &&
    namespaceProblem(form.nameTenant.namespace, nsCheck) === undefined &&
    nsCheck === 'ok' &&
    selected !== undefined &&
    evaluation.valid;
  const advanced = advancedProblems(form);
  const steps = wizardSteps(form.advancedMode);
  const invalidStep = (s: StepId): boolean =>
    s === 'setup' ? !setupValid : s !== 'review' && form.advancedMode && Object.keys(advanced[s]).length > 0;
  const canCreate = !create.isPending && form.nameTenant.selectedStorageClass !== '' && setupValid;

  const submit = (): void => {
    setTried(true);
    const firstInvalid = steps.find(invalidStep);
    if (firstInvalid) {
      setStep(firstInvalid);
      return;
    }
    create.mutate(buildCreateTenantRequest(form, evaluation.distribution.pvSize), {
      onSuccess: (created) => {
        setTried(false);
        setAnswer(created);
      },
    });
  };
  const finish = (): void => {
    setAnswer(null);
    setForm(initialWizardForm());
    navigate(pagePaths.tenants);
  };
  const index = steps.indexOf(step);
  const shown = (problems: Record<string, string>): Record<string, string> => (tried ? problems : {});

  let body: ReactElement;
  switch (step) {
    case 'configure':
      body = (
        <ConfigureStep
          value={form.configure}
          onChange={(configure) => setForm({ ...form, configure })}
          classes={classes}
          problems={shown(advanced.configure)}
        />
      );
      break;
    case 'images':
      body = (
        <ImagesStep
          value={form.images}
          onChange={(images) => setForm({ ...form, images })}
          problems={advanced.images}
        />
      );
      break;
    case 'placement':
      body = (
        <PodPlacementStep
          value={form.affinity}
          onChange={(affinity) => setForm({ ...form, affinity })}
          problems={advanced.placement}
        />
      );
      break;
    case 'identity':
      body = (
        <IdentityStep
          value={form.identityProvider}
          onChange={(identityProvider) => setForm({ ...form, identityProvider })}
          problems={shown(advanced.identity)}
        />
      );
      break;
    case 'security':
      body = (
        <SecurityStep
          value={form.security}
          onChange={(security) => setForm({ ...form, security })}
          problems={advanced.security}
        />
      );
      break;
    case 'encryption':
      body = (
        <EncryptionStep
          value={form.encryption}
          onChange={(encryption) => setForm({ ...form, encryption })}
          problems={shown(advanced.encryption)}
          allowed={encryptionAllowed(form.security)}
          autoCert={form.security.enableAutoCert}
        />
      );
      break;
    case 'review':
      body = <ReviewStep form={form} totalBytes={evaluation.totalBytes} />;
      break;
    default:
      body = (
        <SetupStep
          name={form.nameTenant}
          size={form.tenantSize}
          onName={(nameTenant) => setForm({ ...form, nameTenant })}
          onSize={(tenantSize) => setForm({ ...form, tenantSize })}
          classes={classes}
          nameProblem={nameProblem}
          namespaceProblem={nsProblem}
          namespaceHelper={nsCheck === 'checking' ? 'Checking the namespace…' : undefined}
          evaluation={evaluation}
          parityChoices={choices ?? []}
          onAddNamespace={() => setAddingNamespace(form.nameTenant.namespace.trim())}
          tried={tried}
        />
      );
  }

  return (
    <Box>
      <PageHeader
        title="Create New Tenant"
        subtitle="A tenant is an isolated object store: its own servers, volumes and credentials."
        actions={
          <SwitchInput
            label="Advanced Mode"
            checked={form.advancedMode}
            onChange={(advancedMode) => {
              setForm({ ...form, advancedMode });
              if (!advancedMode) setStep('setup');
            }}
          />
        }
      />
      <Box
        sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}
      >
        <Card sx={{ p: 2, width: { xs: '100%', md: 220 }, flexShrink: 0 }}>
          <Stepper nonLinear orientation="vertical" activeStep={index} aria-label="Wizard steps">
            {steps.map((s) => (
              <Step key={s} completed={false}>
                <StepButton onClick={() => setStep(s)} aria-current={s === step ? 'step' : undefined}>
                  <Typography
                    sx={{
                      fontWeight: s === step ? 700 : 500,
                      color: tried && invalidStep(s) ? 'error.main' : undefined,
                    }}
                  >
                    {stepLabels[s]}
                  </Typography>
                </StepButton>
              </Step>
            ))}
          </Stepper>
        </Card>
        <Card component="section" aria-label={stepLabels[step]} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Box sx={{ height: 4 }}>
            {create.isPending && <LinearProgress aria-label="Creating the tenant" />}
          </Box>
          <Box sx={{ p: 3 }}>{body}</Box>
          {create.isError && (
            <Alert severity="error" role="alert" sx={{ mx: 3, mb: 2 }}>
              {errorText(create.error)}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, px: 3, pb: 3, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button onClick={() => navigate(pagePaths.tenants)} disabled={create.isPending}>
              Cancel
            </Button>
            <Box sx={{ flex: 1 }} />
            {index > 0 && <Button onClick={() => setStep(steps[index - 1] ?? 'setup')}>Back</Button>}
            {index < steps.length - 1 && (
              <Button variant="outlined" onClick={() => setStep(steps[index + 1] ?? 'review')}>
                Next
              </Button>
            )}
            <Button variant="contained" disabled={!canCreate} onClick={submit}>
              Create
            </Button>
          </Box>
        </Card>
      </Box>
      <AddNamespaceDialog namespace={addingNamespace} onClose={() => setAddingNamespace(null)} />
      <TenantCredentialsDialog tenant={form.nameTenant.tenantName} answer={answer} onClose={finish} />
    </Box>
  );
}
