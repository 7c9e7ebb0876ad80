// SPDX-License-Identifier: Apache-2.0
import { MadminClient } from '@stowage/madmin';
import * as Minio from 'minio';
import { E2E } from './env.js';

/** An S3 client on the journeys' store, as root: tests set up data the way any S3 user would. */
export function rootS3(): Minio.Client {
  return new Minio.Client({
    endPoint: E2E.s3Host,
    port: E2E.s3Port,
    useSSL: false,
    accessKey: E2E.rootUser,
    secretKey: E2E.rootPassword,
    region: 'us-east-1',
  });
}

/** The admin API of the journeys' store, as root (madmin): users, groups and policies for a journey. */
export function rootAdmin(): MadminClient {
  return new MadminClient({ endpoint: E2E.s3Endpoint, accessKey: E2E.rootUser, secretKey: E2E.rootPassword });
}
