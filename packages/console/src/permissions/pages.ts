// SPDX-License-Identifier: Apache-2.0
import { hasCapability, missingPageCapability, type PagePath, pagePaths } from '@stowage/contracts';
import { hasPermission } from './evaluate.js';

/** The resource key of console-wide grants in the session's permission map. */
export const CONSOLE_UI_RESOURCE = 'console-ui';

/**
 * Which actions open which page (PROTOCOL-NOTES §5, from the original console's page permissions). Any
 * one listed scope is enough. `null` = always shown to a signed-in user (Buckets, Object Browser, Access
 * Keys and License are, in the original). Operator pages are listed separately: they exist only in
 * operator mode.
 */
export const pageScopes: ReadonlyArray<readonly [PagePath, readonly string[] | null]> = [
  [pagePaths.dashboard, ['admin:ServerInfo']],
  [pagePaths.metrics, ['admin:ServerInfo']],
  [pagePaths.buckets, null],
  [pagePaths.bucketPages, null],
  [pagePaths.watch, ['s3:ListenBucketNotification', 's3:ListenNotification']],
  [pagePaths.users, usersScopes()],
  [pagePaths.userDetails, usersScopes()],
  // RGW decides from the user's caps; the page is offered when sign-in found Admin Ops (issue 36).
  [pagePaths.rgwUsers, null],
  [pagePaths.rgwUserDetails, null],
  [pagePaths.groups, ['admin:ListGroups', 'admin:AddUserToGroup']],
  [pagePaths.policies, ['admin:ListUserPolicies', 'admin:CreatePolicy']],
  [pagePaths.policyDetails, ['admin:ListUserPolicies', 'admin:CreatePolicy', 'admin:GetPolicy']],
  [pagePaths.heal, ['admin:Heal']],
  [pagePaths.trace, ['admin:ServerTrace']],
  [pagePaths.logs, ['admin:ConsoleLog']],
  [pagePaths.healthInfo, ['admin:OBDInfo']],
  [pagePaths.speedtest, ['admin:OBDInfo']],
  [pagePaths.inspect, ['admin:InspectData']],
  [pagePaths.profile, ['admin:Profiling']],
  [pagePaths.settings, ['admin:ConfigUpdate']],
  [pagePaths.idpOpenId, ['admin:ConfigUpdate']],
  [pagePaths.idpLdap, ['admin:ConfigUpdate']],
  [pagePaths.kms, ['admin:KMSKeyStatus']],
  [pagePaths.account, null],
  [pagePaths.webhookLogger, ['admin:ConfigUpdate']],
  [pagePaths.webhookAudit, ['admin:ConfigUpdate']],
  [pagePaths.license, null],
];

function usersScopes(): string[] {
  return [
    'admin:ListUsers',
    'admin:GetUser',
    'admin:ListUserPolicies',
    'admin:AddUserToGroup',
    'admin:RemoveUserFromGroup',
    'admin:AttachUserOrGroupPolicy',
    'admin:DeleteUser',
    'admin:EnableUser',
    'admin:DisableUser',
  ];
}

/** Operator-mode pages (spec 3 "Routing shell"); granted by the operator sign-in, not by a policy. */
export const operatorPages: readonly PagePath[] = [
  pagePaths.tenants,
  pagePaths.tenantsAdd,
  pagePaths.storage,
  pagePaths.storageVolumes,
  pagePaths.storageDrives,
  pagePaths.tenantDetails,
  pagePaths.license,
];

export interface PageContext {
  /** The session's permission map (see `sessionPermissions`). */
  permissions: Record<string, string[]>;
  /**
   * The identity is a user of the store's own IAM (not root, not SSO/LDAP): only such users can change
   * their password, and only while admin:CreateUser is not denied to them.
   */
  builtinUser: boolean;
  /** Users and groups are managed by the directory when LDAP is configured (read-only DN lists then). */
  ldap?: boolean;
  /** Heal exists only on an erasure-coded setup (spec 3 §6 "Heal is shown only for a distributed setup"). */
  distributed?: boolean;
  /** What the server offers (issue 24); undefined = a session that predates detection, which has all. */
  capabilities?: readonly string[];
}

/**
 * The pages a signed-in identity may open, in side-menu order (its first entry is the fallback). A page
 * whose capability the server lacks is left out (issue 24). Without MinIO's admin API the identity's
 * policy is unknown, so the dashboard is offered as it is to everyone: it then shows what S3 tells.
 */
export function allowedPages(ctx: PageContext): string[] {
  const pages: string[] = [];
  const adminApi = hasCapability(ctx.capabilities, 'admin');
  for (const [page, scopes] of pageScopes) {
    if (missingPageCapability(ctx.capabilities, page) !== undefined) continue;
    if (page === pagePaths.dashboard && !adminApi) {
      pages.push(page);
      continue;
    }
    if (page === pagePaths.heal && ctx.distributed === false) continue;
    // With LDAP the Users and Groups pages list the directory's DNs; there is no user detail page.
    if (ctx.ldap && page === pagePaths.userDetails) continue;
    if (scopes === null || hasPermission(ctx.permissions, CONSOLE_UI_RESOURCE, scopes)) pages.push(page);
  }
  if (
    ctx.builtinUser &&
    missingPageCapability(ctx.capabilities, pagePaths.accountChangePassword) === undefined &&
    hasPermission(ctx.permissions, CONSOLE_UI_RESOURCE, ['admin:CreateUser'])
  ) {
    pages.push(pagePaths.accountChangePassword);
  }
  return pages;
}
