// SPDX-License-Identifier: Apache-2.0
import {
  type Capability,
  hasCapability,
  missingPageCapability,
  type PagePath,
  pagePaths,
} from '@stowage/contracts';
import { useSession } from './get-session';

/**
 * The server capabilities of the session (issue 24): detected at sign-in, listed in the session's
 * `capabilities`. A session without the list (an older backend) has every capability.
 */
export function useHasCapability(capability: Capability): boolean {
  return hasCapability(useSession().data?.capabilities, capability);
}

/** Why a page is missing on this server: a title and what to do instead. */
export interface AbsentFeature {
  /** The page's name (its heading). */
  page: string;
  title: string;
  explanation: string;
}

const ADMIN_API = "This server does not provide MinIO's admin API";

/** What each admin-API page would have shown, and where its users should go instead. */
const adminPageTexts: Partial<Record<PagePath, [title: string, instead: string]>> = {
  [pagePaths.users]: ['Users', 'manage its users with its own tools'],
  [pagePaths.userDetails]: ['Users', 'manage its users with its own tools'],
  [pagePaths.groups]: ['Groups', 'manage its groups with its own tools'],
  [pagePaths.policies]: ['Policies', 'manage its access policies with its own tools'],
  [pagePaths.policyDetails]: ['Policies', 'manage its access policies with its own tools'],
  [pagePaths.account]: ['Service Accounts', 'create access keys with its own tools'],
  [pagePaths.settings]: ['Settings', 'configure the server with its own tools'],
  [pagePaths.kms]: ['Key Management (KMS)', "manage its encryption keys with the server's own tools"],
  [pagePaths.webhookLogger]: ['Logger Webhooks', 'configure the server with its own tools'],
  [pagePaths.webhookAudit]: ['Audit Webhooks', 'configure the server with its own tools'],
  [pagePaths.logs]: ['Logs', 'read its logs where the server writes them'],
  [pagePaths.trace]: ['Trace', "follow its requests with the server's own logging"],
  [pagePaths.watch]: ['Watch', 'use its own event notifications to follow bucket changes'],
  [pagePaths.heal]: ['Heal', "check the data with the server's own tools"],
  [pagePaths.healthInfo]: ['Diagnostic', "check the server's health with its own tools"],
  [pagePaths.speedtest]: ['Performance', "measure the server's throughput with its own tools"],
  [pagePaths.inspect]: ['Inspect', "read the drives' files with the server's own tools"],
  [pagePaths.profile]: ['Profile', 'profile the server with its own tools'],
  [pagePaths.idpOpenId]: ['OpenID', "configure identity providers with the server's own tools"],
  [pagePaths.idpLdap]: ['LDAP', "configure identity providers with the server's own tools"],
  [pagePaths.metrics]: ['Metrics', "read the server's metrics from its own monitoring"],
  [pagePaths.rgwUsers]: ['RGW Users', 'manage its users with its own tools'],
  [pagePaths.rgwUserDetails]: ['RGW Users', 'manage its users with its own tools'],
};

/** Why a capability is missing, in the words the absent page starts with. */
const missingReasons: Partial<Record<Capability, string>> = {
  admin: ADMIN_API,
  'rgw-admin':
    "This server does not provide Ceph RGW's Admin Ops API to you (it is not Ceph RGW, or your RGW user has no admin caps)",
};

/**
 * The explanation shown at a page the session lacks because the server lacks its capability; null when
 * the page is not missing for that reason (the policy decides, or the page works here).
 */
export function absentFeature(
  page: string,
  capabilities: readonly string[] | undefined,
): AbsentFeature | null {
  const missing = missingPageCapability(capabilities, page);
  if (missing === undefined) return null;
  const [title, instead] = adminPageTexts[page as PagePath] ?? ['This page', 'use the server’s own tools'];
  return {
    page: title,
    title: `${title} is not available on this server`,
    explanation: `${missingReasons[missing] ?? 'This server does not provide what this page needs'}: ${instead}.`,
  };
}
