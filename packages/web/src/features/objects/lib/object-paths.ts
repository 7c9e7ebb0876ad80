// SPDX-License-Identifier: Apache-2.0
/**
 * Paths of the object browser (spec 1 §2.6). Route encoding: a folder is addressed with a trailing '/'
 * (`/buckets/b/browse/photos/2024/`), an object without one (`/buckets/b/browse/photos/2024/a.jpg`); each
 * segment is URL-encoded on its own (`links.bucketBrowse`). A path typed without the trailing '/' is a
 * folder when it has children, else an object when one exists (file mode), else an empty folder.
 */

/** The browse path (decoded, no leading '/') of a router pathname under `/buckets/{bucket}/browse`. */
export function browsePathFromPathname(pathname: string, bucket: string): string {
  const marker = `/buckets/${encodeURIComponent(bucket)}/browse`;
  const at = pathname.indexOf(marker);
  let rest = at < 0 ? '' : pathname.slice(at + marker.length);
  if (rest.startsWith('/')) rest = rest.slice(1);
  return rest
    .split('/')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .join('/');
}

/** The prefix whose children the listing shows for a browse path: '' (root) or ending in '/'. */
export function folderPrefix(path: string): string {
  if (path === '') return '';
  return path.endsWith('/') ? path : `${path}/`;
}

/** Whether the path may name an object (file mode is possible): not the root, no trailing '/'. */
export function mayBeObject(path: string): boolean {
  return path !== '' && !path.endsWith('/');
}

/** Segments of a path ("a/b/c.txt" → ["a", "b", "c.txt"]; "a/b/" → ["a", "b"]). */
export function pathSegments(path: string): string[] {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed === '' ? [] : trimmed.split('/');
}

/** Title of the listing: the last path segment, or '/' at the root (spec 1 §2.6). */
export function pathTitle(path: string): string {
  const segs = pathSegments(path);
  return segs.length === 0 ? '/' : (segs[segs.length - 1] as string);
}

export interface Crumb {
  label: string;
  /** The browse path the crumb opens ('' = bucket root; folders end in '/'). */
  path: string;
}

/**
 * Breadcrumbs: the bucket (root) then each segment; every crumb but the last one of an object path is a
 * folder path ending in '/'.
 */
export function breadcrumbs(bucket: string, path: string): Crumb[] {
  const crumbs: Crumb[] = [{ label: bucket, path: '' }];
  const segs = pathSegments(path);
  let acc = '';
  segs.forEach((seg, i) => {
    const last = i === segs.length - 1;
    acc += seg;
    const isObject = last && mayBeObject(path);
    crumbs.push({ label: seg, path: isObject ? acc : `${acc}/` });
    acc += '/';
  });
  return crumbs;
}

/** The folder that holds a path ('a/b/c.txt' → 'a/b/', 'a/b/' → 'a/', 'a' → ''). */
export function parentFolder(path: string): string {
  const segs = pathSegments(path);
  return segs.length <= 1 ? '' : `${segs.slice(0, -1).join('/')}/`;
}

/** Display name of a listing entry: its last segment ("photos/2024/" → "2024", "a/b.txt" → "b.txt"). */
export function entryName(name: string): string {
  return pathTitle(name);
}

export function isFolder(name: string): boolean {
  return name.endsWith('/');
}

/**
 * The folder a "Choose or create a new path" answer leads to: relative to the current folder, or from the
 * bucket root when it starts with '/'. Empty segments, '.' and '..' are dropped (the store refuses them).
 * Returns undefined when nothing is left.
 */
export function newFolderPath(currentPrefix: string, answer: string): string | undefined {
  const fromRoot = answer.trim().startsWith('/');
  const segs = answer
    .trim()
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== '.' && s !== '..');
  if (segs.length === 0) return undefined;
  return `${fromRoot ? '' : currentPrefix}${segs.join('/')}/`;
}
