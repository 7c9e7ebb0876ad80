// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, FormControlLabel, IconButton, Radio, RadioGroup } from '@mui/material';
import type { ReactElement } from 'react';
import { randomId } from '../lib/random-id';
import { messages, type Problems } from '../lib/validation';
import { type IdentityStep as Identity, type IdpSelection, newKeyRow } from '../lib/wizard-form';
import { StepTitle, SwitchInput, TextInput } from './fields';

function BuiltIn({
  idp,
  onChange,
  problems,
}: {
  idp: Identity;
  onChange: (i: Identity) => void;
  problems: Problems;
}) {
  const rows = idp.keys;
  const set = (id: string, patch: Partial<{ accessKey: string; secretKey: string }>) =>
    onChange({ ...idp, keys: rows.map((r) => (r.id === id ? { ...r, ...patch } : r)) });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {rows.map((r, i) => (
        <Box key={r.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextInput
            label={`Access Key ${i + 1}`}
            value={r.accessKey}
            onChange={(accessKey) => set(r.id, { accessKey })}
            problem={problems[`accessKey-${i}`]}
          />
          <TextInput
            label={`Secret Key ${i + 1}`}
            value={r.secretKey}
            onChange={(secretKey) => set(r.id, { secretKey })}
            problem={problems[`secretKey-${i}`]}
          />
          <IconButton
            aria-label={`Remove user ${i + 1}`}
            disabled={rows.length === 1}
            onClick={() => onChange({ ...idp, keys: rows.filter((x) => x.id !== r.id) })}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Box>
        <IconButton aria-label="Add user" onClick={() => onChange({ ...idp, keys: [...rows, newKeyRow()] })}>
          <AddOutlined />
        </IconButton>
      </Box>
    </Box>
  );
}

function OpenId({
  idp,
  onChange,
  problems,
}: {
  idp: Identity;
  onChange: (i: Identity) => void;
  problems: Problems;
}) {
  const o = idp.openID;
  const set = (patch: Partial<Identity['openID']>) => onChange({ ...idp, openID: { ...o, ...patch } });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextInput
        label="Configuration URL"
        required
        value={o.configurationURL}
        onChange={(configurationURL) => set({ configurationURL })}
        problem={problems.configurationURL}
        placeholder="https://your-identity-provider.com/.well-known/openid-configuration"
      />
      <TextInput
        label="Client ID"
        required
        value={o.clientID}
        onChange={(clientID) => set({ clientID })}
        problem={problems.clientID}
      />
      <TextInput
        label="Secret ID"
        required
        value={o.secretID}
        onChange={(secretID) => set({ secretID })}
        problem={problems.secretID}
      />
      <TextInput
        label="Callback URL"
        value={o.callbackURL}
        onChange={(callbackURL) => set({ callbackURL })}
        placeholder="https://console.example.com/oauth_callback"
      />
      <TextInput
        label="Claim Name"
        required
        value={o.claimName}
        onChange={(claimName) => set({ claimName })}
        problem={problems.claimName}
        placeholder="policy"
      />
      <TextInput
        label="Scopes"
        value={o.scopes}
        onChange={(scopes) => set({ scopes })}
        placeholder="openid,profile,email"
      />
    </Box>
  );
}

function ActiveDirectory({
  idp,
  onChange,
  problems,
}: {
  idp: Identity;
  onChange: (i: Identity) => void;
  problems: Problems;
}) {
  const a = idp.ad;
  const set = (patch: Partial<Identity['ad']>) => onChange({ ...idp, ad: { ...a, ...patch } });
  const text = (
    label: string,
    key: keyof Identity['ad'],
    extra: { type?: string; placeholder?: string } = {},
  ) => <TextInput label={label} value={a[key] as string} onChange={(v) => set({ [key]: v })} {...extra} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextInput
        label="LDAP Server Address"
        required
        value={a.url}
        onChange={(url) => set({ url })}
        problem={problems.url}
        placeholder="ldap-server:636"
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
        <SwitchInput
          label="Skip TLS Verification"
          checked={a.skipTLS}
          onChange={(skipTLS) => set({ skipTLS })}
        />
        <SwitchInput
          label="Server Insecure"
          checked={a.serverInsecure}
          onChange={(serverInsecure) => set({ serverInsecure })}
        />
        <SwitchInput label="Start TLS" checked={a.startTLS} onChange={(startTLS) => set({ startTLS })} />
      </Box>
      {a.serverInsecure && <Alert severity="warning">{messages.adInsecure}</Alert>}
      {text('Lookup Bind DN', 'lookupBindDN', { placeholder: 'cn=admin,dc=min,dc=io' })}
      {text('Lookup Bind Password', 'lookupBindPassword', { type: 'password' })}
      {text('User DN Search Base', 'userDNSearchBaseDN', { placeholder: 'dc=min,dc=io' })}
      {text('User DN Search Filter', 'userDNSearchFilter', { placeholder: '(sAMAcountName=%s)' })}
      {text('Username Format', 'usernameFormat')}
      {text('Username Search Filter', 'usernameSearchFilter')}
      {text('Group Search Base DN', 'groupSearchBaseDN', { placeholder: 'ou=hwengg,dc=min,dc=io' })}
      {text('Group Search Filter', 'groupSearchFilter', {
        placeholder: '(&(objectclass=groupOfNames)(member=%s))',
      })}
      {text('Group Name Attribute', 'groupNameAttribute')}
      {a.userDNs.map((dn, i) => (
        <Box key={dn.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextInput
            label={`Admin User DN ${i + 1}`}
            required
            value={dn.value}
            onChange={(value) =>
              set({ userDNs: a.userDNs.map((d) => (d.id === dn.id ? { ...d, value } : d)) })
            }
            problem={problems[`userDN-${i}`]}
          />
          <IconButton
            aria-label={`Remove user DN ${i + 1}`}
            disabled={a.userDNs.length === 1}
            onClick={() => set({ userDNs: a.userDNs.filter((d) => d.id !== dn.id) })}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Box>
        <IconButton
          aria-label="Add user DN"
          onClick={() => set({ userDNs: [...a.userDNs, { id: randomId(), value: '' }] })}
        >
          <AddOutlined />
        </IconButton>
      </Box>
    </Box>
  );
}

/** Identity Provider (spec 3 §2): Built-in users, OpenID or Active Directory. */
export function IdentityStep({
  value: idp,
  onChange,
  problems,
}: {
  value: Identity;
  onChange: (i: Identity) => void;
  problems: Problems;
}): ReactElement {
  return (
    <Box>
      <StepTitle
        title="Identity Provider"
        hint="Access to the tenant can come from built-in users or an external identity provider."
      />
      <RadioGroup
        row
        aria-label="Protocol"
        value={idp.idpSelection}
        onChange={(e) => onChange({ ...idp, idpSelection: e.target.value as IdpSelection })}
        sx={{ mb: 2 }}
      >
        <FormControlLabel value="Built-in" control={<Radio />} label="Built-in" />
        <FormControlLabel value="OpenID" control={<Radio />} label="OpenID" />
        <FormControlLabel value="AD" control={<Radio />} label="Active Directory" />
      </RadioGroup>
      {idp.idpSelection === 'Built-in' && <BuiltIn idp={idp} onChange={onChange} problems={problems} />}
      {idp.idpSelection === 'OpenID' && <OpenId idp={idp} onChange={onChange} problems={problems} />}
      {idp.idpSelection === 'AD' && <ActiveDirectory idp={idp} onChange={onChange} problems={problems} />}
    </Box>
  );
}
