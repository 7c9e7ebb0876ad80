// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { peerSiteFieldProblem, peerSitesProblems } from './site-replication.js';

const site = (name: string, endpoint: string) => ({
  name,
  endpoint,
  accessKey: 'admin',
  secretKey: 'admin-secret',
});

describe('the add form rules', () => {
  it('names what is wrong with an endpoint', () => {
    expect(peerSiteFieldProblem('endpoint', '')).toBe('Endpoint is required');
    expect(peerSiteFieldProblem('endpoint', 'east:9000')).toMatch(/^Enter the endpoint as a URL/);
    expect(peerSiteFieldProblem('endpoint', 'ftp://east')).toBe(
      'The endpoint must start with http:// or https://',
    );
    expect(peerSiteFieldProblem('endpoint', 'http://east:9000/bucket')).toBe(
      'The endpoint is a server address only, without a path',
    );
    expect(peerSiteFieldProblem('endpoint', 'https://east.example.com:9000/')).toBeNull();
  });

  it('checks keys as MinIO does (3 and 8 characters) and site names as labels', () => {
    expect(peerSiteFieldProblem('accessKey', 'ab')).toBe('Access key must be at least 3 characters long');
    expect(peerSiteFieldProblem('secretKey', 'short')).toBe('Secret key must be at least 8 characters long');
    expect(peerSiteFieldProblem('name', 'site east')).toMatch(/^Use letters, numbers/);
    expect(peerSiteFieldProblem('name', 'site-east_1.a')).toBeNull();
  });

  it('wants a peer besides this site, and no name or endpoint twice', () => {
    expect(peerSitesProblems([site('a', 'http://a:9000')])).toEqual({
      form: 'Add at least one peer site besides this one',
    });
    expect(
      peerSitesProblems([
        site('a', 'http://a:9000'),
        site('A', 'http://b:9000'),
        site('c', 'HTTP://A:9000/'),
      ]),
    ).toEqual({ '1.name': 'Site 1 already has this name', '2.endpoint': 'Site 1 already has this endpoint' });
    expect(peerSitesProblems([site('a', 'http://a:9000'), site('b', 'http://b:9000')])).toEqual({});
  });
});
