# SPDX-License-Identifier: Apache-2.0
"""Drives Debian's boto3 as root, alice and bob against a store and prints what it observed as JSON
(owners, BucketAlreadyExists vs BucketAlreadyOwnedByYou, object ACLs, anonymous reads,
PublicAccessBlock, s3:ExistingObjectTag in bob's policy, the default CRC64NVME checksum).

Usage: boto3_owners.py ENDPOINT ROOT_KEY ROOT_SECRET ALICE_SECRET BOB_SECRET
"""
import json
import sys
import urllib.error
import urllib.request

from boto3_common import client, code_of

endpoint, root_key, root_secret, alice_secret, bob_secret = sys.argv[1:6]
root = client(endpoint, root_key, root_secret)
alice = client(endpoint, "alice", alice_secret)
bob = client(endpoint, "bob", bob_secret)
out = {}


def anon_get(key):
    try:
        with urllib.request.urlopen(f"{endpoint}/alice-boto/{key}") as r:
            return [r.status, r.read().decode()]
    except urllib.error.HTTPError as e:
        return [e.code, None]


out["owners"] = {name: c.list_buckets()["Owner"] for name, c in (("root", root), ("alice", alice), ("bob", bob))}
bob_id = out["owners"]["bob"]["ID"]

alice.create_bucket(Bucket="alice-boto", ObjectOwnership="ObjectWriter")
out["again_by_owner"] = code_of(lambda: alice.create_bucket(Bucket="alice-boto"))
out["again_by_other"] = code_of(lambda: bob.create_bucket(Bucket="alice-boto"))
out["bucket_acl_owner"] = root.get_bucket_acl(Bucket="alice-boto")["Owner"]

# Object ACLs: a canned public-read object, a grant to bob by canonical id.
alice.put_object(Bucket="alice-boto", Key="public.txt", Body=b"open", ACL="public-read")
alice.put_object(Bucket="alice-boto", Key="for-bob", Body=b"hi bob")
out["anon_public"] = anon_get("public.txt")
out["anon_private"] = anon_get("for-bob")
out["bob_before_grant"] = code_of(lambda: bob.get_object(Bucket="alice-boto", Key="for-bob"))
alice.put_object_acl(Bucket="alice-boto", Key="for-bob", GrantRead=f"id={bob_id}")
out["bob_after_grant"] = bob.get_object(Bucket="alice-boto", Key="for-bob")["Body"].read().decode()
out["object_acl"] = [
    [g["Grantee"]["Type"], g["Grantee"].get("ID") or g["Grantee"].get("URI"), g["Permission"]]
    for g in alice.get_object_acl(Bucket="alice-boto", Key="for-bob")["Grants"]
]
out["listed_owner"] = root.list_objects(Bucket="alice-boto")["Contents"][0]["Owner"]

# PublicAccessBlock: IgnorePublicAcls hides the public object; BlockPublicAcls refuses a public ACL.
alice.put_public_access_block(
    Bucket="alice-boto",
    PublicAccessBlockConfiguration={"IgnorePublicAcls": True, "BlockPublicAcls": True},
)
out["anon_public_ignored"] = anon_get("public.txt")
out["public_acl_blocked"] = code_of(
    lambda: alice.put_object_acl(Bucket="alice-boto", Key="for-bob", ACL="public-read")
)

# s3:ExistingObjectTag/<k> in bob's own (identity) policy.
alice.create_bucket(Bucket="alice-tagged")
alice.put_object(Bucket="alice-tagged", Key="shared", Body=b"s", Tagging="share=bob")
alice.put_object(Bucket="alice-tagged", Key="other", Body=b"o", Tagging="share=carol")
out["tag_allowed"] = bob.get_object(Bucket="alice-tagged", Key="shared")["Body"].read().decode()
out["tag_denied"] = code_of(lambda: bob.get_object(Bucket="alice-tagged", Key="other"))

# boto3 1.26 sends no checksum on a plain PUT; the store adds a CRC64NVME one (the model predates
# the field, so it is read from the raw response headers).
alice.put_object(Bucket="alice-boto", Key="crc", Body=b"123456789")
head = alice.head_object(Bucket="alice-boto", Key="crc", ChecksumMode="ENABLED")
headers = head["ResponseMetadata"]["HTTPHeaders"]
out["crc64nvme"] = [headers.get("x-amz-checksum-crc64nvme"), headers.get("x-amz-checksum-type")]

print(json.dumps(out))
