// SPDX-License-Identifier: Apache-2.0

// Command s3-conformance drives a Stowage store with MinIO's own Go SDK (minio-go v7, Debian's
// sources, GOPATH mode) and prints one line per check: "PASS <name>" or "FAIL <name>: <reason>".
// It exits 1 when any check failed. Usage: s3-conformance <host:port> <accessKey> <secretKey>.
//
// minio-go signs PUT bodies over plain HTTP with STREAMING-AWS4-HMAC-SHA256-PAYLOAD (aws-chunked,
// per-chunk signatures), so every upload here also exercises the store's chunk verification.
package main

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/minio/minio-go/v7/pkg/tags"
)

var (
	ctx    = context.Background()
	failed = 0
)

func check(name string, fn func() error) {
	if err := fn(); err != nil {
		failed++
		fmt.Printf("FAIL %s: %v\n", name, err)
		return
	}
	fmt.Printf("PASS %s\n", name)
}

// wantCode asserts that err is an S3 error response with the given code.
func wantCode(err error, code string) error {
	if err == nil {
		return fmt.Errorf("expected error %s, got success", code)
	}
	if got := minio.ToErrorResponse(err).Code; got != code {
		return fmt.Errorf("expected error %s, got %q (%v)", code, got, err)
	}
	return nil
}

func randomBytes(n int, seed int64) []byte {
	b := make([]byte, n)
	rand.New(rand.NewSource(seed)).Read(b)
	return b
}

func md5Hex(b []byte) string {
	s := md5.Sum(b)
	return hex.EncodeToString(s[:])
}

func readObject(c *minio.Client, bucket, key string, opts minio.GetObjectOptions) ([]byte, error) {
	obj, err := c.GetObject(ctx, bucket, key, opts)
	if err != nil {
		return nil, err
	}
	defer obj.Close()
	return io.ReadAll(obj)
}

func put(c *minio.Client, bucket, key string, data []byte, opts minio.PutObjectOptions) (minio.UploadInfo, error) {
	return c.PutObject(ctx, bucket, key, bytes.NewReader(data), int64(len(data)), opts)
}

// secure: the endpoint was given as https://host:port.
var secure bool

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: s3-conformance [https://]<host:port> <accessKey> <secretKey>")
		os.Exit(2)
	}
	endpoint, ak, sk := os.Args[1], os.Args[2], os.Args[3]
	// https://host:port: TLS, trusting the system roots plus SSL_CERT_FILE (Go's x509 on Linux).
	if strings.HasPrefix(endpoint, "https://") {
		secure = true
		endpoint = strings.TrimPrefix(endpoint, "https://")
	}
	c, err := minio.New(endpoint, &minio.Options{Creds: credentials.NewStaticV4(ak, sk, ""), Secure: secure, Region: "us-east-1"})
	if err != nil {
		fmt.Println("FAIL client:", err)
		os.Exit(1)
	}
	anon, _ := minio.New(endpoint, &minio.Options{Creds: credentials.NewStaticV4("", "", ""), Secure: secure, Region: "us-east-1"})
	wrong, _ := minio.New(endpoint, &minio.Options{Creds: credentials.NewStaticV4(ak, "wrong-secret-key", ""), Secure: secure, Region: "us-east-1"})

	const B = "go-conformance"

	check("MakeBucket/BucketExists/ListBuckets", func() error {
		if err := c.MakeBucket(ctx, B, minio.MakeBucketOptions{}); err != nil {
			return err
		}
		ok, err := c.BucketExists(ctx, B)
		if err != nil || !ok {
			return fmt.Errorf("BucketExists = %v, %v", ok, err)
		}
		if ok, _ := c.BucketExists(ctx, "go-not-there"); ok {
			return errors.New("BucketExists true for a missing bucket")
		}
		list, err := c.ListBuckets(ctx)
		if err != nil {
			return err
		}
		for _, b := range list {
			if b.Name == B {
				// The owner re-creating its bucket: 200 in us-east-1 (AWS), BucketAlreadyOwnedByYou elsewhere and on MinIO.
				if err := c.MakeBucket(ctx, B, minio.MakeBucketOptions{}); err != nil {
					return wantCode(err, "BucketAlreadyOwnedByYou")
				}
				return nil
			}
		}
		return errors.New("bucket not listed")
	})

	check("GetBucketLocation", func() error {
		loc, err := c.GetBucketLocation(ctx, B)
		if err != nil {
			return err
		}
		if loc != "us-east-1" {
			return fmt.Errorf("location %q", loc)
		}
		return nil
	})

	check("PutObject (aws-chunked) / StatObject / GetObject with metadata", func() error {
		data := randomBytes(200_000, 1)
		// Capture the request headers to prove the upload was aws-chunked with chunk signatures.
		var trace bytes.Buffer
		c.TraceOn(&trace)
		info, err := put(c, B, "dir/obj.bin", data, minio.PutObjectOptions{
			ContentType:        "application/x-go",
			ContentDisposition: "attachment",
			CacheControl:       "max-age=5",
			UserMetadata:       map[string]string{"Origin": "go"},
			SendContentMd5:     true,
		})
		c.TraceOff()
		if err != nil {
			return err
		}
		// Over TLS minio-go signs UNSIGNED-PAYLOAD instead of streaming chunk signatures.
		if !secure && !strings.Contains(trace.String(), "STREAMING-AWS4-HMAC-SHA256-PAYLOAD") {
			return errors.New("the SDK did not send an aws-chunked (streaming signature) upload")
		}
		if info.ETag != md5Hex(data) {
			return fmt.Errorf("etag %s, want %s", info.ETag, md5Hex(data))
		}
		st, err := c.StatObject(ctx, B, "dir/obj.bin", minio.StatObjectOptions{})
		if err != nil {
			return err
		}
		if st.Size != int64(len(data)) || st.ContentType != "application/x-go" || st.UserMetadata["Origin"] != "go" {
			return fmt.Errorf("stat %+v", st)
		}
		if st.Metadata.Get("Content-Disposition") != "attachment" || st.Metadata.Get("Cache-Control") != "max-age=5" {
			return fmt.Errorf("system metadata %v", st.Metadata)
		}
		got, err := readObject(c, B, "dir/obj.bin", minio.GetObjectOptions{})
		if err != nil {
			return err
		}
		if !bytes.Equal(got, data) {
			return errors.New("content differs")
		}
		return nil
	})

	check("GetObject range and conditions", func() error {
		opts := minio.GetObjectOptions{}
		_ = opts.SetRange(100, 199)
		got, err := readObject(c, B, "dir/obj.bin", opts)
		if err != nil {
			return err
		}
		if !bytes.Equal(got, randomBytes(200_000, 1)[100:200]) {
			return errors.New("range content differs")
		}
		bad := minio.GetObjectOptions{}
		_ = bad.SetMatchETag("00000000000000000000000000000000")
		_, err = readObject(c, B, "dir/obj.bin", bad)
		if err := wantCode(err, "PreconditionFailed"); err != nil {
			return err
		}
		_, err = readObject(c, B, "dir/missing", minio.GetObjectOptions{})
		return wantCode(err, "NoSuchKey")
	})

	check("CopyObject with REPLACE metadata and copy conditions", func() error {
		_, err := c.CopyObject(ctx,
			minio.CopyDestOptions{Bucket: B, Object: "dir/copy.bin", ReplaceMetadata: true, UserMetadata: map[string]string{"Origin": "copy"}},
			minio.CopySrcOptions{Bucket: B, Object: "dir/obj.bin", MatchETag: md5Hex(randomBytes(200_000, 1))})
		if err != nil {
			return err
		}
		st, err := c.StatObject(ctx, B, "dir/copy.bin", minio.StatObjectOptions{})
		if err != nil {
			return err
		}
		if st.UserMetadata["Origin"] != "copy" || st.Size != 200_000 {
			return fmt.Errorf("copy stat %+v", st.UserMetadata)
		}
		_, err = c.CopyObject(ctx, minio.CopyDestOptions{Bucket: B, Object: "dir/copy2.bin"},
			minio.CopySrcOptions{Bucket: B, Object: "dir/obj.bin", MatchETag: "ffffffffffffffffffffffffffffffff"})
		return wantCode(err, "PreconditionFailed")
	})

	check("multipart PutObject (-N ETag) and ComposeObject", func() error {
		data := randomBytes(11*1024*1024+7, 2)
		info, err := put(c, B, "big/multi.bin", data, minio.PutObjectOptions{PartSize: 5 * 1024 * 1024})
		if err != nil {
			return err
		}
		if !strings.HasSuffix(info.ETag, "-3") {
			return fmt.Errorf("multipart etag %s", info.ETag)
		}
		got, err := readObject(c, B, "big/multi.bin", minio.GetObjectOptions{})
		if err != nil {
			return err
		}
		if !bytes.Equal(got, data) {
			return errors.New("multipart content differs")
		}
		_, err = c.ComposeObject(ctx, minio.CopyDestOptions{Bucket: B, Object: "big/composed.bin"},
			minio.CopySrcOptions{Bucket: B, Object: "big/multi.bin", MatchRange: true, Start: 0, End: 5*1024*1024 - 1},
			minio.CopySrcOptions{Bucket: B, Object: "dir/obj.bin"})
		if err != nil {
			return err
		}
		got, err = readObject(c, B, "big/composed.bin", minio.GetObjectOptions{})
		if err != nil {
			return err
		}
		want := append(append([]byte{}, data[:5*1024*1024]...), randomBytes(200_000, 1)...)
		if !bytes.Equal(got, want) {
			return errors.New("composed content differs")
		}
		return nil
	})

	check("ListObjects V2, V1, delimiter and metadata", func() error {
		for _, k := range []string{"list/a", "list/b/1", "list/b/2", "list/c"} {
			if _, err := put(c, B, k, []byte(k), minio.PutObjectOptions{}); err != nil {
				return err
			}
		}
		collect := func(opts minio.ListObjectsOptions) ([]string, error) {
			var out []string
			for o := range c.ListObjects(ctx, B, opts) {
				if o.Err != nil {
					return nil, o.Err
				}
				out = append(out, o.Key)
			}
			return out, nil
		}
		all, err := collect(minio.ListObjectsOptions{Prefix: "list/", Recursive: true, MaxKeys: 2})
		if err != nil {
			return err
		}
		if strings.Join(all, ",") != "list/a,list/b/1,list/b/2,list/c" {
			return fmt.Errorf("recursive V2 %v", all)
		}
		top, err := collect(minio.ListObjectsOptions{Prefix: "list/", UseV1: true})
		if err != nil {
			return err
		}
		// The SDK emits a page's objects before its common prefixes.
		sort.Strings(top)
		if strings.Join(top, ",") != "list/a,list/b/,list/c" {
			return fmt.Errorf("delimited V1 %v", top)
		}
		for o := range c.ListObjects(ctx, B, minio.ListObjectsOptions{Prefix: "dir/obj", WithMetadata: true}) {
			if o.Err != nil {
				return o.Err
			}
			if o.UserMetadata["X-Amz-Meta-Origin"] != "go" {
				return fmt.Errorf("metadata listing %v", o.UserMetadata)
			}
		}
		return nil
	})

	check("RemoveObject and RemoveObjects", func() error {
		if err := c.RemoveObject(ctx, B, "list/a", minio.RemoveObjectOptions{}); err != nil {
			return err
		}
		ch := make(chan minio.ObjectInfo, 3)
		ch <- minio.ObjectInfo{Key: "list/b/1"}
		ch <- minio.ObjectInfo{Key: "list/b/2"}
		ch <- minio.ObjectInfo{Key: "list/never-existed"}
		close(ch)
		for e := range c.RemoveObjects(ctx, B, ch, minio.RemoveObjectsOptions{}) {
			return fmt.Errorf("remove %s: %v", e.ObjectName, e.Err)
		}
		for o := range c.ListObjects(ctx, B, minio.ListObjectsOptions{Prefix: "list/", Recursive: true}) {
			if o.Key != "list/c" {
				return fmt.Errorf("left over %s", o.Key)
			}
		}
		return nil
	})

	check("versioning, version ids and delete markers", func() error {
		const VB = "go-versions"
		if err := c.MakeBucket(ctx, VB, minio.MakeBucketOptions{}); err != nil {
			return err
		}
		if err := c.EnableVersioning(ctx, VB); err != nil {
			return err
		}
		cfg, err := c.GetBucketVersioning(ctx, VB)
		if err != nil || !cfg.Enabled() {
			return fmt.Errorf("versioning %+v %v", cfg, err)
		}
		v1, err := put(c, VB, "k", []byte("one"), minio.PutObjectOptions{})
		if err != nil {
			return err
		}
		if _, err := put(c, VB, "k", []byte("two"), minio.PutObjectOptions{}); err != nil {
			return err
		}
		got, err := readObject(c, VB, "k", minio.GetObjectOptions{VersionID: v1.VersionID})
		if err != nil || string(got) != "one" {
			return fmt.Errorf("version read %q %v", got, err)
		}
		if err := c.RemoveObject(ctx, VB, "k", minio.RemoveObjectOptions{}); err != nil {
			return err
		}
		var versions, markers int
		for o := range c.ListObjects(ctx, VB, minio.ListObjectsOptions{WithVersions: true, Recursive: true}) {
			if o.Err != nil {
				return o.Err
			}
			if o.IsDeleteMarker {
				markers++
			} else {
				versions++
			}
		}
		if versions != 2 || markers != 1 {
			return fmt.Errorf("versions %d markers %d", versions, markers)
		}
		_, err = c.StatObject(ctx, VB, "k", minio.StatObjectOptions{})
		if err == nil {
			return errors.New("stat after delete succeeded")
		}
		if err := c.SuspendVersioning(ctx, VB); err != nil {
			return err
		}
		cfg, err = c.GetBucketVersioning(ctx, VB)
		if err != nil || !cfg.Suspended() {
			return fmt.Errorf("suspended %+v %v", cfg, err)
		}
		return nil
	})

	check("object and bucket tagging", func() error {
		t, _ := tags.NewTags(map[string]string{"team": "go", "stage": "test"}, true)
		if err := c.PutObjectTagging(ctx, B, "list/c", t, minio.PutObjectTaggingOptions{}); err != nil {
			return err
		}
		got, err := c.GetObjectTagging(ctx, B, "list/c", minio.GetObjectTaggingOptions{})
		if err != nil {
			return err
		}
		m := got.ToMap()
		if m["team"] != "go" || m["stage"] != "test" {
			return fmt.Errorf("tags %v", m)
		}
		if err := c.RemoveObjectTagging(ctx, B, "list/c", minio.RemoveObjectTaggingOptions{}); err != nil {
			return err
		}
		got, err = c.GetObjectTagging(ctx, B, "list/c", minio.GetObjectTaggingOptions{})
		if err != nil || len(got.ToMap()) != 0 {
			return fmt.Errorf("after removal %v %v", got, err)
		}
		bt, _ := tags.NewTags(map[string]string{"owner": "conformance"}, false)
		if err := c.SetBucketTagging(ctx, B, bt); err != nil {
			return err
		}
		gb, err := c.GetBucketTagging(ctx, B)
		if err != nil || gb.ToMap()["owner"] != "conformance" {
			return fmt.Errorf("bucket tags %v %v", gb, err)
		}
		if err := c.RemoveBucketTagging(ctx, B); err != nil {
			return err
		}
		_, err = c.GetBucketTagging(ctx, B)
		return wantCode(err, "NoSuchTagSet")
	})

	check("object lock: config, retention, legal hold, locked delete", func() error {
		const LB = "go-locked"
		if err := c.MakeBucket(ctx, LB, minio.MakeBucketOptions{ObjectLocking: true}); err != nil {
			return err
		}
		mode := minio.Governance
		validity := uint(1)
		unit := minio.Days
		if err := c.SetObjectLockConfig(ctx, LB, &mode, &validity, &unit); err != nil {
			return err
		}
		enabled, m, v, u, err := c.GetObjectLockConfig(ctx, LB)
		if err != nil || enabled != "Enabled" || m == nil || *m != minio.Governance || *v != 1 || *u != minio.Days {
			return fmt.Errorf("lock config %v %v %v %v %v", enabled, m, v, u, err)
		}
		info, err := put(c, LB, "locked", []byte("worm"), minio.PutObjectOptions{})
		if err != nil {
			return err
		}
		rm, until, err := c.GetObjectRetention(ctx, LB, "locked", info.VersionID)
		if err != nil || rm == nil || *rm != minio.Governance || until == nil || until.Before(time.Now()) {
			return fmt.Errorf("default retention %v %v %v", rm, until, err)
		}
		comp := minio.Compliance
		later := time.Now().Add(48 * time.Hour).UTC().Truncate(time.Second)
		if err := c.PutObjectRetention(ctx, LB, "locked", minio.PutObjectRetentionOptions{Mode: &comp, RetainUntilDate: &later, VersionID: info.VersionID, GovernanceBypass: true}); err != nil {
			return err
		}
		sooner := time.Now().Add(2 * time.Hour).UTC()
		err = c.PutObjectRetention(ctx, LB, "locked", minio.PutObjectRetentionOptions{Mode: &comp, RetainUntilDate: &sooner, VersionID: info.VersionID, GovernanceBypass: true})
		if err := wantCode(err, "AccessDenied"); err != nil {
			return fmt.Errorf("shortening COMPLIANCE: %v", err)
		}
		on := minio.LegalHoldEnabled
		if err := c.PutObjectLegalHold(ctx, LB, "locked", minio.PutObjectLegalHoldOptions{VersionID: info.VersionID, Status: &on}); err != nil {
			return err
		}
		st, err := c.GetObjectLegalHold(ctx, LB, "locked", minio.GetObjectLegalHoldOptions{VersionID: info.VersionID})
		if err != nil || st == nil || *st != minio.LegalHoldEnabled {
			return fmt.Errorf("legal hold %v %v", st, err)
		}
		err = c.RemoveObject(ctx, LB, "locked", minio.RemoveObjectOptions{VersionID: info.VersionID, GovernanceBypass: true})
		return wantCode(err, "AccessDenied")
	})

	check("bucket policy and anonymous access", func() error {
		policy := `{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":["*"]},"Action":["s3:GetObject"],"Resource":["arn:aws:s3:::` + B + `/dir/*"]}]}`
		if err := c.SetBucketPolicy(ctx, B, policy); err != nil {
			return err
		}
		got, err := c.GetBucketPolicy(ctx, B)
		if err != nil || !strings.Contains(got, "s3:GetObject") {
			return fmt.Errorf("policy %q %v", got, err)
		}
		if _, err := readObject(anon, B, "dir/obj.bin", minio.GetObjectOptions{}); err != nil {
			return fmt.Errorf("anonymous read allowed by policy: %v", err)
		}
		_, err = readObject(anon, B, "big/multi.bin", minio.GetObjectOptions{})
		if err := wantCode(err, "AccessDenied"); err != nil {
			return err
		}
		if err := c.SetBucketPolicy(ctx, B, ""); err != nil {
			return err
		}
		_, err = c.GetBucketPolicy(ctx, B)
		if err != nil && minio.ToErrorResponse(err).Code != "NoSuchBucketPolicy" {
			return err
		}
		return wantCode(c.SetBucketPolicy(ctx, B, `{"Version":"2012-10-17","Statement":[{"Effect":"Allow"}]}`), "MalformedPolicy")
	})

	check("presigned GET and PUT", func() error {
		u, err := c.PresignedPutObject(ctx, B, "presigned.txt", time.Minute)
		if err != nil {
			return err
		}
		req, _ := http.NewRequest(http.MethodPut, u.String(), strings.NewReader("presigned body"))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			return fmt.Errorf("presigned PUT status %d", res.StatusCode)
		}
		g, err := c.PresignedGetObject(ctx, B, "presigned.txt", time.Minute, nil)
		if err != nil {
			return err
		}
		res, err = http.Get(g.String())
		if err != nil {
			return err
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if string(body) != "presigned body" {
			return fmt.Errorf("presigned GET %q", body)
		}
		return nil
	})

	check("authentication errors", func() error {
		_, err := wrong.ListBuckets(ctx)
		if err := wantCode(err, "SignatureDoesNotMatch"); err != nil {
			return err
		}
		// An upload signed with the wrong secret must not create the object.
		_, err = put(wrong, B, "dir/forged.bin", []byte("forged"), minio.PutObjectOptions{})
		if err := wantCode(err, "SignatureDoesNotMatch"); err != nil {
			return err
		}
		_, err = c.StatObject(ctx, B, "dir/forged.bin", minio.StatObjectOptions{})
		if err == nil {
			return errors.New("forged object exists")
		}
		return nil
	})

	check("incomplete uploads listing and removal", func() error {
		core := minio.Core{Client: c}
		id, err := core.NewMultipartUpload(ctx, B, "pending/x.bin", minio.PutObjectOptions{})
		if err != nil {
			return err
		}
		var ids []string
		for u := range c.ListIncompleteUploads(ctx, B, "pending/", true) {
			if u.Err != nil {
				return u.Err
			}
			ids = append(ids, u.UploadID)
		}
		sort.Strings(ids)
		if len(ids) != 1 || ids[0] != id {
			return fmt.Errorf("uploads %v want %s", ids, id)
		}
		if err := c.RemoveIncompleteUpload(ctx, B, "pending/x.bin"); err != nil {
			return err
		}
		for u := range c.ListIncompleteUploads(ctx, B, "pending/", true) {
			return fmt.Errorf("upload still listed: %v", u)
		}
		return nil
	})

	checksumChecks(endpoint, ak, sk, B)

	if failed > 0 {
		fmt.Printf("%d check(s) failed\n", failed)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
