// SPDX-License-Identifier: Apache-2.0
import fc from 'fast-check';

/**
 * Generated requests for the store's fuzz run: the request line and framing, SigV4 (valid, forged and
 * malformed), aws-chunked bodies, XML bodies of the sub-resources that take them, and object keys with
 * every awkward character and traversal attempt. `ESCAPE` marks names that must never appear outside the
 * data folder.
 */

export const ESCAPE = 'FUZZ-ESCAPE';

export interface FuzzRequest {
  /** Raw bytes sent as they are (malformed framing); when set, the fields below are unused. */
  raw?: Buffer;
  method: string;
  /** Path and query exactly as written on the request line. */
  target: string;
  headers: [string, string][];
  body: Buffer;
  /** Sign with the root credentials (after the other headers are chosen). */
  sign: boolean;
  /** Send the body as aws-chunked with these chunk sizes and a seed signature. */
  chunked?: number[];
}

const awkward = fc.constantFrom(
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2f',
  '%00',
  '\\',
  '//',
  '%ff',
  '%',
  '%zz',
  '~',
  '+',
  ' ',
  '%20',
  'ü',
  '%F0%9F%98%80',
  '\u202e',
  ESCAPE,
  'a'.repeat(300),
  '.stowage.sys',
  'meta',
  'part.1',
);

const segment = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 12 }).map(encodeURIComponent),
  awkward,
  fc.stringMatching(/^[a-z0-9.-]{1,20}$/),
);

const keyPath = fc.array(segment, { minLength: 0, maxLength: 6 }).map((segs) => segs.join('/'));

const bucket = fc.oneof(
  fc.constant('fuzz'),
  fc.constant('fuzz-versioned'),
  fc.stringMatching(/^[a-z0-9][a-z0-9.-]{1,40}$/),
  awkward,
);

const subresource = fc.constantFrom(
  '',
  'tagging',
  'versioning',
  'versions',
  'uploads',
  'delete',
  'acl',
  'policy',
  'location',
  'object-lock',
  'retention',
  'legal-hold',
  'lifecycle',
  'list-type=2',
  'uploadId=x&partNumber=1',
  'partNumber=0',
  'versionId=null',
  'max-keys=-1',
  'prefix=%2e%2e%2f&delimiter=%2F',
  'encoding-type=url',
  'continuation-token=%ff%fe',
  'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=fuzzroot%2F20260101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20260101T000000Z&X-Amz-Expires=60&X-Amz-SignedHeaders=host&X-Amz-Signature=00',
);

const xmlTag = fc.constantFrom(
  'Tagging',
  'TagSet',
  'Tag',
  'Key',
  'Value',
  'VersioningConfiguration',
  'Status',
  'Delete',
  'Object',
  'VersionId',
  'Quiet',
  'CompleteMultipartUpload',
  'Part',
  'PartNumber',
  'ETag',
  'Retention',
  'Mode',
  'RetainUntilDate',
  'LegalHold',
  'ObjectLockConfiguration',
  'Rule',
  'DefaultRetention',
  'Days',
);

const xmlText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    'Enabled',
    'Suspended',
    'GOVERNANCE',
    'COMPLIANCE',
    'ON',
    '1',
    '-1',
    '99999999999',
    '&amp;',
    '<![CDATA[x]]>',
  ),
);

const xmlNode: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    xmlText.map((t) => t.replace(/[<&]/g, '')),
    fc
      .tuple(xmlTag, fc.array(tie('node'), { maxLength: 4 }))
      .map(([tag, kids]) => `<${tag}>${kids.join('')}</${tag}>`),
  ),
})).node;

const xmlBody = fc.oneof(
  xmlNode.map((x) => `<?xml version="1.0" encoding="UTF-8"?>${x}`),
  fc.constantFrom(
    '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Tagging><TagSet><Tag><Key>&e;</Key><Value>v</Value></Tag></TagSet></Tagging>',
    `<Delete>${'<Object><Key>k</Key></Object>'.repeat(1001)}</Delete>`,
    '<Tagging><TagSet>'.repeat(200),
  ),
  fc.string({ maxLength: 200 }),
);

const body = fc.oneof(
  fc.constant(Buffer.alloc(0)),
  fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
  xmlBody.map((x) => Buffer.from(x)),
);

const headerName = fc.constantFrom(
  'content-type',
  'content-md5',
  'content-length',
  'range',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'x-amz-copy-source',
  'x-amz-copy-source-range',
  'x-amz-metadata-directive',
  'x-amz-tagging',
  'x-amz-object-lock-mode',
  'x-amz-object-lock-retain-until-date',
  'x-amz-bypass-governance-retention',
  'x-amz-meta-fuzz',
  'x-amz-decoded-content-length',
  'x-amz-storage-class',
  'transfer-encoding',
  'expect',
  'x-amz-date',
);

const headerValue = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, '')),
  fc.constantFrom(
    'bytes=0-',
    'bytes=-1',
    'bytes=5-2',
    'bytes=0-0,2-3',
    '*',
    '"etag"',
    'fuzz/..%2f..%2fetc%2fpasswd',
    `/fuzz/${ESCAPE}?versionId=null`,
    'REPLACE',
    'COPY',
    'k=v&k2=%zz',
    '-1',
    '18446744073709551616',
    'chunked',
    '100-continue',
    'STANDARD',
    'REDUCED_REDUNDANCY',
    'GOVERNANCE',
    '2099-01-01T00:00:00Z',
  ),
);

const structured: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'PUT', 'POST', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'FUZZ'),
    bucket,
    key: keyPath,
    sub: subresource,
    headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 5 }),
    body,
    sign: fc.boolean(),
    chunked: fc.option(fc.array(fc.integer({ min: 0, max: 700 }), { minLength: 1, maxLength: 4 }), {
      freq: 4,
    }),
  })
  .map((r) => ({
    method: r.method,
    target: `/${r.bucket}${r.key ? `/${r.key}` : ''}${r.sub ? `?${r.sub}` : ''}`,
    headers: r.headers.filter(([n]) => n !== 'content-length' && n !== 'transfer-encoding'),
    body: r.body,
    sign: r.sign,
    chunked: r.chunked ?? undefined,
  }));

const rawRequest: fc.Arbitrary<FuzzRequest> = fc
  .oneof(
    fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
    fc
      .tuple(
        fc.constantFrom('GET', 'PUT', 'G\0T', ''),
        fc.string({ maxLength: 60 }),
        fc.string({ maxLength: 80 }),
      )
      .map(([m, t, h]) => Buffer.from(`${m} ${t} HTTP/1.1\r\nHost: x\r\n${h}\r\n\r\n`)),
    fc.constant(
      Buffer.from(
        'PUT /fuzz/k HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      ),
    ),
    fc.constant(Buffer.from('PUT /fuzz/k HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n')),
  )
  .map((raw) => ({ raw, method: '', target: '', headers: [], body: Buffer.alloc(0), sign: false }));

export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 9, arbitrary: structured },
  { weight: 1, arbitrary: rawRequest },
);
