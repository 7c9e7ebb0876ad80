// SPDX-License-Identifier: Apache-2.0
import type { DashboardWidget, WidgetTab, WidgetType, WidgetUnit } from '@stowage/contracts';

/**
 * One query of a widget. `$job` in `query` becomes the job selector (`job="<CONSOLE_PROMETHEUS_JOB_ID>"`);
 * each result series is named by `labelBy` (a label of the series, mapped through `names`) or `label`.
 */
export interface WidgetPanel {
  /** The panel of a merged widget the series belong to (e.g. Online / Offline); also the default label. */
  panel: string;
  query: string;
  labelBy?: string;
  names?: Record<string, string>;
}

export interface WidgetDefinition extends DashboardWidget {
  panels: WidgetPanel[];
}

/** Object size bands in order (spec 2 §2), keyed by MinIO's histogram names. */
export const SIZE_BANDS: Record<string, string> = {
  LESS_THAN_1024_B: 'Less than 1024 B',
  BETWEEN_1024_B_AND_1_MB: '1024 B - 1 MB',
  BETWEEN_1_MB_AND_10_MB: '1 MB - 10 MB',
  BETWEEN_10_MB_AND_64_MB: '10 MB - 64 MB',
  BETWEEN_64_MB_AND_128_MB: '64 MB - 128 MB',
  BETWEEN_128_MB_AND_512_MB: '128 MB - 512 MB',
  GREATER_THAN_512_MB: 'Greater than 512 MB',
};

type Def = Omit<WidgetDefinition, 'id'>;

/** A widget: its title, type, tab, unit and reduction, then its panels. */
function w(
  title: string,
  type: WidgetType,
  tab: WidgetTab,
  unit: WidgetUnit,
  reduce: 'last' | 'mean',
  ...panels: WidgetPanel[]
): Def {
  return { title, type, tab, unit, reduce, panels };
}

/** A panel of one query; `labelBy` names each series by that label. */
const p = (panel: string, query: string, labelBy?: string): WidgetPanel => ({
  panel,
  query,
  ...(labelBy ? { labelBy } : {}),
});

const rate = (metric: string): string => `sum(rate(${metric}{$job}[1m]))`;

const summary: Def[] = [
  w(
    'Uptime',
    'singleValue',
    'summary',
    'seconds',
    'last',
    p('Uptime', 'time() - max(minio_node_process_starttime_seconds{$job})'),
  ),
  w(
    'Number of Buckets',
    'singleValue',
    'summary',
    'count',
    'last',
    p('Buckets', 'max(minio_cluster_bucket_total{$job})'),
  ),
  w(
    'Number of Objects',
    'singleValue',
    'summary',
    'count',
    'last',
    p('Objects', 'max(minio_cluster_usage_object_total{$job})'),
  ),
  // Merged widgets: two panels in one card.
  w(
    'Servers',
    'simpleWidget',
    'summary',
    'count',
    'last',
    p('Online', 'max(minio_cluster_nodes_online_total{$job})'),
    p('Offline', 'max(minio_cluster_nodes_offline_total{$job})'),
  ),
  w(
    'Drives',
    'simpleWidget',
    'summary',
    'count',
    'last',
    p('Online', 'max(minio_cluster_disk_online_total{$job})'),
    p('Offline', 'max(minio_cluster_disk_offline_total{$job})'),
  ),
  w(
    'Time Since Last Heal',
    'singleValue',
    'summary',
    'seconds',
    'last',
    p('Last heal', 'max(minio_heal_time_last_activity_nano_seconds{$job}) / 1e9'),
  ),
  w(
    'Time Since Last Scan',
    'singleValue',
    'summary',
    'seconds',
    'last',
    p('Last scan', 'max(minio_usage_last_activity_nano_seconds{$job}) / 1e9'),
  ),
  w(
    'Usable Capacity',
    'pieChart',
    'summary',
    'bytes',
    'last',
    p(
      'Used',
      'sum(minio_cluster_capacity_usable_total_bytes{$job}) - sum(minio_cluster_capacity_usable_free_bytes{$job})',
    ),
    p('Free', 'sum(minio_cluster_capacity_usable_free_bytes{$job})'),
  ),
  w(
    'Data Usage Growth',
    'areaGraph',
    'summary',
    'bytes',
    'last',
    p('Usage', 'sum(minio_bucket_usage_total_bytes{$job})'),
  ),
  w('Object Size Distribution', 'barChart', 'summary', 'count', 'last', {
    ...p('Objects', 'sum by (range) (minio_cluster_objects_size_distribution{$job})', 'range'),
    names: SIZE_BANDS,
  }),
];

const traffic: Def[] = [
  w(
    'Total S3 Traffic Inbound',
    'singleRep',
    'traffic',
    'bytes',
    'last',
    p('Inbound', 'sum(minio_s3_traffic_received_bytes{$job})'),
  ),
  w(
    'Total S3 Traffic Outbound',
    'singleRep',
    'traffic',
    'bytes',
    'last',
    p('Outbound', 'sum(minio_s3_traffic_sent_bytes{$job})'),
  ),
  w(
    'S3 API Request Rate',
    'linearGraph',
    'traffic',
    'perSecond',
    'mean',
    p('Requests', 'sum by (api) (rate(minio_s3_requests_total{$job}[1m]))', 'api'),
  ),
  w(
    'S3 API Request Error Rate',
    'linearGraph',
    'traffic',
    'perSecond',
    'mean',
    p('Errors', 'sum by (api) (rate(minio_s3_requests_errors_total{$job}[1m]))', 'api'),
  ),
  w(
    'S3 Traffic',
    'areaGraph',
    'traffic',
    'bytesPerSecond',
    'mean',
    p('Received', rate('minio_s3_traffic_received_bytes')),
    p('Sent', rate('minio_s3_traffic_sent_bytes')),
  ),
];

const resources: Def[] = [
  w(
    'CPU Usage',
    'linearGraph',
    'resources',
    'cores',
    'mean',
    p('CPU', 'rate(minio_node_process_cpu_total_seconds{$job}[1m])', 'server'),
  ),
  w(
    'Memory Usage',
    'areaGraph',
    'resources',
    'bytes',
    'last',
    p('Resident', 'minio_node_process_resident_memory_bytes{$job}', 'server'),
  ),
  w(
    'Open File Descriptors',
    'linearGraph',
    'resources',
    'count',
    'last',
    p('Open', 'minio_node_file_descriptor_open_total{$job}', 'server'),
  ),
  w(
    'Goroutines',
    'linearGraph',
    'resources',
    'count',
    'last',
    p('Tasks', 'minio_node_go_routine_total{$job}', 'server'),
  ),
  w(
    'IO',
    'linearGraph',
    'resources',
    'bytesPerSecond',
    'mean',
    p('Read', rate('minio_node_io_rchar_bytes')),
    p('Write', rate('minio_node_io_wchar_bytes')),
  ),
  w(
    'Syscalls',
    'linearGraph',
    'resources',
    'perSecond',
    'mean',
    p('Read', rate('minio_node_syscall_read_total')),
    p('Write', rate('minio_node_syscall_write_total')),
  ),
  w(
    'Drive Used Capacity',
    'linearGraph',
    'resources',
    'bytes',
    'last',
    p('Used', 'minio_node_disk_used_bytes{$job}', 'disk'),
  ),
  w(
    'Drive Free Inodes',
    'linearGraph',
    'resources',
    'count',
    'last',
    p('Free inodes', 'minio_node_disk_free_inodes{$job}', 'disk'),
  ),
];

/** Every predefined widget (spec 2 §2), numbered in layout order. */
export const WIDGETS: readonly WidgetDefinition[] = [...summary, ...traffic, ...resources].map((w, i) => ({
  ...w,
  id: i + 1,
}));

/** The widget as the info call lists it (no queries). */
export function widgetSummary(w: WidgetDefinition): DashboardWidget {
  const { panels: _panels, ...rest } = w;
  return rest;
}
