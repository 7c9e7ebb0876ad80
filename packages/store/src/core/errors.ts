/**
 * One table of S3 error codes. Every layer of the store throws `S3Error`; the HTTP layer renders it as
 * S3's XML error document (or MinIO's JSON form on admin routes). Never map errors by comparing messages.
 */
export const S3ErrorCodes = {
  AccessDenied: { status: 403, message: 'Access Denied.' },
  BadDigest: { status: 400, message: 'The Content-Md5 you specified did not match what we received.' },
  BucketAlreadyExists: {
    status: 409,
    message: 'The requested bucket name is not available. Select a different name and try again.',
  },
  BucketAlreadyOwnedByYou: {
    status: 409,
    message: 'Your previous request to create the named bucket succeeded and you already own it.',
  },
  BucketNotEmpty: { status: 409, message: 'The bucket you tried to delete is not empty' },
  EntityTooLarge: { status: 400, message: 'Your proposed upload exceeds the maximum allowed object size.' },
  EntityTooSmall: {
    status: 400,
    message: 'Your proposed upload is smaller than the minimum allowed object size.',
  },
  IncompleteBody: {
    status: 400,
    message: 'You did not provide the number of bytes specified by the Content-Length HTTP header.',
  },
  InternalError: { status: 500, message: 'We encountered an internal error, please try again.' },
  InvalidAccessKeyId: {
    status: 403,
    message: 'The Access Key Id you provided does not exist in our records.',
  },
  InvalidArgument: { status: 400, message: 'Invalid Argument' },
  InvalidBucketName: { status: 400, message: 'The specified bucket is not valid.' },
  InvalidDigest: { status: 400, message: 'The Content-Md5 you specified is not valid.' },
  InvalidObjectName: { status: 400, message: 'Object name contains unsupported characters.' },
  InvalidPart: {
    status: 400,
    message:
      "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
  },
  InvalidPartOrder: {
    status: 400,
    message:
      'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
  },
  InvalidRange: { status: 416, message: 'The requested range is not satisfiable' },
  InvalidRequest: { status: 400, message: 'Invalid Request' },
  InvalidRetentionDate: { status: 400, message: 'Date must be provided in ISO 8601 format' },
  InvalidStorageClass: { status: 400, message: 'Invalid storage class.' },
  KeyTooLongError: { status: 400, message: 'Your key is too long' },
  MalformedPolicy: { status: 400, message: 'Policy has invalid resource.' },
  MalformedXML: {
    status: 400,
    message: 'The XML you provided was not well-formed or did not validate against our published schema.',
  },
  MethodNotAllowed: { status: 405, message: 'The specified method is not allowed against this resource.' },
  MissingContentLength: { status: 411, message: 'You must provide the Content-Length HTTP header.' },
  MissingSecurityHeader: { status: 400, message: 'Your request was missing a required header' },
  NoSuchBucket: { status: 404, message: 'The specified bucket does not exist' },
  NoSuchBucketPolicy: { status: 404, message: 'The bucket policy does not exist' },
  NoSuchKey: { status: 404, message: 'The specified key does not exist.' },
  NoSuchTagSet: { status: 404, message: 'The TagSet does not exist' },
  NoSuchUpload: {
    status: 404,
    message:
      'The specified multipart upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  },
  NoSuchVersion: { status: 404, message: 'The specified version does not exist.' },
  NoSuchObjectLockConfiguration: {
    status: 404,
    message: 'The specified object does not have a ObjectLock configuration',
  },
  NotImplemented: {
    status: 501,
    message: 'A header you provided implies functionality that is not implemented',
  },
  ObjectLockConfigurationNotFoundError: {
    status: 404,
    message: 'Object Lock configuration does not exist for this bucket',
  },
  PreconditionFailed: {
    status: 412,
    message: 'At least one of the pre-conditions you specified did not hold',
  },
  NotModified: { status: 304, message: 'Not Modified' },
  RequestTimeTooSkewed: {
    status: 403,
    message: "The difference between the request time and the server's time is too large.",
  },
  SignatureDoesNotMatch: {
    status: 403,
    message:
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  },
  SlowDown: { status: 503, message: 'Please reduce your request' },
  XAmzContentSHA256Mismatch: {
    status: 400,
    message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
  },
  XMinioStorageFull: {
    status: 507,
    message:
      'Storage backend has reached its minimum free drive threshold. Please delete a few objects to proceed.',
  },
  XMinioAdminBucketQuotaExceeded: { status: 400, message: 'Bucket quota exceeded' },
  ServiceUnavailable: { status: 503, message: 'The service is unavailable. Please retry.' },
  XMinioServerNotInitialized: { status: 503, message: 'Server not initialized, please try again.' },
  InsufficientReadQuorum: {
    status: 503,
    message: 'Storage resources are insufficient for the read operation.',
  },
  InsufficientWriteQuorum: {
    status: 503,
    message: 'Storage resources are insufficient for the write operation.',
  },
  // Authentication (SigV4) failures beyond the basic ones above.
  AuthorizationHeaderMalformed: {
    status: 400,
    message: 'The authorization header is malformed; the Credential is mal-formed.',
  },
  AuthorizationQueryParametersError: {
    status: 400,
    message: 'Error parsing the X-Amz-Credential parameter; the Credential is mal-formed.',
  },
  InvalidTokenId: { status: 403, message: 'The security token included in the request is invalid' },
  ExpiredToken: { status: 400, message: 'The provided token has expired.' },
  MissingFields: { status: 400, message: 'Missing fields in request.' },
  MalformedDate: {
    status: 400,
    message: 'Invalid date format header, expected to be in ISO8601, RFC1123 or RFC1123Z time format.',
  },
  UnsupportedSignature: {
    status: 400,
    message: 'The request signature version is not supported; use AWS Signature Version 4.',
  },
  MissingRequestBodyError: { status: 400, message: 'Request body is empty.' },
  // Request validation.
  InvalidTag: { status: 400, message: 'The TagValue you have provided is invalid' },
  MetadataTooLarge: {
    status: 400,
    message: 'Your metadata headers exceed the maximum allowed metadata size.',
  },
  InvalidBucketState: {
    status: 409,
    message: 'The request is not valid with the current state of the bucket.',
  },
  InvalidLocationConstraint: { status: 400, message: 'The specified location constraint is not valid.' },
  IllegalVersioningConfigurationException: {
    status: 400,
    message: 'The versioning configuration specified in the request is invalid.',
  },
  InvalidPartNumber: { status: 416, message: 'The requested partnumber is not satisfiable' },
  InvalidEncodingMethod: { status: 400, message: 'Invalid Encoding Method specified in Request' },
  InvalidMaxKeys: { status: 400, message: 'Argument maxKeys must be an integer between 0 and 2147483647' },
  XMinioInvalidObjectName: { status: 400, message: 'Object name contains unsupported characters.' },
  ServerSideEncryptionConfigurationNotFoundError: {
    status: 404,
    message: 'The server side encryption configuration was not found',
  },
  PolicyTooLarge: { status: 400, message: 'Policy exceeds the maximum allowed document size.' },
  // Admin API (PROTOCOL-NOTES §1).
  XMinioAdminNoSuchUser: { status: 404, message: 'The specified user does not exist.' },
  XMinioAdminNoSuchGroup: { status: 404, message: 'The specified group does not exist.' },
  XMinioAdminNoSuchPolicy: { status: 404, message: 'The canned policy does not exist.' },
  XMinioAdminNoSuchQuotaConfiguration: { status: 404, message: 'The quota configuration does not exist' },
  XMinioAdminGroupNotEmpty: { status: 400, message: 'The specified group is not empty - cannot remove it.' },
  XMinioAdminInvalidArgument: { status: 400, message: 'Invalid arguments specified.' },
  XMinioAdminConfigBadJSON: { status: 400, message: 'JSON configuration provided is of incorrect format' },
  XMinioAdminPolicyInUse: {
    status: 400,
    message: 'The policy cannot be removed, as it is in use',
  },
  XMinioAdminConfigTooLarge: {
    status: 400,
    message: 'Configuration data provided exceeds the allowed maximum',
  },
  XMinioMalformedIAMPolicy: { status: 400, message: 'The IAM policy provided is malformed.' },
  XMinioInvalidResource: { status: 400, message: 'Invalid resource.' },
  XMinioInvalidIAMCredentials: { status: 403, message: 'The credentials are not valid.' },
  XMinioIAMActionNotAllowed: { status: 403, message: 'Specified IAM action is not allowed' },
  XMinioAdminVersionMismatch: { status: 426, message: "This 'admin' API is not supported by this server" },
  // STS (PROTOCOL-NOTES §3).
  InvalidParameterValue: {
    status: 400,
    message: 'An invalid or out-of-range value was supplied for the input parameter.',
  },
  MissingParameter: {
    status: 400,
    message: 'A required parameter for the specified action is not supplied.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type S3ErrorCode = keyof typeof S3ErrorCodes;

/** An S3-level failure with its wire code; `message` defaults to the table's text. */
export class S3Error extends Error {
  readonly code: S3ErrorCode;
  readonly status: number;
  /** Extra elements of the XML error document (BucketName, Key, …). */
  readonly extra: Record<string, string>;
  /** Extra response headers (x-amz-delete-marker on NoSuchKey, Content-Range on InvalidRange, …). */
  readonly headers: Record<string, string> = {};

  /** `status` overrides the table's status where one code has several (XMinioInvalidIAMCredentials). */
  constructor(code: S3ErrorCode, message?: string, extra: Record<string, string> = {}, status?: number) {
    super(message ?? S3ErrorCodes[code].message);
    this.name = 'S3Error';
    this.code = code;
    this.status = status ?? S3ErrorCodes[code].status;
    this.extra = extra;
  }
}

/** Factory: `s3Error('NoSuchBucket', { BucketName: b })`. */
export function s3Error(code: S3ErrorCode, extra: Record<string, string> = {}, message?: string): S3Error {
  return new S3Error(code, message, extra);
}

/** Adds response headers to an error and returns it (for `throw withHeaders(err, {...})`). */
export function withHeaders(err: S3Error, headers: Record<string, string>): S3Error {
  Object.assign(err.headers, headers);
  return err;
}

export function isS3Error(err: unknown, code?: S3ErrorCode): err is S3Error {
  return err instanceof S3Error && (code === undefined || err.code === code);
}
