// SPDX-License-Identifier: Apache-2.0
import { Skeleton } from '@mui/material';
import type { ReactElement } from 'react';
import { TagChips } from '@/shared/tags/tag-chips';
import { BUCKET_TAGS } from '@/shared/tags/tag-rules';
import { useBucketTags, useSetBucketTags } from '../api/bucket-tags';
import { Section } from './setting-section';

/**
 * The bucket's tags in the summary (issue 36; S3's Get/PutBucketTagging): chips to remove and Add tag;
 * each change replaces the whole set.
 */
export function BucketTagsSection({ bucket }: { bucket: string }): ReactElement {
  const tags = useBucketTags(bucket, true);
  const set = useSetBucketTags(bucket);
  const count = Object.keys(tags.data?.tags ?? {}).length;
  return (
    <Section
      title="Tags"
      label="Tags value"
      value={
        tags.isPending ? (
          <Skeleton width={120} />
        ) : tags.isError ? (
          '-'
        ) : (
          `${count} ${count === 1 ? 'tag' : 'tags'}`
        )
      }
      detail={tags.isError ? tags.error.message : undefined}
    >
      {tags.data && <TagChips tags={tags.data.tags} readOnly={false} set={set} limit={BUCKET_TAGS} />}
    </Section>
  );
}
