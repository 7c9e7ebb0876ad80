# SPDX-License-Identifier: Apache-2.0
"""What the boto3 scripts share: a path-style client without retries, and the S3 error of a call."""
import boto3
from botocore.config import Config
from botocore.exceptions import ClientError


def client(endpoint, access_key, secret_key, **config):
    """`config`: further botocore Config settings (signature_version="s3" for SigV2)."""
    return boto3.client(
        "s3",
        endpoint_url=endpoint,
        aws_access_key_id=access_key,
        aws_secret_access_key=secret_key,
        region_name="us-east-1",
        config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 1}, **config),
    )


def code_of(fn):
    """[code, HTTP status] of the S3 error the call raised, or None when it succeeded."""
    try:
        fn()
    except ClientError as e:
        return [e.response["Error"]["Code"], e.response["ResponseMetadata"]["HTTPStatusCode"]]
    return None
