# SPDX-License-Identifier: Apache-2.0
"""Bucket policies naming signed users, as Debian's boto3 meets them; prints what it saw as JSON.

Usage: boto3_bucket_policy_users.py ENDPOINT ALICE_SECRET BOB_SECRET (users alice and bob exist)
"""
import json
import sys

from boto3_common import client, code_of

endpoint, alice_secret, bob_secret = sys.argv[1:4]
alice = client(endpoint, "alice", alice_secret)
bob = client(endpoint, "bob", bob_secret)
bucket = "alice-boto-shared"
out = {}
alice.create_bucket(Bucket=bucket)
alice.put_object(Bucket=bucket, Key="shared.txt", Body=b"shared")
out["bob_before"] = code_of(lambda: bob.get_object(Bucket=bucket, Key="shared.txt"))
policy = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Principal": {"AWS": ["arn:aws:iam:::user/bob"]},
            "Action": ["s3:GetObject"],
            "Resource": [f"arn:aws:s3:::{bucket}/*"],
        },
        {
            "Effect": "Deny",
            "Principal": {"AWS": "arn:aws:iam:::user/alice"},
            "Action": "s3:DeleteObject",
            "Resource": f"arn:aws:s3:::{bucket}/*",
        },
    ],
}
alice.put_bucket_policy(Bucket=bucket, Policy=json.dumps(policy))
out["bob_after"] = bob.get_object(Bucket=bucket, Key="shared.txt")["Body"].read().decode()
out["alice_denied_delete"] = code_of(lambda: alice.delete_object(Bucket=bucket, Key="shared.txt"))
out["bob_put"] = code_of(lambda: bob.put_object(Bucket=bucket, Key="x", Body=b"x"))
print(json.dumps(out))
