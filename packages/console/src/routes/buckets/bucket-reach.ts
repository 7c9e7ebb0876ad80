// SPDX-License-Identifier: Apache-2.0
import { type Policy, type Statement, wildcardMatch } from '@stowage/policy';

/**
 * Whether a canned policy grants any S3 action on the bucket or objects inside it: an Allow statement with
 * an `s3:` action (or `*`) whose resource's bucket part matches the bucket name (`arn:aws:s3:::*`,
 * `arn:aws:s3:::photos`, or a wildcard bucket part such as `arn:aws:s3:::photo*`). Used by the access audit (spec 1 §2.5), which asks
 * "who can reach this bucket", not "may this exact request pass" — the store answers that one.
 */
export function policyReachesBucket(policy: Policy, bucket: string): boolean {
  return policy.statements.some((st) => allowReaches(st, bucket));
}

function allowReaches(st: Statement, bucket: string): boolean {
  if (st.effect !== 'Allow') return false;
  const s3Action = st.notActions !== null || (st.actions ?? []).some((a) => a === '*' || a.startsWith('s3:'));
  if (!s3Action) return false;
  if (st.notResources !== null) return true;
  // Parsed resources are `bucket/key` paths (the `arn:aws:s3:::` prefix removed) or `*`.
  return (st.resources ?? []).some((path) => wildcardMatch(path.split('/', 1)[0] ?? '', bucket));
}

/**
 * Whom a bucket policy's Allow statements reach (bucket policies apply to signed users too): everyone
 * (Principal `*`, or a NotPrincipal), and the users it names by ARN (`arn:aws:iam::<account>:user/<name>`)
 * or by access key.
 */
export function bucketPolicyGrantees(
  policy: Policy,
  bucket: string,
): { everyone: boolean; users: Set<string> } {
  const users = new Set<string>();
  let everyone = false;
  for (const st of policy.statements) {
    if (!allowReaches(st, bucket)) continue;
    if (st.notPrincipals !== null || (st.principals ?? []).includes('*')) everyone = true;
    for (const p of st.principals ?? []) {
      const arn = /^arn:aws:iam::[^:]*:user\/(.+)$/.exec(p);
      users.add(arn ? (arn[1] as string) : p);
    }
  }
  return { everyone, users };
}

/** Comma-separated policy names as the admin API sends them (PROTOCOL-NOTES §2 policyName). */
export function splitPolicyNames(names: string | undefined): string[] {
  return (names ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
}
