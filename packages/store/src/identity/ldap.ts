// SPDX-License-Identifier: Apache-2.0
import { Client, InvalidCredentialsError, NoSuchObjectError } from 'ldapts';
import { S3Error } from '../core/errors.js';

/** The `identity_ldap` set, as MinIO names its keys. */
export interface LdapSettings {
  /** `host:port`. */
  serverAddr: string;
  lookupBindDn: string;
  lookupBindPassword: string;
  userDnSearchBaseDns: string[];
  /** e.g. `(uid=%s)`: `%s` is the username. */
  userDnSearchFilter: string;
  groupSearchBaseDns: string[];
  /** e.g. `(&(objectclass=groupOfNames)(member=%d))`: `%s` username, `%d` the user's DN. */
  groupSearchFilter: string;
  tlsSkipVerify: boolean;
  /** Plain-text LDAP (ldap://) instead of LDAPS. */
  serverInsecure: boolean;
  /** ldap:// upgraded with StartTLS. */
  serverStartTls: boolean;
}

/** A signed-in directory user: their DN and the DNs of their groups. */
export interface LdapIdentity {
  userDn: string;
  groupDns: string[];
}

const TIMEOUT_MS = 10_000;

/** RFC 4515 escaping of a value placed in a search filter. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function communicationError(s: LdapSettings, err: unknown): S3Error {
  return new S3Error(
    'IDPCommunicationError',
    `the LDAP server ${s.serverAddr} could not be used: ${(err as Error).message || String(err)}`,
  );
}

/** A connection to the directory: plain, LDAPS, or upgraded with StartTLS, as configured. */
async function open(s: LdapSettings): Promise<Client> {
  const tlsOptions = { rejectUnauthorized: !s.tlsSkipVerify };
  const secure = !s.serverInsecure && !s.serverStartTls;
  const client = new Client({
    url: `${secure ? 'ldaps' : 'ldap'}://${s.serverAddr}`,
    timeout: TIMEOUT_MS,
    connectTimeout: TIMEOUT_MS,
    ...(secure ? { tlsOptions } : {}),
  });
  if (s.serverStartTls && !s.serverInsecure) {
    try {
      await client.startTLS(tlsOptions);
    } catch (err) {
      await client.unbind().catch(() => undefined);
      throw err;
    }
  }
  return client;
}

/** A connection bound as the lookup account. */
async function connect(s: LdapSettings): Promise<Client> {
  let client: Client | undefined;
  try {
    client = await open(s);
    if (s.lookupBindDn !== '') await client.bind(s.lookupBindDn, s.lookupBindPassword);
    return client;
  } catch (err) {
    await client?.unbind().catch(() => undefined);
    if (err instanceof InvalidCredentialsError) {
      throw new S3Error(
        'IDPCommunicationError',
        `the LDAP lookup account (lookup_bind_dn) was refused by ${s.serverAddr}`,
      );
    }
    throw communicationError(s, err);
  }
}

async function searchDns(client: Client, bases: string[], filter: string): Promise<string[]> {
  const dns: string[] = [];
  for (const base of bases) {
    const { searchEntries } = await client.search(base, { scope: 'sub', filter, attributes: ['dn'] });
    for (const e of searchEntries) dns.push(e.dn);
  }
  return dns;
}

function badLogin(): S3Error {
  // Whether the user is unknown or the password wrong is not told apart, as a directory login should.
  return new S3Error('AccessDenied', 'LDAP sign-in failed: the username or password is not valid');
}

/**
 * MinIO's LDAP sign-in: lookup bind, find the user's DN (base DNs + filter; exactly one entry), bind
 * as the user with the password, then search the user's groups. Wrong password and unknown user are
 * AccessDenied; an unreachable or misconfigured directory is IDPCommunicationError.
 */
export async function ldapSignIn(s: LdapSettings, username: string, password: string): Promise<LdapIdentity> {
  if (s.userDnSearchBaseDns.length === 0 || s.userDnSearchFilter === '') {
    throw new S3Error(
      'IDPCommunicationError',
      'identity_ldap needs user_dn_search_base_dn and user_dn_search_filter to find users',
    );
  }
  // An empty password would be an unauthenticated bind, which LDAP servers accept: refuse it here.
  if (password === '') throw badLogin();
  const client = await connect(s);
  try {
    const filter = s.userDnSearchFilter.replaceAll('%s', escapeFilterValue(username));
    let users: string[];
    try {
      users = await searchDns(client, s.userDnSearchBaseDns, filter);
    } catch (err) {
      throw communicationError(s, err);
    }
    if (users.length === 0) throw badLogin();
    if (users.length > 1) {
      throw new S3Error(
        'AccessDenied',
        `LDAP sign-in failed: more than one directory entry matches '${username}'`,
      );
    }
    const userDn = users[0] as string;
    let userClient: Client | undefined;
    try {
      userClient = await open(s);
      await userClient.bind(userDn, password);
    } catch (err) {
      if (err instanceof InvalidCredentialsError) throw badLogin();
      throw communicationError(s, err);
    } finally {
      await userClient?.unbind().catch(() => undefined);
    }
    let groupDns: string[] = [];
    if (s.groupSearchFilter !== '' && s.groupSearchBaseDns.length > 0) {
      const groupFilter = s.groupSearchFilter
        .replaceAll('%s', escapeFilterValue(username))
        .replaceAll('%d', escapeFilterValue(userDn));
      try {
        groupDns = await searchDns(client, s.groupSearchBaseDns, groupFilter);
      } catch (err) {
        throw communicationError(s, err);
      }
    }
    return { userDn, groupDns };
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * The directory's own spelling of a DN, or null when no such entry exists (policy mapping checks that
 * a DN names a real user or group before attaching policies to it).
 */
export async function ldapLookupDn(s: LdapSettings, dn: string): Promise<string | null> {
  const client = await connect(s);
  try {
    const { searchEntries } = await client.search(dn, { scope: 'base', attributes: ['dn'] });
    return searchEntries[0]?.dn ?? null;
  } catch (err) {
    if (err instanceof NoSuchObjectError) return null;
    if (err instanceof S3Error) throw err;
    // An invalid DN syntax is the caller's mistake, not the directory's.
    if ((err as { code?: number }).code === 34) return null;
    throw communicationError(s, err);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * Test connection (Settings): connects, binds as the lookup account and reads each search base.
 * Returns what was checked; throws IDPCommunicationError naming what failed.
 */
export async function ldapCheck(s: LdapSettings): Promise<string> {
  const client = await connect(s);
  try {
    for (const base of [...s.userDnSearchBaseDns, ...s.groupSearchBaseDns]) {
      try {
        await client.search(base, { scope: 'base', attributes: ['dn'] });
      } catch (err) {
        throw new S3Error(
          'IDPCommunicationError',
          `the search base '${base}' cannot be read: ${(err as Error).message}`,
        );
      }
    }
    return `connected to ${s.serverAddr}${s.lookupBindDn ? ` as ${s.lookupBindDn}` : ''}`;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
