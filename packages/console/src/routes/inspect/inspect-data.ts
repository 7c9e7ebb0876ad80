// SPDX-License-Identifier: Apache-2.0
import { pipeline } from 'node:stream';
import { crc32 } from 'node:zlib';
import { apiErrorSchema, apiPaths, inspectKeyHeader, inspectQuerySchema } from '@stowage/contracts';
import { sioDecryptStream } from '@stowage/madmin';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../objects/download-object.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/** The key's short id (CRC-32 of the key, little-endian), as the community console names the file. */
function keyId(key: Buffer): string {
  const id = Buffer.alloc(4);
  id.writeUInt32LE(crc32(key));
  return id.toString('hex');
}

/**
 * GET /api/v1/admin/inspect?volume=&file=&encrypt= (Tools → Inspect, as the community console's): the
 * server's `inspect-data` with the user's credentials (admin:InspectData). The server seals its zip with
 * a key made for this answer; without `encrypt` the console opens it and sends `inspect.<id>.zip`; with
 * it the sealed `inspect.<id>.enc` goes out as it came and the key (id and key, hex) rides in the
 * `x-inspect-key` header of this one answer — the console keeps it nowhere. A path that matches nothing
 * is the server's NoSuchKey (404).
 */
export function registerInspectData(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.inspect,
    {
      schema: {
        tags: ['support'],
        summary: 'Download the raw files of objects on every drive (shards and metadata) as a zip',
        querystring: inspectQuerySchema,
        produces: ['application/zip', 'application/octet-stream'],
        response: {
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          501: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, typedReply) => {
      // The answer is a byte stream, not one of the schema's JSON bodies.
      const reply = typedReply as unknown as FastifyReply;
      const { volume, file, encrypt } = request.query;
      const { key, data } = await request.session.admin.inspect({ volume, file });
      const id = keyId(key);
      reply.header('cache-control', 'no-store');
      if (encrypt === 'true') {
        reply.header(inspectKeyHeader, `${id}${key.toString('hex')}`);
        reply.header('content-type', 'application/octet-stream');
        reply.header('content-disposition', contentDisposition('attachment', `inspect.${id}.enc`));
        return reply.send(data);
      }
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', contentDisposition('attachment', `inspect.${id}.zip`));
      // pipeline: a browser that goes away ends the server's answer too; a sealed zip that does not
      // open (cut off, changed) fails the download instead of handing out a broken file.
      return reply.send(pipeline(data, sioDecryptStream(key), () => undefined));
    },
  );
}
