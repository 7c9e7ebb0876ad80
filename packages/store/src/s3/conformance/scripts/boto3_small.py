# SPDX-License-Identifier: Apache-2.0
"""Issue 37's small behaviours as Debian's boto3 meets them; prints what it saw as JSON.

Usage: boto3_small.py ENDPOINT ACCESS_KEY SECRET_KEY BUCKET
"""
import json
import sys

from boto3_common import client, code_of

endpoint, access_key, secret_key, bucket = sys.argv[1:5]
s3 = client(endpoint, access_key, secret_key)
out = {}
s3.create_bucket(Bucket=bucket)
keys = ["foo+1/bar", "foo/bar/xyzzy", "quux ab/thud", "asdf+b"]
for k in keys:
    s3.put_object(Bucket=bucket, Key=k, Body=b"x")

# EncodingType given by the caller: botocore leaves the values encoded (as Ceph's suite reads them).
v2 = s3.list_objects_v2(Bucket=bucket, Delimiter="/", EncodingType="url")
out["v2_keys"] = [c["Key"] for c in v2.get("Contents", [])]
out["v2_prefixes"] = [p["Prefix"] for p in v2.get("CommonPrefixes", [])]
v1 = s3.list_objects(Bucket=bucket, Delimiter="/", EncodingType="url")
out["v1_prefixes"] = [p["Prefix"] for p in v1.get("CommonPrefixes", [])]
# Without it botocore asks for url encoding itself and decodes: the keys come back as stored.
out["decoded_keys"] = sorted(c["Key"] for c in s3.list_objects(Bucket=bucket)["Contents"])

up = s3.create_multipart_upload(Bucket=bucket, Key="mp")
part = s3.upload_part(Bucket=bucket, Key="mp", UploadId=up["UploadId"], PartNumber=1, Body=b"part")
parts = {"Parts": [{"PartNumber": 1, "ETag": part["ETag"]}]}
out["first_etag"] = s3.complete_multipart_upload(
    Bucket=bucket, Key="mp", UploadId=up["UploadId"], MultipartUpload=parts
)["ETag"]
out["retry_etag"] = s3.complete_multipart_upload(
    Bucket=bucket, Key="mp", UploadId=up["UploadId"], MultipartUpload=parts
)["ETag"]

out["bad_checksum"] = code_of(
    lambda: s3.put_object(Bucket=bucket, Key="bad", Body=b"abc", ChecksumSHA256="bad")
)
out["policy_status"] = code_of(lambda: s3.get_bucket_policy_status(Bucket=bucket))
out["delete_marker"] = s3.delete_object(Bucket=bucket, Key="mp").get("DeleteMarker")
out["torrent_prefix"] = s3.get_object_torrent(Bucket=bucket, Key="asdf+b")["Body"].read()[:7].decode()
print(json.dumps(out))
