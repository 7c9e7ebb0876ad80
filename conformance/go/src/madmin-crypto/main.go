// SPDX-License-Identifier: Apache-2.0

// Command madmin-crypto cross-checks Stowage's TypeScript implementation of madmin's encrypted body
// format against MinIO's own Go code (madmin-go's EncryptData/DecryptData and sio-go).
//
// Usage (plaintext or ciphertext on stdin, result on stdout):
//
//	madmin-crypto encrypt <password> auto     # madmin.EncryptData: the algorithm madmin-go picks itself
//	madmin-crypto encrypt <password> <id>     # id 0, 1 or 2, built from the same primitives madmin-go uses
//	madmin-crypto decrypt <password>          # madmin.DecryptData
//	madmin-crypto sign                        # JSON cases in, requests signed by minio-go's signer out
//	madmin-crypto replay <host:port> <ak> <sk> # a fixed script of madmin-go admin calls against a server
//
// madmin-go's EncryptData does not let the caller choose the algorithm (it picks Argon2id+AES-GCM when
// the CPU has AES instructions, ChaCha20-Poly1305 otherwise, PBKDF2 in FIPS builds), so the explicit ids
// are produced with sio-go, argon2 and pbkdf2 exactly as its encrypt.go lays them out; every id is
// decrypted with madmin.DecryptData itself.
//
// `sign` signs requests with minio-go's SigV4 signer, the one madmin-go signs every admin call with
// (header auth with the empty region) and minio-go presigns URLs with, so the TypeScript verifier the
// store uses can be checked against what MinIO's own clients put on the wire.
//
// `replay` drives a fixed script of madmin-go admin calls against a recording server; the TypeScript
// test runs the same script with its own MadminClient and compares the two request logs, call by call
// (method, path, query, decrypted body).
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"time"

	"github.com/minio/madmin-go/v2"
	"github.com/minio/minio-go/v7/pkg/signer"
	"github.com/secure-io/sio-go"
	"golang.org/x/crypto/argon2"
	"golang.org/x/crypto/pbkdf2"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "madmin-crypto:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 1 && args[0] == "sign" {
		return sign(os.Stdin, os.Stdout)
	}
	if len(args) == 4 && args[0] == "replay" {
		return replay(args[1], args[2], args[3])
	}
	if len(args) < 2 {
		return fmt.Errorf("usage: madmin-crypto encrypt <password> <auto|0|1|2> | decrypt <password>")
	}
	input, err := io.ReadAll(os.Stdin)
	if err != nil {
		return err
	}
	password := args[1]
	var out []byte
	switch args[0] {
	case "decrypt":
		out, err = madmin.DecryptData(password, bytes.NewReader(input))
	case "encrypt":
		if len(args) < 3 {
			return fmt.Errorf("encrypt needs an algorithm: auto, 0, 1 or 2")
		}
		if args[2] == "auto" {
			out, err = madmin.EncryptData(password, input)
		} else {
			id, perr := strconv.Atoi(args[2])
			if perr != nil {
				return perr
			}
			out, err = encryptWithID(password, byte(id), input)
		}
	default:
		return fmt.Errorf("unknown command %q", args[0])
	}
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(out)
	return err
}

// encryptWithID writes salt | id | nonce | sio stream with the algorithm the id names, using madmin-go's
// cost parameters (Argon2id t=1 m=64 MiB p=4; PBKDF2-SHA256 8192 iterations).
func encryptWithID(password string, id byte, data []byte) ([]byte, error) {
	salt := make([]byte, 32)
	if _, err := rand.Read(salt); err != nil {
		return nil, err
	}
	var (
		stream *sio.Stream
		err    error
	)
	switch id {
	case 0:
		stream, err = sio.AES_256_GCM.Stream(argon2.IDKey([]byte(password), salt, 1, 64*1024, 4, 32))
	case 1:
		stream, err = sio.ChaCha20Poly1305.Stream(argon2.IDKey([]byte(password), salt, 1, 64*1024, 4, 32))
	case 2:
		stream, err = sio.AES_256_GCM.Stream(pbkdf2.Key([]byte(password), salt, 8192, 32, sha256.New))
	default:
		return nil, fmt.Errorf("unknown algorithm id %d", id)
	}
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, stream.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.Write(salt)
	buf.WriteByte(id)
	buf.Write(nonce)
	w := stream.EncryptWriter(&buf, nonce, nil)
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// signCase is one request to sign.
type signCase struct {
	Method       string            `json:"method"`
	URL          string            `json:"url"`
	Headers      map[string]string `json:"headers"`
	Body         string            `json:"body"`
	AccessKey    string            `json:"accessKey"`
	SecretKey    string            `json:"secretKey"`
	SessionToken string            `json:"sessionToken"`
	Region       string            `json:"region"`
	// PresignExpires > 0 presigns the URL instead of signing headers.
	PresignExpires int64 `json:"presignExpires"`
}

// signedRequest is what the client would send: the request target and the headers.
type signedRequest struct {
	RequestURI string            `json:"requestURI"`
	Host       string            `json:"host"`
	Headers    map[string]string `json:"headers"`
}

func sign(in io.Reader, out io.Writer) error {
	var cases []signCase
	if err := json.NewDecoder(in).Decode(&cases); err != nil {
		return err
	}
	results := make([]signedRequest, 0, len(cases))
	for _, c := range cases {
		req, err := http.NewRequest(c.Method, c.URL, bytes.NewReader([]byte(c.Body)))
		if err != nil {
			return err
		}
		for k, v := range c.Headers {
			req.Header.Set(k, v)
		}
		var signed *http.Request
		if c.PresignExpires > 0 {
			signed = signer.PreSignV4(*req, c.AccessKey, c.SecretKey, c.SessionToken, c.Region, c.PresignExpires)
		} else {
			sum := sha256.Sum256([]byte(c.Body))
			req.Header.Set("X-Amz-Content-Sha256", hex.EncodeToString(sum[:]))
			signed = signer.SignV4(*req, c.AccessKey, c.SecretKey, c.SessionToken, c.Region)
		}
		headers := map[string]string{}
		for k := range signed.Header {
			headers[k] = signed.Header.Get(k)
		}
		results = append(results, signedRequest{RequestURI: signed.URL.RequestURI(), Host: signed.URL.Host, Headers: headers})
	}
	return json.NewEncoder(out).Encode(results)
}

// replay runs the call script; every call must succeed against the recording server.
func replay(endpoint, accessKey, secretKey string) error {
	adm, err := madmin.New(endpoint, accessKey, secretKey, false)
	if err != nil {
		return err
	}
	ctx := context.Background()
	doc := []byte(`{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:GetObject"],"Resource":["arn:aws:s3:::photos/*"]}]}`)
	steps := []struct {
		name string
		call func() error
	}{
		{"ListUsers", func() error { _, err := adm.ListUsers(ctx); return err }},
		{"AddUser", func() error { return adm.AddUser(ctx, "alice", "alice-secret-1") }},
		{"RemoveUser", func() error { return adm.RemoveUser(ctx, "a b+c") }},
		{"GetUserInfo", func() error { _, err := adm.GetUserInfo(ctx, "alice"); return err }},
		{"SetUserStatus", func() error { return adm.SetUserStatus(ctx, "alice", madmin.AccountDisabled) }},
		{"UpdateGroupMembers", func() error {
			return adm.UpdateGroupMembers(ctx, madmin.GroupAddRemove{Group: "devs", Members: []string{"alice"}})
		}},
		{"UpdateGroupMembersRemove", func() error {
			return adm.UpdateGroupMembers(ctx, madmin.GroupAddRemove{Group: "devs", Members: []string{}, IsRemove: true})
		}},
		{"GetGroupDescription", func() error { _, err := adm.GetGroupDescription(ctx, "devs"); return err }},
		{"ListGroups", func() error { _, err := adm.ListGroups(ctx); return err }},
		{"SetGroupStatus", func() error { return adm.SetGroupStatus(ctx, "devs", madmin.GroupDisabled) }},
		{"ListCannedPolicies", func() error { _, err := adm.ListCannedPolicies(ctx); return err }},
		{"AddCannedPolicy", func() error { return adm.AddCannedPolicy(ctx, "photos-read", doc) }},
		{"RemoveCannedPolicy", func() error { return adm.RemoveCannedPolicy(ctx, "photos-read") }},
		{"InfoCannedPolicyV2", func() error { _, err := adm.InfoCannedPolicyV2(ctx, "photos-read"); return err }},
		{"SetPolicy", func() error { return adm.SetPolicy(ctx, "readonly,diagnostics", "devs", true) }},
		{"AttachPolicy", func() error {
			return adm.AttachPolicy(ctx, madmin.PolicyAssociationReq{Policies: []string{"readonly"}, User: "alice"})
		}},
		{"DetachPolicy", func() error {
			return adm.DetachPolicy(ctx, madmin.PolicyAssociationReq{Policies: []string{"readonly"}, Group: "devs"})
		}},
		{"GetPolicyEntities", func() error {
			_, err := adm.GetPolicyEntities(ctx, madmin.PolicyEntitiesQuery{Users: []string{"alice", "bob"}, Policy: []string{"readonly"}})
			return err
		}},
		{"AddServiceAccount", func() error {
			_, err := adm.AddServiceAccount(ctx, madmin.AddServiceAccountReq{Policy: doc, TargetUser: "alice", Comment: "ci"})
			return err
		}},
		{"UpdateServiceAccount", func() error {
			return adm.UpdateServiceAccount(ctx, "SVCACCT1", madmin.UpdateServiceAccountReq{NewStatus: "off", NewSecretKey: "new-secret-1"})
		}},
		{"ListServiceAccounts", func() error { _, err := adm.ListServiceAccounts(ctx, "alice"); return err }},
		{"InfoServiceAccount", func() error { _, err := adm.InfoServiceAccount(ctx, "SVCACCT1"); return err }},
		{"DeleteServiceAccount", func() error { return adm.DeleteServiceAccount(ctx, "SVCACCT1") }},
		{"AccountInfo", func() error { _, err := adm.AccountInfo(ctx, madmin.AccountOpts{PrefixUsage: true}); return err }},
		{"ServerInfo", func() error { _, err := adm.ServerInfo(ctx); return err }},
		{"StorageInfo", func() error { _, err := adm.StorageInfo(ctx); return err }},
		{"DataUsageInfo", func() error { _, err := adm.DataUsageInfo(ctx); return err }},
		{"GetBucketQuota", func() error { _, err := adm.GetBucketQuota(ctx, "photos"); return err }},
		{"SetBucketQuota", func() error {
			return adm.SetBucketQuota(ctx, "photos", &madmin.BucketQuota{Quota: 1 << 30, Type: madmin.HardQuota})
		}},
		{"ServiceRestart", func() error { return adm.ServiceRestart(ctx) }},
		{"GetConfigKV", func() error { _, err := adm.GetConfigKV(ctx, "region"); return err }},
		{"SetConfigKV", func() error { _, err := adm.SetConfigKV(ctx, `region name="eu west"`); return err }},
		{"DelConfigKV", func() error { _, err := adm.DelConfigKV(ctx, "region"); return err }},
		{"HelpConfigKV", func() error { _, err := adm.HelpConfigKV(ctx, "region", "name", false); return err }},
		{"HealStart", func() error {
			_, _, err := adm.Heal(ctx, "photos", "a/b", madmin.HealOpts{Recursive: true, ScanMode: madmin.HealDeepScan}, "", true, false)
			return err
		}},
		{"HealStatus", func() error {
			_, _, err := adm.Heal(ctx, "photos", "a/b", madmin.HealOpts{}, "tok", false, false)
			return err
		}},
		{"BackgroundHealStatus", func() error { _, err := adm.BackgroundHealStatus(ctx); return err }},
		{"ServiceTrace", func() error {
			tctx, cancel := context.WithCancel(ctx)
			defer cancel()
			opts := madmin.ServiceTraceOpts{S3: true, Internal: true, OnlyErrors: true, Threshold: 1500 * time.Millisecond}
			info, ok := <-adm.ServiceTrace(tctx, opts)
			if !ok {
				return fmt.Errorf("trace ended without an event")
			}
			return info.Err
		}},
		{"GetLogs", func() error {
			lctx, cancel := context.WithCancel(ctx)
			defer cancel()
			info, ok := <-adm.GetLogs(lctx, "", 5, "MINIO")
			if !ok {
				return fmt.Errorf("log ended without an entry")
			}
			return info.Err
		}},
		{"AddTier", func() error {
			return adm.AddTier(ctx, &madmin.TierConfig{Version: "v1", Type: madmin.S3, Name: "WARM", S3: &madmin.TierS3{
				Endpoint: "https://s3.amazonaws.com", AccessKey: "tier-ak", SecretKey: "tier-sk", Bucket: "cold",
				Prefix: "p/", Region: "us-east-1", StorageClass: "STANDARD",
			}})
		}},
		{"ListTiers", func() error { _, err := adm.ListTiers(ctx); return err }},
		{"EditTier", func() error {
			return adm.EditTier(ctx, "WARM", madmin.TierCreds{AccessKey: "tier-ak2", SecretKey: "tier-sk2"})
		}},
		{"VerifyTier", func() error { return adm.VerifyTier(ctx, "WARM") }},
		{"RemoveTier", func() error { return adm.RemoveTier(ctx, "WARM") }},
		{"TierStats", func() error { _, err := adm.TierStats(ctx); return err }},
		{"ListRemoteTargets", func() error { _, err := adm.ListRemoteTargets(ctx, "photos", "replication"); return err }},
		{"SetRemoteTarget", func() error {
			_, err := adm.SetRemoteTarget(ctx, "photos", remoteTarget(""))
			return err
		}},
		{"UpdateRemoteTarget", func() error {
			_, err := adm.UpdateRemoteTarget(ctx, remoteTarget("arn:minio:replication::id:photos-copy"),
				madmin.CredentialsUpdateType, madmin.SyncUpdateType)
			return err
		}},
		{"RemoveRemoteTarget", func() error {
			return adm.RemoveRemoteTarget(ctx, "photos", "arn:minio:replication::id:photos-copy")
		}},
		{"SiteReplicationAdd", func() error {
			_, err := adm.SiteReplicationAdd(ctx, []madmin.PeerSite{
				{Name: "east", Endpoint: "http://127.0.0.1:9001", AccessKey: "east-root", SecretKey: "east-secret"},
				{Name: "west", Endpoint: "http://127.0.0.1:9002", AccessKey: "west-root", SecretKey: "west-secret"},
			})
			return err
		}},
		{"SiteReplicationInfo", func() error { _, err := adm.SiteReplicationInfo(ctx); return err }},
		{"SRStatusInfo", func() error {
			_, err := adm.SRStatusInfo(ctx, madmin.SRStatusOptions{Buckets: true, Users: true})
			return err
		}},
		{"SRStatusInfoEntity", func() error {
			_, err := adm.SRStatusInfo(ctx, madmin.SRStatusOptions{Entity: madmin.SRBucketEntity, EntityValue: "photos"})
			return err
		}},
		{"SiteReplicationEdit", func() error {
			_, err := adm.SiteReplicationEdit(ctx, madmin.PeerInfo{Endpoint: "http://127.0.0.1:9003", Name: "west", DeploymentID: "dep-west"})
			return err
		}},
		{"SiteReplicationRemove", func() error {
			_, err := adm.SiteReplicationRemove(ctx, madmin.SRRemoveReq{SiteNames: []string{"west"}})
			return err
		}},
		{"SiteReplicationResyncOp", func() error {
			_, err := adm.SiteReplicationResyncOp(ctx, madmin.PeerInfo{Endpoint: "http://127.0.0.1:9003", Name: "west", DeploymentID: "dep-west"}, madmin.SiteResyncStart)
			return err
		}},
		{"ServerHealthInfo", func() error {
			hctx, cancel := context.WithCancel(ctx)
			defer cancel()
			resp, _, err := adm.ServerHealthInfo(hctx, []madmin.HealthDataType{madmin.HealthDataTypeMinioInfo, madmin.HealthDataTypeSysCPU}, time.Hour)
			if err == nil {
				resp.Body.Close()
			}
			return err
		}},
	}
	for _, step := range steps {
		if err := step.call(); err != nil {
			return fmt.Errorf("%s: %w", step.name, err)
		}
	}
	return nil
}

// remoteTarget is the replication target the replay script sets and updates.
func remoteTarget(arn string) *madmin.BucketTarget {
	return &madmin.BucketTarget{
		SourceBucket: "photos",
		Endpoint:     "backup.example.com:9000",
		Credentials:  &madmin.Credentials{AccessKey: "remote-ak", SecretKey: "remote-secret"},
		TargetBucket: "photos-copy",
		API:          "s3v4",
		Arn:          arn,
		Type:         madmin.ReplicationService,
	}
}
