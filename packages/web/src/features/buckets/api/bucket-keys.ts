/** Query keys of the buckets area (one factory per area); mutations invalidate by these. */
export const bucketKeys = {
  all: ['buckets'] as const,
  list: () => [...bucketKeys.all, 'list'] as const,
};
