// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// certificate signs in with minio-go's STSCertificateIdentity (STS AssumeRoleWithCertificate over TLS
// with a client certificate), then writes and reads where the CN-named policy allows and is refused
// elsewhere; cert-refused expects no credentials.
//
//	sts-identity <https://host:port> cert <caFile> <certFile> <keyFile> <allowedBucket> <deniedBucket>
//	sts-identity <https://host:port> cert-refused <caFile> <certFile> <keyFile>
func certificate(endpoint string, args []string) {
	u, err := url.Parse(endpoint)
	if err != nil {
		fmt.Printf("FAIL endpoint: %v\n", err)
		failed++
		return
	}
	caPEM, err := os.ReadFile(args[1])
	if err != nil {
		fmt.Printf("FAIL ca: %v\n", err)
		failed++
		return
	}
	roots := x509.NewCertPool()
	roots.AppendCertsFromPEM(caPEM)
	pair, err := tls.LoadX509KeyPair(args[2], args[3])
	if err != nil {
		fmt.Printf("FAIL key pair: %v\n", err)
		failed++
		return
	}
	transport := &http.Transport{TLSClientConfig: &tls.Config{Certificates: []tls.Certificate{pair}, RootCAs: roots}}
	creds, err := credentials.NewSTSCertificateIdentity(endpoint, pair, credentials.CertificateIdentityWithTransport(transport))
	if err != nil {
		fmt.Printf("FAIL provider: %v\n", err)
		failed++
		return
	}
	v, err := retrieveCertificate(creds, endpoint, transport)
	if args[0] == "cert-refused" {
		check("cert-refused", func() error {
			if err == nil {
				return fmt.Errorf("credentials were issued")
			}
			fmt.Printf("INFO %v\n", err)
			return nil
		})
		return
	}
	check("cert-retrieve", func() error {
		if err != nil {
			return err
		}
		if v.AccessKeyID == "" || v.SecretAccessKey == "" || v.SessionToken == "" {
			return fmt.Errorf("incomplete credentials %+v", v)
		}
		return nil
	})
	if err != nil {
		return
	}
	client, err := minio.New(u.Host, &minio.Options{
		Creds:     credentials.NewStaticV4(v.AccessKeyID, v.SecretAccessKey, v.SessionToken),
		Secure:    true,
		Region:    "us-east-1",
		Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}},
	})
	if err != nil {
		fmt.Printf("FAIL client: %v\n", err)
		failed++
		return
	}
	allowed, denied := args[4], args[5]
	ctx := context.Background()
	body := []byte("from minio-go with a client certificate")
	check("cert-put-allowed", func() error {
		_, err := client.PutObject(ctx, allowed, "cert.txt", bytes.NewReader(body), int64(len(body)), minio.PutObjectOptions{})
		return err
	})
	check("cert-get-allowed", func() error {
		obj, err := client.GetObject(ctx, allowed, "cert.txt", minio.GetObjectOptions{})
		if err != nil {
			return err
		}
		defer obj.Close()
		got, err := io.ReadAll(obj)
		if err != nil {
			return err
		}
		if !bytes.Equal(got, body) {
			return fmt.Errorf("read back %q", got)
		}
		return nil
	})
	check("cert-put-denied", func() error { return putDenied(ctx, client, denied, "cert.txt", body) })
}

// retrieveCertificate asks minio-go's provider for credentials. Debian's minio-go v7.0.46 panics in
// STSCertificateIdentity.Retrieve: it adds DurationSeconds to the request's nil form map (minio-go issue
// 1769, fixed upstream by sending the parameter in the query). On that panic the request the fixed
// versions send is made here, through the same transport and client certificate.
func retrieveCertificate(creds *credentials.Credentials, endpoint string, transport http.RoundTripper) (v credentials.Value, err error) {
	func() {
		defer func() {
			if r := recover(); r != nil {
				fmt.Printf("INFO minio-go STSCertificateIdentity.Retrieve panicked (%v); sending its request as later minio-go does\n", r)
				v, err = assumeRoleWithCertificate(endpoint, transport)
			}
		}()
		v, err = creds.Get()
	}()
	return v, err
}

type certificateResponse struct {
	XMLName xml.Name `xml:"https://sts.amazonaws.com/doc/2011-06-15/ AssumeRoleWithCertificateResponse"`
	Result  struct {
		Credentials struct {
			AccessKey    string    `xml:"AccessKeyId"`
			SecretKey    string    `xml:"SecretAccessKey"`
			Expiration   time.Time `xml:"Expiration"`
			SessionToken string    `xml:"SessionToken"`
		} `xml:"Credentials"`
	} `xml:"AssumeRoleWithCertificateResult"`
}

type stsErrorResponse struct {
	Error struct {
		Code    string `xml:"Code"`
		Message string `xml:"Message"`
	} `xml:"Error"`
}

func assumeRoleWithCertificate(endpoint string, transport http.RoundTripper) (credentials.Value, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return credentials.Value{}, err
	}
	u.RawQuery = url.Values{
		"Action":          {"AssumeRoleWithCertificate"},
		"Version":         {"2011-06-15"},
		"DurationSeconds": {"3600"},
	}.Encode()
	resp, err := (&http.Client{Transport: transport}).Post(u.String(), "", nil)
	if err != nil {
		return credentials.Value{}, err
	}
	defer resp.Body.Close()
	buf, err := io.ReadAll(resp.Body)
	if err != nil {
		return credentials.Value{}, err
	}
	if resp.StatusCode != http.StatusOK {
		var e stsErrorResponse
		if err := xml.Unmarshal(buf, &e); err != nil {
			return credentials.Value{}, fmt.Errorf("status %d: %s", resp.StatusCode, buf)
		}
		return credentials.Value{}, fmt.Errorf("%s: %s", e.Error.Code, e.Error.Message)
	}
	var r certificateResponse
	if err := xml.Unmarshal(buf, &r); err != nil {
		return credentials.Value{}, err
	}
	c := r.Result.Credentials
	if c.Expiration.Before(time.Now()) {
		return credentials.Value{}, fmt.Errorf("the credentials expire in the past: %v", c.Expiration)
	}
	return credentials.Value{AccessKeyID: c.AccessKey, SecretAccessKey: c.SecretKey, SessionToken: c.SessionToken}, nil
}
