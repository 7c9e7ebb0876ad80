// SPDX-License-Identifier: Apache-2.0
import { Box } from '@mui/material';
import type { Bucket } from '@stowage/contracts';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactElement, useLayoutEffect, useRef, useState } from 'react';
import { BucketCard } from './bucket-card';

/** Estimated card height plus the gap below it; real heights are measured (cards wrap on narrow screens). */
const estimatedRowPx = 96;
const gapPx = 12;

/**
 * The bucket cards, virtualized against the window scroll so thousands of buckets stay smooth: only the
 * visible cards and 10 on either side are in the DOM (spec 1 §9 overscan 10).
 */
export function BucketList({
  buckets,
  selectable,
  selected,
  onToggle,
}: {
  buckets: readonly Bucket[];
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle: (name: string) => void;
}): ReactElement {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return undefined;
    const update = (): void => setScrollMargin(el.getBoundingClientRect().top + window.scrollY);
    update();
    const observer = new ResizeObserver(update);
    if (el.parentElement) observer.observe(el.parentElement);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: buckets.length,
    estimateSize: () => estimatedRowPx + gapPx,
    overscan: 10,
    scrollMargin,
    getItemKey: (index) => buckets[index]?.name ?? index,
  });

  return (
    <Box
      ref={listRef}
      role="list"
      aria-label="Buckets"
      sx={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const bucket = buckets[row.index];
        if (!bucket) return null;
        return (
          <Box
            key={row.key}
            role="listitem"
            data-index={row.index}
            ref={virtualizer.measureElement}
            sx={{ position: 'absolute', top: 0, left: 0, width: '100%', pb: `${gapPx}px` }}
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            <BucketCard
              bucket={bucket}
              selectable={selectable}
              selected={selected.has(bucket.name)}
              onToggle={onToggle}
            />
          </Box>
        );
      })}
    </Box>
  );
}
