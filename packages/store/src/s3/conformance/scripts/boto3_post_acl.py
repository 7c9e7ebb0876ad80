# SPDX-License-Identifier: Apache-2.0
"""POST forms with acl fields (generate_presigned_post) as Debian's boto3 and requests send them.

Usage: boto3_post_acl.py ENDPOINT ACCESS_KEY SECRET_KEY OPEN_BUCKET ENFORCED_BUCKET
"""
import json
import re
import sys

import requests

from boto3_common import client

endpoint, access_key, secret_key, open_bucket, enforced_bucket = sys.argv[1:6]
s3 = client(endpoint, access_key, secret_key)
out = {}


def post(bucket, key, fields, conditions):
    signed = s3.generate_presigned_post(bucket, key, Fields=fields, Conditions=conditions, ExpiresIn=600)
    return requests.post(signed["url"], data=signed["fields"], files={"file": ("f.txt", b"boto form")})


r = post(open_bucket, "boto-public.txt", {"acl": "public-read"}, [{"acl": "public-read"}])
out["open_public"] = r.status_code
out["anonymous_read"] = requests.get(f"{endpoint}/{open_bucket}/boto-public.txt").status_code
out["enforced_private"] = post(enforced_bucket, "boto-private.txt", {"acl": "private"}, [{"acl": "private"}]).status_code
r = post(enforced_bucket, "boto-public.txt", {"acl": "public-read"}, [{"acl": "public-read"}])
out["enforced_public"] = [r.status_code, (re.search(r"<Code>([^<]*)</Code>", r.text) or [None, ""])[1]]
out["created"] = post(
    open_bucket,
    "boto-201.txt",
    {"success_action_status": "201"},
    [{"success_action_status": "201"}],
).status_code
print(json.dumps(out))
