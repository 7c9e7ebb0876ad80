# SPDX-License-Identifier: Apache-2.0
"""Issue 37's Object Ownership default and canned ACLs as Debian's boto3 meets them; prints JSON.

Usage: boto3_ownership.py ENDPOINT ALICE_SECRET BOB_SECRET (users alice and bob exist)
"""
import json
import sys
import urllib.error
import urllib.request

from boto3_common import client, code_of

endpoint, alice_secret, bob_secret = sys.argv[1:4]
alice = client(endpoint, "alice", alice_secret)
bob = client(endpoint, "bob", bob_secret)
bucket = "alice-boto-acl"
out = {}
alice.create_bucket(Bucket=bucket)
out["ownership"] = alice.get_bucket_ownership_controls(Bucket=bucket)["OwnershipControls"]["Rules"][0][
    "ObjectOwnership"
]


def anonymous_reads(key):
    try:
        with urllib.request.urlopen(f"{endpoint}/{bucket}/{key}") as r:
            return r.status == 200
    except urllib.error.HTTPError:
        return False


out["reads"] = {}
for acl in ["private", "public-read", "authenticated-read"]:
    alice.put_object(Bucket=bucket, Key=acl, Body=acl.encode(), ACL=acl)
    out["reads"][acl] = [code_of(lambda: bob.get_object(Bucket=bucket, Key=acl)) is None, anonymous_reads(acl)]
print(json.dumps(out))
