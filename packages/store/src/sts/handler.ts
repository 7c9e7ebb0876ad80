// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../core/context.js';
import { isS3Error } from '../core/errors.js';
import type { AuthenticatedRequest, HandlerResponse } from '../core/request.js';
import { newRequestId } from '../core/request-id.js';
import { STS_ACTIONS } from './registry.js';
import { STS_ERROR_STATUS, STS_VERSION, stsErrorResponse, stsSuccessXml } from './xml.js';

const XML = 'application/xml';

function stsError(code: string, message: string, requestId: string, status?: number): HandlerResponse {
  return stsErrorResponse(code, message, requestId, status);
}

/** Form parameters from the body (application/x-www-form-urlencoded), falling back to the query. */
function stsParams(req: AuthenticatedRequest): URLSearchParams {
  const params = new URLSearchParams(req.query);
  if (req.body.length > 0) {
    for (const [k, v] of new URLSearchParams(req.body.toString('utf8'))) params.set(k, v);
  }
  return params;
}

/**
 * `POST /` with `Action=…&Version=2011-06-15`: dispatches to the registered STS action and renders
 * the STS XML response or error document.
 */
export async function handleStsRequest(
  req: AuthenticatedRequest,
  ctx: StoreContext,
): Promise<HandlerResponse> {
  const requestId = newRequestId();
  const params = stsParams(req);
  const actionName = params.get('Action') ?? '';
  if (actionName === '') return stsError('MissingParameter', 'Action is missing', requestId);
  const action = STS_ACTIONS[actionName];
  if (!action) return stsError('InvalidParameterValue', `Unsupported STS action '${actionName}'`, requestId);
  const version = params.get('Version');
  if (version !== STS_VERSION) {
    return stsError(
      'MissingParameter',
      `Invalid STS API version '${version ?? ''}' (expected ${STS_VERSION})`,
      requestId,
    );
  }
  if (action.requiresSignature && req.identity.kind === 'anonymous') {
    return stsError('AccessDenied', `${actionName} requires a signed request`, requestId);
  }
  try {
    const result = await action.handle(params, req, ctx);
    return {
      status: 200,
      headers: { 'content-type': XML, 'x-amz-request-id': requestId },
      body: stsSuccessXml(result, requestId),
    };
  } catch (err) {
    if (isS3Error(err)) {
      const code = err.code in STS_ERROR_STATUS ? err.code : err.status >= 500 ? 'InternalError' : err.code;
      return stsError(code, err.message, requestId, err.status);
    }
    return stsError('InternalError', 'We encountered an internal error, please try again.', requestId, 500);
  }
}
