// SPDX-License-Identifier: Apache-2.0
import {
  deleteBucketOwnershipControls,
  getBucketOwnershipControls,
  putBucketOwnershipControls,
} from './operations/bucket-ownership-controls.js';
import { deleteBucketCors } from './operations/delete-bucket-cors.js';
import { deletePublicAccessBlock } from './operations/delete-public-access-block.js';
import { getBucketCors } from './operations/get-bucket-cors.js';
import { getBucketPolicyStatus } from './operations/get-bucket-policy-status.js';
import { getObjectAttributes } from './operations/get-object-attributes.js';
import { getPublicAccessBlock } from './operations/get-public-access-block.js';
import { putBucketCors } from './operations/put-bucket-cors.js';
import { putPublicAccessBlock } from './operations/put-public-access-block.js';
import type { S3Route } from './types.js';

/**
 * The routes of bucket CORS, PublicAccessBlock, policy status, ownership controls and
 * GetObjectAttributes, spread into `S3_ROUTES` (router.ts) among the sub-resource routes.
 */
export const S3_COMPLETENESS_ROUTES: readonly S3Route[] = [
  {
    name: 'GetBucketCors',
    method: 'GET',
    level: 'bucket',
    query: ['cors'],
    action: 's3:GetBucketCORS',
    handler: getBucketCors,
  },
  {
    name: 'PutBucketCors',
    method: 'PUT',
    level: 'bucket',
    query: ['cors'],
    action: 's3:PutBucketCORS',
    handler: putBucketCors,
  },
  {
    name: 'DeleteBucketCors',
    method: 'DELETE',
    level: 'bucket',
    query: ['cors'],
    action: 's3:PutBucketCORS',
    handler: deleteBucketCors,
  },
  {
    name: 'GetPublicAccessBlock',
    method: 'GET',
    level: 'bucket',
    query: ['publicAccessBlock'],
    action: 's3:GetBucketPublicAccessBlock',
    handler: getPublicAccessBlock,
  },
  {
    name: 'PutPublicAccessBlock',
    method: 'PUT',
    level: 'bucket',
    query: ['publicAccessBlock'],
    action: 's3:PutBucketPublicAccessBlock',
    handler: putPublicAccessBlock,
  },
  {
    name: 'DeletePublicAccessBlock',
    method: 'DELETE',
    level: 'bucket',
    query: ['publicAccessBlock'],
    action: 's3:PutBucketPublicAccessBlock',
    handler: deletePublicAccessBlock,
  },
  {
    name: 'GetBucketPolicyStatus',
    method: 'GET',
    level: 'bucket',
    query: ['policyStatus'],
    action: 's3:GetBucketPolicyStatus',
    handler: getBucketPolicyStatus,
  },
  {
    name: 'GetBucketOwnershipControls',
    method: 'GET',
    level: 'bucket',
    query: ['ownershipControls'],
    action: 's3:GetBucketOwnershipControls',
    handler: getBucketOwnershipControls,
  },
  {
    name: 'PutBucketOwnershipControls',
    method: 'PUT',
    level: 'bucket',
    query: ['ownershipControls'],
    action: 's3:PutBucketOwnershipControls',
    handler: putBucketOwnershipControls,
  },
  {
    name: 'DeleteBucketOwnershipControls',
    method: 'DELETE',
    level: 'bucket',
    query: ['ownershipControls'],
    action: 's3:PutBucketOwnershipControls',
    handler: deleteBucketOwnershipControls,
  },
  {
    name: 'GetObjectAttributes',
    method: 'GET',
    level: 'object',
    query: ['attributes'],
    action: 's3:GetObjectAttributes',
    handler: getObjectAttributes,
  },
];
