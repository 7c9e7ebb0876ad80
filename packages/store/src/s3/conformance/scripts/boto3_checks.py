# SPDX-License-Identifier: Apache-2.0
"""Drives Debian's boto3 against a store and prints what it observed as JSON (the Vitest side asserts).

Usage: boto3_checks.py ENDPOINT ACCESS_KEY SECRET_KEY BUCKET
"""
import base64
import hashlib
import json
import os
import sys
import zlib

from boto3_common import client, code_of

endpoint, access_key, secret_key, bucket = sys.argv[1:5]
s3 = client(endpoint, access_key, secret_key)
out = {}


def b64(raw):
    return base64.b64encode(raw).decode()


s3.create_bucket(Bucket=bucket)

# Checksums computed by botocore on PUT, returned with ChecksumMode on HEAD/GET.
body = b"boto3 checksum body\n" * 100
s3.put_object(Bucket=bucket, Key="sha256.txt", Body=body, ChecksumAlgorithm="SHA256")
s3.put_object(Bucket=bucket, Key="crc32.txt", Body=body, ChecksumAlgorithm="CRC32")
out["expected"] = {
    "sha256": b64(hashlib.sha256(body).digest()),
    "crc32": b64(zlib.crc32(body).to_bytes(4, "big")),
    "sha1": b64(hashlib.sha1(body).digest()),
}
out["head_sha256"] = s3.head_object(Bucket=bucket, Key="sha256.txt", ChecksumMode="ENABLED").get("ChecksumSHA256")
got = s3.get_object(Bucket=bucket, Key="crc32.txt", ChecksumMode="ENABLED")
out["get_crc32"] = got.get("ChecksumCRC32")
out["get_body_ok"] = got["Body"].read() == body
out["bad_digest"] = code_of(
    lambda: s3.put_object(Bucket=bucket, Key="bad.txt", Body=b"abc", ChecksumSHA1=out["expected"]["sha1"])
)

# Multipart with SHA1 (composite) and GetObjectAttributes on the result.
up = s3.create_multipart_upload(Bucket=bucket, Key="mp.bin", ChecksumAlgorithm="SHA1")
parts = [b"a" * (5 * 1024 * 1024), b"tail"]
listed = []
for i, p in enumerate(parts, start=1):
    r = s3.upload_part(
        Bucket=bucket, Key="mp.bin", UploadId=up["UploadId"], PartNumber=i, Body=p, ChecksumAlgorithm="SHA1"
    )
    listed.append({"ETag": r["ETag"], "PartNumber": i, "ChecksumSHA1": r["ChecksumSHA1"]})
done = s3.complete_multipart_upload(
    Bucket=bucket, Key="mp.bin", UploadId=up["UploadId"], MultipartUpload={"Parts": listed}
)
out["complete_sha1"] = done.get("ChecksumSHA1")
out["expected_composite"] = b64(
    hashlib.sha1(b"".join(hashlib.sha1(p).digest() for p in parts)).digest()
) + "-2"
attrs = s3.get_object_attributes(
    Bucket=bucket, Key="mp.bin", ObjectAttributes=["ETag", "Checksum", "ObjectParts", "StorageClass", "ObjectSize"]
)
out["attrs"] = {
    "ETag": attrs.get("ETag"),
    "Checksum": attrs.get("Checksum"),
    "ObjectSize": attrs.get("ObjectSize"),
    "StorageClass": attrs.get("StorageClass"),
    "TotalPartsCount": attrs["ObjectParts"].get("TotalPartsCount"),
    "Parts": [{"PartNumber": p["PartNumber"], "Size": p["Size"], "ChecksumSHA1": p.get("ChecksumSHA1")} for p in attrs["ObjectParts"]["Parts"]],
}
out["part_sha1"] = [b64(hashlib.sha1(p).digest()) for p in parts]
paged = s3.get_object_attributes(Bucket=bucket, Key="mp.bin", ObjectAttributes=["ObjectParts"], MaxParts=1)
out["attrs_paged"] = {
    "IsTruncated": paged["ObjectParts"]["IsTruncated"],
    "NextPartNumberMarker": paged["ObjectParts"]["NextPartNumberMarker"],
    "Parts": len(paged["ObjectParts"]["Parts"]),
}
simple = s3.get_object_attributes(Bucket=bucket, Key="sha256.txt", ObjectAttributes=["ETag", "Checksum", "ObjectSize"])
out["attrs_simple"] = {"ETag": simple.get("ETag"), "Checksum": simple.get("Checksum"), "ObjectSize": simple.get("ObjectSize"), "HasParts": "ObjectParts" in simple}
out["md5"] = hashlib.md5(body).hexdigest()
out["attrs_missing"] = code_of(lambda: s3.get_object_attributes(Bucket=bucket, Key="nope", ObjectAttributes=["ETag"]))


# Conditional writes: boto3 1.26 predates IfNoneMatch, so the header goes on through botocore's events.
def with_header(name, value):
    def add(request, **_kwargs):
        request.headers[name] = value
    return add


if_none_match = with_header("If-None-Match", "*")
s3.meta.events.register("before-sign.s3.PutObject", if_none_match)
s3.put_object(Bucket=bucket, Key="once.txt", Body=b"first")
out["if_none_match_again"] = code_of(lambda: s3.put_object(Bucket=bucket, Key="once.txt", Body=b"second"))
s3.meta.events.unregister("before-sign.s3.PutObject", if_none_match)

# Listing with botocore's default encoding-type=url (it decodes keys, prefixes and markers itself).
keys = ["enc/a b.txt", "enc/plus+sign.txt", "enc/ünï cødé/x.txt", "enc/tab\there", "enc/q?&=#%.txt", "enc/star*~!'().txt"]
for k in keys:
    s3.put_object(Bucket=bucket, Key=k, Body=b"x")
v2 = s3.list_objects_v2(Bucket=bucket, Prefix="enc/", Delimiter="/")
out["v2_keys"] = [c["Key"] for c in v2.get("Contents", [])]
out["v2_prefixes"] = [p["Prefix"] for p in v2.get("CommonPrefixes", [])]
v2p = s3.list_objects_v2(Bucket=bucket, Prefix="enc/", MaxKeys=2, StartAfter="enc/a b.txt")
out["v2_start_after"] = [c["Key"] for c in v2p.get("Contents", [])]
out["v2_start_after_echo"] = v2p.get("StartAfter")
v1 = s3.list_objects(Bucket=bucket, Prefix="enc/", MaxKeys=1, Marker="enc/plus+sign.txt")
out["v1_keys"] = [c["Key"] for c in v1.get("Contents", [])]
out["v1_marker"] = v1.get("Marker")
out["v1_next_marker"] = v1.get("NextMarker")
vers = s3.list_object_versions(Bucket=bucket, Prefix="enc/", Delimiter="/")
out["versions_keys"] = [v["Key"] for v in vers.get("Versions", [])]
out["versions_prefixes"] = [p["Prefix"] for p in vers.get("CommonPrefixes", [])]
out["keys"] = keys

# Browser-form POST uploads signed by botocore: SigV4 (default) and SigV2 (signature_version "s3").
import urllib3  # noqa: E402  (botocore's own HTTP library)

# Over TLS the form posts trust what botocore trusts (AWS_CA_BUNDLE).
http = urllib3.PoolManager(ca_certs=os.environ.get("AWS_CA_BUNDLE"))


def form_post(c, key, data, conditions, fields):
    signed = c.generate_presigned_post(bucket, key, Fields=fields, Conditions=conditions, ExpiresIn=600)
    form = dict(signed["fields"])
    form["file"] = ("upload.txt", data, "text/plain")
    r = http.request("POST", signed["url"], fields=form)
    return [r.status, r.data.decode()]


out["post_v4"] = form_post(
    s3, "form/v4.txt", b"v4 form", [["content-length-range", 1, 100], {"x-amz-meta-who": "boto3"}], {"x-amz-meta-who": "boto3"}
)
out["post_v4_too_big"] = form_post(s3, "form/big.txt", b"x" * 200, [["content-length-range", 1, 100]], {})
s3v2 = client(endpoint, access_key, secret_key, signature_version="s3")
out["post_v2"] = form_post(s3v2, "form/v2.txt", b"v2 form", [], {})
out["post_v2_head"] = s3.head_object(Bucket=bucket, Key="form/v2.txt")["ContentLength"]
out["post_v4_meta"] = s3.head_object(Bucket=bucket, Key="form/v4.txt")["Metadata"]

print(json.dumps(out))
