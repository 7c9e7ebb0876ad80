// SPDX-License-Identifier: Apache-2.0
import os from 'node:os';
import { apiPaths, type NodeLabels, nodeLabelsSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { operatorErrors } from './operator-route.js';

/** GET /api/v1/nodes/labels (spec 3 §7, Pod Placement): this machine is the one node. */
export function registerGetNodeLabels(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.nodeLabels,
    {
      schema: {
        tags: ['operator'],
        summary: 'Labels of the nodes',
        response: { 200: nodeLabelsSchema, ...operatorErrors },
      },
    },
    async (): Promise<NodeLabels> => ({
      'kubernetes.io/hostname': [os.hostname()],
      'kubernetes.io/os': [os.platform()],
      'kubernetes.io/arch': [os.arch() === 'x64' ? 'amd64' : os.arch()],
    }),
  );
}
