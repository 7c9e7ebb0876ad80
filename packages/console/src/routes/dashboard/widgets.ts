import type { DashboardWidget } from '@stowage/contracts';

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

const summary: Def[] = [
  {
    title: 'Uptime',
    type: 'singleValue',
    tab: 'summary',
    unit: 'seconds',
    reduce: 'last',
    panels: [{ panel: 'Uptime', query: 'time() - max(minio_node_process_starttime_seconds{$job})' }],
  },
  {
    title: 'Number of Buckets',
    type: 'singleValue',
    tab: 'summary',
    unit: 'count',
    reduce: 'last',
    panels: [{ panel: 'Buckets', query: 'max(minio_cluster_bucket_total{$job})' }],
  },
  {
    title: 'Number of Objects',
    type: 'singleValue',
    tab: 'summary',
    unit: 'count',
    reduce: 'last',
    panels: [{ panel: 'Objects', query: 'max(minio_cluster_usage_object_total{$job})' }],
  },
  {
    title: 'Servers',
    type: 'simpleWidget',
    tab: 'summary',
    unit: 'count',
    reduce: 'last',
    panels: [
      { panel: 'Online', query: 'max(minio_cluster_nodes_online_total{$job})' },
      { panel: 'Offline', query: 'max(minio_cluster_nodes_offline_total{$job})' },
    ],
  },
  {
    title: 'Drives',
    type: 'simpleWidget',
    tab: 'summary',
    unit: 'count',
    reduce: 'last',
    panels: [
      { panel: 'Online', query: 'max(minio_cluster_disk_online_total{$job})' },
      { panel: 'Offline', query: 'max(minio_cluster_disk_offline_total{$job})' },
    ],
  },
  {
    title: 'Time Since Last Heal',
    type: 'singleValue',
    tab: 'summary',
    unit: 'seconds',
    reduce: 'last',
    panels: [{ panel: 'Last heal', query: 'max(minio_heal_time_last_activity_nano_seconds{$job}) / 1e9' }],
  },
  {
    title: 'Time Since Last Scan',
    type: 'singleValue',
    tab: 'summary',
    unit: 'seconds',
    reduce: 'last',
    panels: [{ panel: 'Last scan', query: 'max(minio_usage_last_activity_nano_seconds{$job}) / 1e9' }],
  },
  {
    title: 'Usable Capacity',
    type: 'pieChart',
    tab: 'summary',
    unit: 'bytes',
    reduce: 'last',
    panels: [
      {
        panel: 'Used',
        query:
          'sum(minio_cluster_capacity_usable_total_bytes{$job}) - sum(minio_cluster_capacity_usable_free_bytes{$job})',
      },
      { panel: 'Free', query: 'sum(minio_cluster_capacity_usable_free_bytes{$job})' },
    ],
  },
  {
    title: 'Data Usage Growth',
    type: 'areaGraph',
    tab: 'summary',
    unit: 'bytes',
    reduce: 'last',
    panels: [{ panel: 'Usage', query: 'sum(minio_bucket_usage_total_bytes{$job})' }],
  },
  {
    title: 'Object Size Distribution',
    type: 'barChart',
    tab: 'summary',
    unit: 'count',
    reduce: 'last',
    panels: [
      {
        panel: 'Objects',
        query: 'sum by (range) (minio_cluster_objects_size_distribution{$job})',
        labelBy: 'range',
        names: SIZE_BANDS,
      },
    ],
  },
];

const traffic: Def[] = [
  {
    title: 'Total S3 Traffic Inbound',
    type: 'singleRep',
    tab: 'traffic',
    unit: 'bytes',
    reduce: 'last',
    panels: [{ panel: 'Inbound', query: 'sum(minio_s3_traffic_received_bytes{$job})' }],
  },
  {
    title: 'Total S3 Traffic Outbound',
    type: 'singleRep',
    tab: 'traffic',
    unit: 'bytes',
    reduce: 'last',
    panels: [{ panel: 'Outbound', query: 'sum(minio_s3_traffic_sent_bytes{$job})' }],
  },
  {
    title: 'S3 API Request Rate',
    type: 'linearGraph',
    tab: 'traffic',
    unit: 'perSecond',
    reduce: 'mean',
    panels: [
      { panel: 'Requests', query: 'sum by (api) (rate(minio_s3_requests_total{$job}[1m]))', labelBy: 'api' },
    ],
  },
  {
    title: 'S3 API Request Error Rate',
    type: 'linearGraph',
    tab: 'traffic',
    unit: 'perSecond',
    reduce: 'mean',
    panels: [
      {
        panel: 'Errors',
        query: 'sum by (api) (rate(minio_s3_requests_errors_total{$job}[1m]))',
        labelBy: 'api',
      },
    ],
  },
  {
    title: 'S3 Traffic',
    type: 'areaGraph',
    tab: 'traffic',
    unit: 'bytesPerSecond',
    reduce: 'mean',
    panels: [
      { panel: 'Received', query: 'sum(rate(minio_s3_traffic_received_bytes{$job}[1m]))' },
      { panel: 'Sent', query: 'sum(rate(minio_s3_traffic_sent_bytes{$job}[1m]))' },
    ],
  },
];

const resources: Def[] = [
  {
    title: 'CPU Usage',
    type: 'linearGraph',
    tab: 'resources',
    unit: 'cores',
    reduce: 'mean',
    panels: [
      { panel: 'CPU', query: 'rate(minio_node_process_cpu_total_seconds{$job}[1m])', labelBy: 'server' },
    ],
  },
  {
    title: 'Memory Usage',
    type: 'areaGraph',
    tab: 'resources',
    unit: 'bytes',
    reduce: 'last',
    panels: [
      { panel: 'Resident', query: 'minio_node_process_resident_memory_bytes{$job}', labelBy: 'server' },
    ],
  },
  {
    title: 'Open File Descriptors',
    type: 'linearGraph',
    tab: 'resources',
    unit: 'count',
    reduce: 'last',
    panels: [{ panel: 'Open', query: 'minio_node_file_descriptor_open_total{$job}', labelBy: 'server' }],
  },
  {
    title: 'Goroutines',
    type: 'linearGraph',
    tab: 'resources',
    unit: 'count',
    reduce: 'last',
    panels: [{ panel: 'Tasks', query: 'minio_node_go_routine_total{$job}', labelBy: 'server' }],
  },
  {
    title: 'IO',
    type: 'linearGraph',
    tab: 'resources',
    unit: 'bytesPerSecond',
    reduce: 'mean',
    panels: [
      { panel: 'Read', query: 'sum(rate(minio_node_io_rchar_bytes{$job}[1m]))' },
      { panel: 'Write', query: 'sum(rate(minio_node_io_wchar_bytes{$job}[1m]))' },
    ],
  },
  {
    title: 'Syscalls',
    type: 'linearGraph',
    tab: 'resources',
    unit: 'perSecond',
    reduce: 'mean',
    panels: [
      { panel: 'Read', query: 'sum(rate(minio_node_syscall_read_total{$job}[1m]))' },
      { panel: 'Write', query: 'sum(rate(minio_node_syscall_write_total{$job}[1m]))' },
    ],
  },
  {
    title: 'Drive Used Capacity',
    type: 'linearGraph',
    tab: 'resources',
    unit: 'bytes',
    reduce: 'last',
    panels: [{ panel: 'Used', query: 'minio_node_disk_used_bytes{$job}', labelBy: 'disk' }],
  },
  {
    title: 'Drive Free Inodes',
    type: 'linearGraph',
    tab: 'resources',
    unit: 'count',
    reduce: 'last',
    panels: [{ panel: 'Free inodes', query: 'minio_node_disk_free_inodes{$job}', labelBy: 'disk' }],
  },
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
