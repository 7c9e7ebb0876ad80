// SPDX-License-Identifier: Apache-2.0

// Command sts-identity signs in to a Stowage store with minio-go's own STS credential providers
// (WebIdentity for OpenID tokens, LDAPIdentity for directory users, CertificateIdentity for TLS client
// certificates; Debian's minio-go v7 sources, GOPATH mode), then uses the credentials for S3, and prints
// one line per check: "PASS <name>" or "FAIL <name>: <reason>". It exits 1 when any check failed.
//
// Usage:
//
//	sts-identity <http://host:port> web <token> <allowedBucket> <deniedBucket>
//	sts-identity <http://host:port> ldap <user> <password> <allowedBucket> <deniedBucket>
//	sts-identity <http://host:port> web-refused <token>
//	sts-identity <http://host:port> ldap-refused <user> <password>
//	sts-identity <http://host:port> ldap-entities <accessKey> <secretKey> <policy> <groupDN>
//	sts-identity <http://host:port> custom <token> <roleArn> <allowedBucket> <deniedBucket>
//	sts-identity <http://host:port> custom-refused <token> <roleArn>
//	sts-identity <https://host:port> cert <caFile> <certFile> <keyFile> <allowedBucket> <deniedBucket>
//	sts-identity <https://host:port> cert-refused <caFile> <certFile> <keyFile>
package main

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

var failed = 0

func check(name string, fn func() error) {
	if err := fn(); err != nil {
		failed++
		fmt.Printf("FAIL %s: %v\n", name, err)
		return
	}
	fmt.Printf("PASS %s\n", name)
}

func provider(endpoint string, args []string) (*credentials.Credentials, error) {
	switch args[0] {
	case "custom", "custom-refused":
		// AssumeRoleWithCustomToken (identity plugin), asking for 30 minutes.
		return credentials.NewCustomTokenCredentials(endpoint, args[1], args[2], credentials.CustomTokenValidityOpt(30*time.Minute))
	case "web", "web-refused":
		token := args[1]
		return credentials.NewSTSWebIdentity(endpoint, func() (*credentials.WebIdentityToken, error) {
			return &credentials.WebIdentityToken{Token: token}, nil
		})
	default:
		return credentials.NewLDAPIdentity(endpoint, args[1], args[2])
	}
}

func main() {
	endpoint := os.Args[1]
	args := os.Args[2:]
	u, err := url.Parse(endpoint)
	if err != nil {
		fmt.Printf("FAIL endpoint: %v\n", err)
		os.Exit(1)
	}
	if args[0] == "ldap-entities" {
		ldapEntities(endpoint, args)
		os.Exit(failed)
	}
	if args[0] == "cert" || args[0] == "cert-refused" {
		certificate(endpoint, args)
		os.Exit(failed)
	}
	creds, err := provider(endpoint, args)
	if err != nil {
		fmt.Printf("FAIL provider: %v\n", err)
		os.Exit(1)
	}
	mode := args[0]
	if mode == "web-refused" || mode == "ldap-refused" || mode == "custom-refused" {
		check(mode, func() error {
			if _, err := creds.Get(); err == nil {
				return fmt.Errorf("credentials were issued")
			} else {
				fmt.Printf("INFO %v\n", err)
			}
			return nil
		})
		os.Exit(failed)
	}
	allowed, denied := args[len(args)-2], args[len(args)-1]
	check(mode+"-retrieve", func() error {
		v, err := creds.Get()
		if err != nil {
			return err
		}
		if v.SessionToken == "" {
			return fmt.Errorf("no session token")
		}
		return nil
	})
	client, err := minio.New(u.Host, &minio.Options{Creds: creds, Secure: u.Scheme == "https", Region: "us-east-1"})
	if err != nil {
		fmt.Printf("FAIL client: %v\n", err)
		os.Exit(1)
	}
	ctx := context.Background()
	body := []byte("from minio-go " + mode)
	check(mode+"-put-allowed", func() error {
		_, err := client.PutObject(ctx, allowed, "minio-go.txt", bytes.NewReader(body), int64(len(body)), minio.PutObjectOptions{})
		return err
	})
	check(mode+"-put-denied", func() error { return putDenied(ctx, client, denied, "minio-go.txt", body) })
	os.Exit(failed)
}

// putDenied writes to a bucket the credentials' policy does not cover and expects AccessDenied.
func putDenied(ctx context.Context, client *minio.Client, bucket, key string, body []byte) error {
	_, err := client.PutObject(ctx, bucket, key, bytes.NewReader(body), int64(len(body)), minio.PutObjectOptions{})
	if err == nil {
		return fmt.Errorf("the write to %s was allowed", bucket)
	}
	if code := minio.ToErrorResponse(err).Code; code != "AccessDenied" {
		return fmt.Errorf("expected AccessDenied, got %q", code)
	}
	return nil
}
