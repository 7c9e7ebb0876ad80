// SPDX-License-Identifier: Apache-2.0

// Command sse-conformance checks the store's server-side encryption and KMS API with MinIO's own Go
// SDKs (minio-go v7 and madmin-go from Debian's sources, GOPATH mode), over HTTPS with a self-signed
// certificate (minio-go refuses SSE-C over plain HTTP). One line per check: "PASS <name>" or
// "FAIL <name>: <reason>". Usage: sse-conformance host:port access-key secret-key
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/minio/madmin-go"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/minio/minio-go/v7/pkg/encrypt"
)

var failed bool

func check(name string, fn func() error) {
	if err := fn(); err != nil {
		failed = true
		fmt.Printf("FAIL %s: %v\n", name, err)
		return
	}
	fmt.Printf("PASS %s\n", name)
}

func insecure() *http.Transport {
	return &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}
}

func roundTrip(ctx context.Context, c *minio.Client, key string, data []byte, sse encrypt.ServerSide) error {
	put, err := c.PutObject(ctx, "gosse", key, bytes.NewReader(data), int64(len(data)),
		minio.PutObjectOptions{ServerSideEncryption: sse, PartSize: 5 * 1024 * 1024})
	if err != nil {
		return fmt.Errorf("put: %w", err)
	}
	if put.Size != int64(len(data)) {
		return fmt.Errorf("put size %d", put.Size)
	}
	get := minio.GetObjectOptions{ServerSideEncryption: sse}
	obj, err := c.GetObject(ctx, "gosse", key, get)
	if err != nil {
		return err
	}
	back, err := io.ReadAll(obj)
	if err != nil {
		return fmt.Errorf("get: %w", err)
	}
	if !bytes.Equal(back, data) {
		return errors.New("the bytes read back differ")
	}
	ranged := minio.GetObjectOptions{ServerSideEncryption: sse}
	if err := ranged.SetRange(65530, 65545); err != nil {
		return err
	}
	obj, err = c.GetObject(ctx, "gosse", key, ranged)
	if err != nil {
		return err
	}
	part, err := io.ReadAll(obj)
	if err != nil {
		return fmt.Errorf("ranged get: %w", err)
	}
	if !bytes.Equal(part, data[65530:65546]) {
		return errors.New("the ranged bytes differ")
	}
	return nil
}

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: sse-conformance host:port access-key secret-key")
		os.Exit(2)
	}
	endpoint, ak, sk := os.Args[1], os.Args[2], os.Args[3]
	ctx := context.Background()
	c, err := minio.New(endpoint, &minio.Options{
		Creds: credentials.NewStaticV4(ak, sk, ""), Secure: true, Transport: insecure(), Region: "us-east-1",
	})
	if err != nil {
		fmt.Println("FAIL client:", err)
		os.Exit(1)
	}
	adm, err := madmin.New(endpoint, ak, sk, true)
	if err != nil {
		fmt.Println("FAIL admin client:", err)
		os.Exit(1)
	}
	adm.SetCustomTransport(insecure())

	data := make([]byte, 6*1024*1024+77)
	if _, err := rand.Read(data); err != nil {
		panic(err)
	}
	customer := make([]byte, 32)
	if _, err := rand.Read(customer); err != nil {
		panic(err)
	}
	ssec, _ := encrypt.NewSSEC(customer)

	check("make bucket", func() error { return c.MakeBucket(ctx, "gosse", minio.MakeBucketOptions{}) })
	check("SSE-S3 put, get and ranged get (multipart)", func() error {
		return roundTrip(ctx, c, "s3.bin", data, encrypt.NewSSE())
	})
	check("SSE-S3 stat reports AES256", func() error {
		st, err := c.StatObject(ctx, "gosse", "s3.bin", minio.StatObjectOptions{})
		if err != nil {
			return err
		}
		if got := st.Metadata.Get("X-Amz-Server-Side-Encryption"); got != "AES256" {
			return fmt.Errorf("x-amz-server-side-encryption %q", got)
		}
		return nil
	})
	check("SSE-C put, get and ranged get (multipart)", func() error {
		return roundTrip(ctx, c, "c.bin", data, ssec)
	})
	check("SSE-C single put and get", func() error {
		return roundTrip(ctx, c, "c-small.bin", data[:100_000], ssec)
	})
	check("SSE-C stat needs the key", func() error {
		if _, err := c.StatObject(ctx, "gosse", "c.bin", minio.StatObjectOptions{ServerSideEncryption: ssec}); err != nil {
			return fmt.Errorf("with the key: %w", err)
		}
		_, err := c.StatObject(ctx, "gosse", "c.bin", minio.StatObjectOptions{})
		if err == nil {
			return errors.New("stat without the key succeeded")
		}
		return nil
	})
	check("SSE-C get with another key is refused", func() error {
		other := make([]byte, 32)
		_, _ = rand.Read(other)
		wrong, _ := encrypt.NewSSEC(other)
		obj, err := c.GetObject(ctx, "gosse", "c.bin", minio.GetObjectOptions{ServerSideEncryption: wrong})
		if err == nil {
			_, err = io.ReadAll(obj)
		}
		if minio.ToErrorResponse(err).Code != "AccessDenied" {
			return fmt.Errorf("expected AccessDenied, got %v", err)
		}
		return nil
	})
	check("SSE-C copy to SSE-S3", func() error {
		src := minio.CopySrcOptions{Bucket: "gosse", Object: "c-small.bin", Encryption: encrypt.SSECopy(ssec)}
		dst := minio.CopyDestOptions{Bucket: "gosse", Object: "copied.bin", Encryption: encrypt.NewSSE()}
		if _, err := c.CopyObject(ctx, dst, src); err != nil {
			return err
		}
		obj, err := c.GetObject(ctx, "gosse", "copied.bin", minio.GetObjectOptions{})
		if err != nil {
			return err
		}
		back, err := io.ReadAll(obj)
		if err != nil {
			return err
		}
		if !bytes.Equal(back, data[:100_000]) {
			return errors.New("the copy's bytes differ")
		}
		return nil
	})
	check("madmin KMS status", func() error {
		st, err := adm.KMSStatus(ctx)
		if err != nil {
			return err
		}
		if st.Name == "" || st.DefaultKeyID != "go-key" {
			return fmt.Errorf("status %+v", st)
		}
		return nil
	})
	check("madmin create key, list keys, key status", func() error {
		if err := adm.CreateKey(ctx, "go-created"); err != nil {
			return fmt.Errorf("create: %w", err)
		}
		keys, err := adm.ListKeys(ctx, "go-*")
		if err != nil {
			return fmt.Errorf("list: %w", err)
		}
		names := []string{}
		for _, k := range keys {
			names = append(names, k.Name)
		}
		if strings.Join(names, ",") != "go-key,go-created" {
			return fmt.Errorf("keys %v", names)
		}
		st, err := adm.GetKeyStatus(ctx, "go-created")
		if err != nil {
			return fmt.Errorf("status: %w", err)
		}
		if st.KeyID != "go-created" || st.EncryptionErr != "" || st.DecryptionErr != "" {
			return fmt.Errorf("key status %+v", st)
		}
		missing, err := adm.GetKeyStatus(ctx, "absent")
		if err != nil {
			return err
		}
		if missing.EncryptionErr == "" {
			return errors.New("an absent key reported no encryption error")
		}
		return nil
	})
	if failed {
		os.Exit(1)
	}
}
