// SPDX-License-Identifier: Apache-2.0
import type { ObjectOwnership, PublicAccessBlockField } from '@stowage/contracts';

/** The public access block's switches (S3's names) and what each does, in S3's order (issue 36). */
export const publicAccessBlockTexts: Record<PublicAccessBlockField, { label: string; meaning: string }> = {
  blockPublicAcls: {
    label: 'Block public ACLs',
    meaning: 'Requests that would grant public access through an ACL are refused.',
  },
  ignorePublicAcls: {
    label: 'Ignore public ACLs',
    meaning: 'Public grants in existing ACLs of the bucket and its objects no longer count.',
  },
  blockPublicPolicy: {
    label: 'Block public policy',
    meaning: 'A bucket policy that would make the bucket public is refused.',
  },
  restrictPublicBuckets: {
    label: 'Restrict public buckets',
    meaning: 'Under a public policy, only signed requests of this account get in: anonymous ones do not.',
  },
};

/** S3's Object Ownership settings: a short name, whether ACLs apply, and who owns uploaded objects. */
export const objectOwnershipTexts: Record<ObjectOwnership, { name: string; acls: string; meaning: string }> =
  {
    BucketOwnerEnforced: {
      name: 'Bucket owner enforced',
      acls: 'ACLs disabled',
      meaning: 'The bucket owner owns every object; policies alone decide access.',
    },
    BucketOwnerPreferred: {
      name: 'Bucket owner preferred',
      acls: 'ACLs enabled',
      meaning: 'Objects uploaded with the bucket-owner-full-control ACL belong to the bucket owner.',
    },
    ObjectWriter: {
      name: 'Object writer',
      acls: 'ACLs enabled',
      meaning: 'Each object belongs to the account that uploaded it.',
    },
  };

/** How an Object Ownership setting is named in choices: its name and whether ACLs apply. */
export const ownershipLabel = (o: ObjectOwnership): string =>
  `${objectOwnershipTexts[o].name} (${objectOwnershipTexts[o].acls})`;
