// SPDX-License-Identifier: Apache-2.0
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FindInPageOutlined from '@mui/icons-material/FindInPageOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HealingOutlined from '@mui/icons-material/HealingOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MedicalServicesOutlined from '@mui/icons-material/MedicalServicesOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import TroubleshootOutlined from '@mui/icons-material/TroubleshootOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { type PagePath, pagePaths } from '@stowage/contracts';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactElement } from 'react';
import { type MenuGroup, reachablePages } from './shell-rules';

/** One page of the signed-in shell: its pattern (also the key in the session's `pages`) and how it shows. */
export interface ShellPage {
  path: PagePath;
  /** The screen; pages of later issues have none yet, and are then neither routed nor shown in the menu. */
  component?: LazyExoticComponent<ComponentType>;
  /** Present when the page has a side-menu entry (spec 2 "Side menu"). */
  menu?: { label: string; icon: ReactElement; group: MenuGroup };
  /** Heal is shown only for a distributed setup (spec 3 §2 "Live tools", §6). */
  distributedOnly?: boolean;
}

const DashboardPage = lazy(() =>
  import('@/features/dashboard/routes/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const MetricsPage = lazy(() =>
  import('@/features/dashboard/routes/metrics-page').then((m) => ({ default: m.MetricsPage })),
);
const LogsPage = lazy(() =>
  import('@/features/logs/routes/logs-page').then((m) => ({ default: m.LogsPage })),
);
const WatchPage = lazy(() =>
  import('@/features/watch/routes/watch-page').then((m) => ({ default: m.WatchPage })),
);
const TracePage = lazy(() =>
  import('@/features/trace/routes/trace-page').then((m) => ({ default: m.TracePage })),
);
const HealPage = lazy(() =>
  import('@/features/heal/routes/heal-page').then((m) => ({ default: m.HealPage })),
);
const HealthInfoPage = lazy(() =>
  import('@/features/health-info/routes/health-info-page').then((m) => ({ default: m.HealthInfoPage })),
);
const ProfilePage = lazy(() =>
  import('@/features/profile/routes/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const SpeedtestPage = lazy(() =>
  import('@/features/speedtest/routes/speedtest-page').then((m) => ({ default: m.SpeedtestPage })),
);
const InspectPage = lazy(() =>
  import('@/features/inspect/routes/inspect-page').then((m) => ({ default: m.InspectPage })),
);
const IdpOpenIdPage = lazy(() =>
  import('@/features/settings/routes/idp-pages').then((m) => ({ default: m.IdpOpenIdPage })),
);
const IdpLdapPage = lazy(() =>
  import('@/features/settings/routes/idp-pages').then((m) => ({ default: m.IdpLdapPage })),
);
const BucketsPage = lazy(() =>
  import('@/features/buckets/routes/buckets-page').then((m) => ({ default: m.BucketsPage })),
);
const BucketArea = lazy(() => import('./bucket-area').then((m) => ({ default: m.BucketArea })));

const UsersPage = lazy(() =>
  import('@/features/users/routes/users-page').then((m) => ({ default: m.UsersPage })),
);
const UserDetailsPage = lazy(() =>
  import('@/features/users/routes/user-details-page').then((m) => ({ default: m.UserDetailsPage })),
);
const RgwUsersPage = lazy(() =>
  import('@/features/rgw-users/routes/rgw-users-page').then((m) => ({ default: m.RgwUsersPage })),
);
const RgwUserDetailsPage = lazy(() =>
  import('@/features/rgw-users/routes/rgw-user-details-page').then((m) => ({
    default: m.RgwUserDetailsPage,
  })),
);
const GroupsPage = lazy(() =>
  import('@/features/groups/routes/groups-page').then((m) => ({ default: m.GroupsPage })),
);
const PoliciesPage = lazy(() =>
  import('@/features/policies/routes/policies-page').then((m) => ({ default: m.PoliciesPage })),
);
const PolicyDetailsPage = lazy(() =>
  import('@/features/policies/routes/policy-details-page').then((m) => ({ default: m.PolicyDetailsPage })),
);
const AccountPage = lazy(() =>
  import('@/features/account/routes/account-page').then((m) => ({ default: m.AccountPage })),
);
const LicensePage = lazy(() =>
  import('@/features/license/routes/license-page').then((m) => ({ default: m.LicensePage })),
);
const KmsPage = lazy(() => import('@/features/kms/routes/kms-page').then((m) => ({ default: m.KmsPage })));
const SettingsPage = lazy(() =>
  import('@/features/settings/routes/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const TenantsPage = lazy(() =>
  import('@/features/tenants/routes/tenants-page').then((m) => ({ default: m.TenantsPage })),
);
const TenantDetailPage = lazy(() =>
  import('@/features/tenants/routes/tenant-detail-page').then((m) => ({ default: m.TenantDetailPage })),
);
const AddTenantPage = lazy(() =>
  import('@/features/tenant-create/routes/add-tenant-page').then((m) => ({ default: m.AddTenantPage })),
);
const StoragePage = lazy(() =>
  import('@/features/storage/routes/storage-page').then((m) => ({ default: m.StoragePage })),
);
const LoggerWebhooksPage = lazy(() =>
  import('@/features/webhooks/routes/webhooks-page').then((m) => ({ default: m.LoggerWebhooksPage })),
);
const AuditWebhooksPage = lazy(() =>
  import('@/features/webhooks/routes/webhooks-page').then((m) => ({ default: m.AuditWebhooksPage })),
);

/**
 * The one route table of the shell, in side-menu order. Paths come from the contracts' page map, so the
 * backend's `pages` and these routes always use the same strings.
 */
export const shellPages: readonly ShellPage[] = [
  {
    path: pagePaths.dashboard,
    component: DashboardPage,
    menu: { label: 'Dashboard', icon: <DashboardOutlined />, group: 'common' },
  },
  { path: pagePaths.metrics, component: MetricsPage },
  {
    path: pagePaths.buckets,
    component: BucketsPage,
    menu: { label: 'Buckets', icon: <Inventory2Outlined />, group: 'common' },
  },
  { path: pagePaths.bucketPages, component: BucketArea },
  {
    path: pagePaths.users,
    component: UsersPage,
    menu: { label: 'Users', icon: <PersonOutlined />, group: 'common' },
  },
  { path: pagePaths.userDetails, component: UserDetailsPage },
  // Ceph RGW's users (issue 36): only with the `rgw-admin` capability, so never beside MinIO's Users.
  {
    path: pagePaths.rgwUsers,
    component: RgwUsersPage,
    menu: { label: 'RGW Users', icon: <ManageAccountsOutlined />, group: 'common' },
  },
  { path: pagePaths.rgwUserDetails, component: RgwUserDetailsPage },
  {
    path: pagePaths.groups,
    component: GroupsPage,
    menu: { label: 'Groups', icon: <GroupsOutlined />, group: 'common' },
  },
  {
    path: pagePaths.account,
    component: AccountPage,
    menu: { label: 'Service Accounts', icon: <KeyOutlined />, group: 'common' },
  },
  {
    path: pagePaths.policies,
    component: PoliciesPage,
    menu: { label: 'Policies', icon: <PolicyOutlined />, group: 'common' },
  },
  { path: pagePaths.policyDetails, component: PolicyDetailsPage },
  {
    path: pagePaths.idpOpenId,
    component: IdpOpenIdPage,
    menu: { label: 'OpenID', icon: <LoginOutlined />, group: 'common' },
  },
  {
    path: pagePaths.idpLdap,
    component: IdpLdapPage,
    menu: { label: 'LDAP', icon: <AccountTreeOutlined />, group: 'common' },
  },
  {
    path: pagePaths.settings,
    component: SettingsPage,
    menu: { label: 'Settings', icon: <SettingsOutlined />, group: 'common' },
  },
  {
    path: pagePaths.kms,
    component: KmsPage,
    menu: { label: 'Key Management', icon: <VpnKeyOutlined />, group: 'common' },
  },
  // Reached from the Configurations list (logger_webhook, audit_webhook), not from the menu.
  { path: pagePaths.webhookLogger, component: LoggerWebhooksPage },
  { path: pagePaths.webhookAudit, component: AuditWebhooksPage },
  {
    path: pagePaths.logs,
    component: LogsPage,
    menu: { label: 'Logs', icon: <ListAltOutlined />, group: 'tools' },
  },
  {
    path: pagePaths.watch,
    component: WatchPage,
    menu: { label: 'Watch', icon: <VisibilityOutlined />, group: 'tools' },
  },
  {
    path: pagePaths.trace,
    component: TracePage,
    menu: { label: 'Trace', icon: <TimelineOutlined />, group: 'tools' },
  },
  {
    path: pagePaths.heal,
    component: HealPage,
    menu: { label: 'Heal', icon: <HealingOutlined />, group: 'tools' },
    distributedOnly: true,
  },
  {
    path: pagePaths.healthInfo,
    component: HealthInfoPage,
    menu: { label: 'Diagnostic', icon: <MedicalServicesOutlined />, group: 'tools' },
  },
  {
    path: pagePaths.speedtest,
    component: SpeedtestPage,
    menu: { label: 'Performance', icon: <SpeedOutlined />, group: 'tools' },
  },
  {
    path: pagePaths.inspect,
    component: InspectPage,
    menu: { label: 'Inspect', icon: <FindInPageOutlined />, group: 'tools' },
  },
  {
    path: pagePaths.profile,
    component: ProfilePage,
    menu: { label: 'Profile', icon: <TroubleshootOutlined />, group: 'tools' },
  },
  {
    path: pagePaths.tenants,
    component: TenantsPage,
    menu: { label: 'Tenants', icon: <AccountTreeOutlined />, group: 'operator' },
  },
  { path: pagePaths.tenantsAdd, component: AddTenantPage },
  { path: pagePaths.tenantDetails, component: TenantDetailPage },
  {
    path: pagePaths.storage,
    component: StoragePage,
    menu: { label: 'Storage', icon: <StorageOutlined />, group: 'operator' },
  },
  { path: pagePaths.storageVolumes, component: StoragePage },
  { path: pagePaths.storageDrives, component: StoragePage },
  // License sits under Operator when /tenants is allowed, else on its own (spec 2 "Side menu").
  {
    path: pagePaths.license,
    component: LicensePage,
    menu: { label: 'License', icon: <VerifiedOutlined />, group: 'common' },
  },
];

/** Icon of the Documentation entry, which is a link out rather than a page of the shell. */
export const documentationIcon = <DescriptionOutlined />;

/** The pages of the route table this build can render for the session. */
export function reachableShellPages(pages: readonly string[], distributedMode: boolean): ShellPage[] {
  return reachablePages(shellPages, pages, distributedMode);
}
