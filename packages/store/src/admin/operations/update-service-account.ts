import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';

interface UpdateServiceAccountReq {
  newPolicy?: unknown;
  newSecretKey?: unknown;
  newStatus?: unknown;
  newComment?: unknown;
}

/**
 * Admin API: UpdateServiceAccount — `POST /update-service-account?accessKey=` **E** `{newPolicy?,
 * newSecretKey?, newStatus?, newComment?}` → 204. The owner may update their own keys; others need
 * admin:UpdateServiceAccount.
 */
export const updateServiceAccount: AdminOperation = async (call) => {
  const accessKey = call.param('accessKey');
  const sa = call.ctx.iam.getServiceAccount(accessKey);
  if (!call.allowed('admin:UpdateServiceAccount') && call.requestorUser !== sa.parentUser) {
    throw new S3Error('AccessDenied');
  }
  const body = await call.decryptedJson<UpdateServiceAccountReq>();
  const str = (v: unknown, name: string): string | undefined => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string') throw new S3Error('XMinioAdminInvalidArgument', `${name} must be a string`);
    return v;
  };
  const newSecretKey = str(body.newSecretKey, 'newSecretKey');
  const newStatus = str(body.newStatus, 'newStatus');
  const newComment = typeof body.newComment === 'string' ? body.newComment : undefined;
  let policy: string | undefined;
  if (body.newPolicy !== undefined && body.newPolicy !== null && body.newPolicy !== '') {
    policy = typeof body.newPolicy === 'string' ? body.newPolicy : JSON.stringify(body.newPolicy);
  }
  if (newStatus !== undefined && newStatus !== 'on' && newStatus !== 'off') {
    throw new S3Error(
      'XMinioAdminInvalidArgument',
      `invalid service account status '${newStatus}' (on or off)`,
    );
  }
  await call.ctx.iam.updateServiceAccount(accessKey, {
    ...(newSecretKey !== undefined ? { secretKey: newSecretKey } : {}),
    ...(newStatus !== undefined ? { status: newStatus as 'on' | 'off' } : {}),
    ...(newComment !== undefined && newComment !== '' ? { comment: newComment } : {}),
    ...(policy !== undefined ? { policy } : {}),
  });
  return call.noContent();
};
