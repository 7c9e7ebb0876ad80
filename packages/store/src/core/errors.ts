// SPDX-License-Identifier: Apache-2.0
/**
 * One table of wire error codes (S3, MinIO admin, STS). Every layer of the store throws `S3Error`; the
 * HTTP edge renders it as S3's XML error document (or MinIO's JSON form on admin routes, STS's XML on
 * STS). Never map errors by comparing messages.
 */

/** Each code's default message, grouped by the HTTP status it answers with. */
const CODES_BY_STATUS = {
  304: {
    NotModified: 'Not Modified',
  },
  400: {
    BadRequest: 'Bad Request',
    AccessControlListNotSupported: 'The bucket does not allow ACLs',
    InvalidBucketAclWithObjectOwnership:
      "Bucket cannot have ACLs set with ObjectOwnership's BucketOwnerEnforced setting",
    MalformedACLError:
      'The XML you provided was not well-formed or did not validate against our published schema.',
    UnexpectedContent: 'This request does not support content',
    BadDigest: 'The Content-Md5 you specified did not match what we received.',
    EntityTooLarge: 'Your proposed upload exceeds the maximum allowed object size.',
    EntityTooSmall: 'Your proposed upload is smaller than the minimum allowed object size.',
    IncompleteBody: 'You did not provide the number of bytes specified by the Content-Length HTTP header.',
    InvalidArgument: 'Invalid Argument',
    InvalidBucketName: 'The specified bucket is not valid.',
    InvalidDigest: 'The Content-Md5 you specified is not valid.',
    InvalidObjectName: 'Object name contains unsupported characters.',
    InvalidPart:
      "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
    MalformedPOSTRequest: 'The body of your POST request is not well-formed multipart/form-data.',
    MaxPostPreDataLengthExceededError: 'Your POST request fields preceding the upload file were too large.',
    InvalidPolicyDocument:
      'The content of the form does not meet the conditions specified in the policy document.',
    InvalidPartOrder:
      'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
    InvalidRequest: 'Invalid Request',
    InvalidRetentionPeriod: 'Default retention period must be a positive integer value.',
    InvalidRetentionDate: 'Date must be provided in ISO 8601 format',
    InvalidStorageClass: 'Invalid storage class.',
    KeyTooLongError: 'Your key is too long',
    MalformedPolicy: 'Policy has invalid resource.',
    MalformedXML:
      'The XML you provided was not well-formed or did not validate against our published schema.',
    MissingSecurityHeader: 'Your request was missing a required header',
    XAmzContentSHA256Mismatch: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    XMinioAdminBucketQuotaExceeded: 'Bucket quota exceeded',
    // Admin heal (MinIO's api-errors.go).
    XMinioHealNotImplemented: 'This server does not implement heal functionality.',
    XMinioHealNoSuchProcess: 'No such heal process is running on the server',
    XMinioHealInvalidClientToken: 'Client token mismatch',
    XMinioHealMissingBucket:
      'A heal start request with a non-empty object-prefix parameter requires a bucket to be specified.',
    XMinioHealAlreadyRunning: 'A heal sequence is already running on the path',
    // SigV4 authentication.
    AuthorizationHeaderMalformed: 'The authorization header is malformed; the Credential is mal-formed.',
    AuthorizationQueryParametersError:
      'Error parsing the X-Amz-Credential parameter; the Credential is mal-formed.',
    ExpiredToken: 'The provided token has expired.',
    MissingFields: 'Missing fields in request.',
    MalformedDate: 'Invalid date format header, expected to be in ISO8601, RFC1123 or RFC1123Z time format.',
    UnsupportedSignature: 'The request signature version is not supported; use AWS Signature Version 4.',
    MissingRequestBodyError: 'Request body is empty.',
    // Request validation.
    InvalidTag: 'The TagValue you have provided is invalid',
    MetadataTooLarge: 'Your metadata headers exceed the maximum allowed metadata size.',
    InvalidLocationConstraint: 'The specified location constraint is not valid.',
    IllegalVersioningConfigurationException:
      'The versioning configuration specified in the request is invalid.',
    InvalidEncodingMethod: 'Invalid Encoding Method specified in Request',
    InvalidMaxKeys: 'Argument maxKeys must be an integer between 0 and 2147483647',
    XMinioInvalidObjectName: 'Object name contains unsupported characters.',
    PolicyTooLarge: 'Policy exceeds the maximum allowed document size.',
    // Admin API (PROTOCOL-NOTES §1).
    XMinioAdminGroupNotEmpty: 'The specified group is not empty - cannot remove it.',
    XMinioAdminInvalidArgument: 'Invalid arguments specified.',
    XMinioDecommissionNotAllowed: 'Decommission is not allowed for this pool.',
    XMinioAdminTierNameNotUpperCase: 'Tier name must be in uppercase',
    XMinioAdminTierBucketNotFound: 'Remote tier bucket not found',
    XMinioAdminTierInvalidCredentials: 'Invalid remote tier credentials',
    XMinioAdminTierInvalidConfig: 'Unable to setup remote tier, check tier configuration',
    XMinioAdminConfigBadJSON: 'JSON configuration provided is of incorrect format',
    XMinioAdminPolicyInUse: 'The policy cannot be removed, as it is in use',
    XMinioAdminConfigTooLarge: 'Configuration data provided exceeds the allowed maximum',
    XMinioAdminProfilerNotEnabled:
      'Unable to perform the requested operation because profiling is not enabled',
    XMinioMalformedIAMPolicy: 'The IAM policy provided is malformed.',
    XMinioInvalidResource: 'Invalid resource.',
    // Configuration (config/): a bad key, value or target, an unsupported set, a missing config target.
    XMinioConfigError: 'The configuration is not valid.',
    XMinioAdminNoSuchConfigTarget: 'No such named configuration target exists',
    // Identity provider configurations (admin idp-config, MinIO's api-errors.go).
    XMinioAdminConfigInvalidIDPType: "Invalid IDP configuration type - must be one of 'openid', 'ldap'",
    XMinioAdminConfigLDAPNonDefaultConfigName:
      'Only a single LDAP configuration is supported - name must be empty or `_`',
    XMinioAdminConfigIDPCfgNameAlreadyExists: 'An IDP configuration with the given name already exists',
    XMinioAdminConfigIDPCfgNameDoesNotExist: 'No such IDP configuration exists',
    XMinioAdminConfigEnvOverridden:
      'Unable to update config via Admin API due to environment variable override',
    // Bucket replication (MinIO's codes).
    XMinioReplicationSourceNotVersionedError: 'Replication source does not have versioning enabled',
    XMinioAdminRemoteTargetNotVersionedError: 'Remote target does not have versioning enabled',
    XMinioAdminRemoteIdenticalToSource: 'The remote target cannot be identical to source',
    XMinioAdminBucketRemoteAlreadyExists: 'The remote target already exists',
    XMinioAdminRemoteRemoveDisallowed: 'This ARN is in use by an existing configuration',
    XMinioAdminReplicationRemoteConnectionError: 'Remote service connection error',
    XMinioAdminRemoteArnInvalid: 'The bucket remote ARN does not have correct format',
    // Site replication (minio cmd/api-errors.go); the message names the cause.
    XMinioSiteReplicationInvalidRequest: 'Invalid site-replication request',
    XMinioSiteReplicationPeerResp: 'Error received when contacting a peer site',
    // STS (PROTOCOL-NOTES §3).
    InvalidParameterValue: 'An invalid or out-of-range value was supplied for the input parameter.',
    MissingParameter: 'A required parameter for the specified action is not supplied.',
    // Server-side encryption (s3/sse/, kms/).
    InvalidEncryptionAlgorithmError:
      'The encryption request you specified is not valid. The valid value is AES256.',
    'KMS.NotFoundException': 'Invalid keyId',
    XMinioKMSKeyExists: 'A KMS key with this name exists already.',
    // STS with an external identity provider (MinIO cmd/sts-errors.go).
    InvalidIdentityToken:
      'The web identity token that was passed could not be validated. Please verify it and try again.',
    IDPCommunicationError:
      'The request could not be fulfilled because the identity provider could not be reached.',
    // STS AssumeRoleWithCertificate (MinIO cmd/sts-errors.go).
    InsecureConnection: 'The request was made over a plain HTTP connection. A TLS connection is required.',
    InvalidClientCertificate:
      'The provided client certificate is invalid. Retry with a different certificate.',
  },
  403: {
    AccessDenied: 'Access Denied.',
    AccessForbidden: 'CORSResponse: This CORS request is not allowed.',
    InvalidAccessKeyId: 'The Access Key Id you provided does not exist in our records.',
    RequestTimeTooSkewed: "The difference between the request time and the server's time is too large.",
    SignatureDoesNotMatch:
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    // SigV4 authentication.
    InvalidTokenId: 'The security token included in the request is invalid',
    // Admin API (PROTOCOL-NOTES §1).
    XMinioInvalidIAMCredentials: 'The credentials are not valid.',
    XMinioIAMActionNotAllowed: 'Specified IAM action is not allowed',
    XMinioAdminTierMissingCredentials: 'Specified remote credentials are empty',
    InvalidObjectState: 'The operation is not valid for the current state of the object.',
  },
  404: {
    NoSuchBucket: 'The specified bucket does not exist',
    NoSuchCORSConfiguration: 'The CORS configuration does not exist',
    NoSuchPublicAccessBlockConfiguration: 'The public access block configuration was not found',
    OwnershipControlsNotFoundError: 'The bucket ownership controls were not found',
    NoSuchBucketPolicy: 'The bucket policy does not exist',
    NoSuchKey: 'The specified key does not exist.',
    NoSuchTagSet: 'The TagSet does not exist',
    NoSuchLifecycleConfiguration: 'The lifecycle configuration does not exist',
    NoSuchUpload:
      'The specified multipart upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
    NoSuchVersion: 'The specified version does not exist.',
    NoSuchObjectLockConfiguration: 'The specified object does not have a ObjectLock configuration',
    ObjectLockConfigurationNotFoundError: 'Object Lock configuration does not exist for this bucket',
    // Request validation.
    ServerSideEncryptionConfigurationNotFoundError: 'The server side encryption configuration was not found',
    // Admin API (PROTOCOL-NOTES §1).
    XMinioAdminNoSuchUser: 'The specified user does not exist.',
    XMinioAdminNoSuchGroup: 'The specified group does not exist.',
    XMinioAdminNoSuchPolicy: 'The canned policy does not exist.',
    XMinioAdminNoSuchQuotaConfiguration: 'The quota configuration does not exist',
    // Bucket replication (MinIO's codes).
    ReplicationConfigurationNotFoundError: 'The replication configuration was not found',
    XMinioAdminRemoteTargetNotFoundError: 'The remote target does not exist',
    XMinioAdminRemoteDestinationNotFoundError: 'The remote destination bucket does not exist',
    XMinioAdminTierNotFound: 'Specified remote tier was not found',
  },
  405: {
    MethodNotAllowed: 'The specified method is not allowed against this resource.',
  },
  409: {
    BucketAlreadyExists: 'The requested bucket name is not available. Select a different name and try again.',
    BucketAlreadyOwnedByYou:
      'Your previous request to create the named bucket succeeded and you already own it.',
    BucketNotEmpty: 'The bucket you tried to delete is not empty',
    ConditionalRequestConflict:
      'A conflicting operation occurred. If using PutObject you can retry the request. If using multipart upload you should initiate another CreateMultipartUpload request and re-upload each part.',
    XMinioAdminTierAlreadyExists: 'Specified remote tier already exists',
    XMinioAdminTierInUse: 'The remote tier is in use: lifecycle rules or transitioned objects refer to it',
    // Request validation.
    InvalidBucketState: 'The request is not valid with the current state of the bucket.',
  },
  411: {
    MissingContentLength: 'You must provide the Content-Length HTTP header.',
  },
  412: {
    PreconditionFailed: 'At least one of the pre-conditions you specified did not hold',
  },
  416: {
    InvalidRange: 'The requested range is not satisfiable',
    // Request validation.
    InvalidPartNumber: 'The requested partnumber is not satisfiable',
  },
  426: {
    // Admin API (PROTOCOL-NOTES §1).
    XMinioAdminVersionMismatch: "This 'admin' API is not supported by this server",
  },
  500: {
    InternalError: 'We encountered an internal error, please try again.',
  },
  501: {
    NotImplemented: 'A header you provided implies functionality that is not implemented',
  },
  503: {
    SlowDown: 'Please reduce your request',
    ServiceUnavailable: 'The service is unavailable. Please retry.',
    XMinioServerNotInitialized: 'Server not initialized, please try again.',
    // STS with a disabled identity plugin (MinIO cmd/sts-errors.go).
    STSNotInitialized: 'STS API not initialized, please try again.',
    InsufficientReadQuorum: 'Storage resources are insufficient for the read operation.',
    InsufficientWriteQuorum: 'Storage resources are insufficient for the write operation.',
    XMinioSiteReplicationBackendIssue: 'Error when requesting object layer backend',
    XMinioSiteReplicationServiceAccountError: 'Site replication related service account error',
    XMinioSiteReplicationBucketConfigError: 'Error while configuring replication on a bucket',
    XMinioSiteReplicationBucketMetaError: 'Error while replicating bucket metadata',
    XMinioSiteReplicationIAMError: 'Error while replicating an IAM item',
  },
  507: {
    XMinioSpeedtestInsufficientCapacity: 'Not enough usable space available to perform the speedtest.',
    XMinioStorageFull:
      'Storage backend has reached its minimum free drive threshold. Please delete a few objects to proceed.',
  },
} as const;

type CodesByStatus = typeof CODES_BY_STATUS;

/** A wire error code the store may answer with. */
export type S3ErrorCode = { [S in keyof CodesByStatus]: keyof CodesByStatus[S] }[keyof CodesByStatus];

/** Each code's HTTP status and default message. */
export const S3ErrorCodes: Readonly<Record<S3ErrorCode, { status: number; message: string }>> =
  Object.fromEntries(
    Object.entries(CODES_BY_STATUS).flatMap(([status, codes]) =>
      Object.entries(codes).map(([code, message]) => [code, { status: Number(status), message }]),
    ),
  ) as Record<S3ErrorCode, { status: number; message: string }>;

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
