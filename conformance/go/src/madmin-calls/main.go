// SPDX-License-Identifier: Apache-2.0

// Command madmin-calls drives every admin API call the Stowage store serves with MinIO's own Go SDKs
// (Debian's madmin-go and minio-go sources, built in GOPATH mode) and checks the answers, including a
// user who signs in with S3 credentials and is refused what their policy does not allow.
//
// Usage: madmin-calls <host:port> <root-access-key> <root-secret-key> [config]
//
// With `config` it drives the configuration API instead (config.go); with `replication <target>`,
// bucket replication to a second store (replication.go); with `tiers <remote-url> <remote-bucket>` the
// remote tier API and bucket lifecycle (tiers.go).
//
// Each step prints one line; the first failure prints "FAIL <step>: <reason>" (stdout and stderr) and
// exits 1. Success ends
// with "OK <n> steps".
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/minio/madmin-go/v2"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

var (
	ctx      = context.Background()
	endpoint string
	steps    int
)

func fail(step string, format string, args ...interface{}) {
	msg := fmt.Sprintf("FAIL %s: %s (after %d good steps)\n", step, fmt.Sprintf(format, args...), steps)
	fmt.Print(msg)
	fmt.Fprint(os.Stderr, msg)
	os.Exit(1)
}

func check(step string, err error) {
	if err != nil {
		fail(step, "%v", err)
	}
	steps++
	fmt.Printf("ok   %s\n", step)
}

func expect(step string, cond bool, format string, args ...interface{}) {
	if !cond {
		fail(step, format, args...)
	}
	steps++
	fmt.Printf("ok   %s\n", step)
}

// expectCode checks that err is an admin or S3 error with the given code.
func expectCode(step string, err error, code string) {
	if err == nil {
		fail(step, "expected error %s, got success", code)
	}
	got := madmin.ToErrorResponse(err).Code
	if got == "" {
		got = minio.ToErrorResponse(err).Code
	}
	if got != code {
		fail(step, "expected error code %s, got %q (%v)", code, got, err)
	}
	steps++
	fmt.Printf("ok   %s (%s)\n", step, code)
}

func s3Client(step, ak, sk, token string) *minio.Client {
	c, err := minio.New(endpoint, &minio.Options{Creds: credentials.NewStaticV4(ak, sk, token), Secure: false, Region: "us-east-1"})
	if err != nil {
		fail(step, "minio.New: %v", err)
	}
	return c
}

func adminClient(step, ak, sk string) *madmin.AdminClient {
	c, err := madmin.New(endpoint, ak, sk, false)
	if err != nil {
		fail(step, "madmin.New: %v", err)
	}
	return c
}

func main() {
	if len(os.Args) == 7 && os.Args[4] == "tiers" {
		endpoint = os.Args[1]
		tierSteps(adminClient("root admin client", os.Args[2], os.Args[3]), s3Client("root s3 client", os.Args[2], os.Args[3], ""),
			os.Args[2], os.Args[3], os.Args[5], os.Args[6])
		fmt.Printf("OK %d steps\n", steps)
		return
	}
	replicationMode := len(os.Args) == 6 && os.Args[4] == "replication"
	if len(os.Args) != 4 && (len(os.Args) != 5 || os.Args[4] != "config") && !replicationMode {
		fmt.Fprintln(os.Stderr, "usage: madmin-calls <host:port> <root-access-key> <root-secret-key> [config | replication <target host:port> | tiers <remote-url> <remote-bucket>]")
		os.Exit(2)
	}
	endpoint = os.Args[1]
	rootAK, rootSK := os.Args[2], os.Args[3]
	adm := adminClient("root admin client", rootAK, rootSK)
	if replicationMode {
		replicationSteps(adm, rootAK, rootSK, os.Args[5])
		fmt.Printf("OK %d steps\n", steps)
		return
	}
	if len(os.Args) == 5 {
		configSteps(adm)
		fmt.Printf("OK %d steps\n", steps)
		return
	}
	root := s3Client("root s3 client", rootAK, rootSK, "")

	// Server state.
	info, err := adm.ServerInfo(ctx)
	check("ServerInfo", err)
	expect("ServerInfo mode", info.Mode == "online" && len(info.Servers) == 1, "mode=%q servers=%d", info.Mode, len(info.Servers))
	expect("ServerInfo drives", len(info.Servers[0].Disks) > 0, "no drives reported")
	st, err := adm.StorageInfo(ctx)
	check("StorageInfo", err)
	expect("StorageInfo disks", len(st.Disks) == len(info.Servers[0].Disks), "disks %d vs %d", len(st.Disks), len(info.Servers[0].Disks))

	// A bucket with data, written as root.
	const bucket = "conf-bucket"
	check("MakeBucket", root.MakeBucket(ctx, bucket, minio.MakeBucketOptions{}))
	_, err = root.PutObject(ctx, bucket, "docs/readme.txt", strings.NewReader("hello from go"), 13, minio.PutObjectOptions{})
	check("PutObject as root", err)

	du, err := adm.DataUsageInfo(ctx)
	check("DataUsageInfo", err)
	expect("DataUsageInfo buckets", du.BucketsCount >= 1, "bucketsCount=%d", du.BucketsCount)

	// Policies.
	policy := []byte(`{"Version":"2012-10-17","Statement":[` +
		`{"Effect":"Allow","Action":["s3:GetBucketLocation","s3:ListBucket"],"Resource":["arn:aws:s3:::` + bucket + `"]},` +
		`{"Effect":"Allow","Action":["s3:GetObject"],"Resource":["arn:aws:s3:::` + bucket + `/*"]}]}`)
	check("AddCannedPolicy", adm.AddCannedPolicy(ctx, "conf-read", policy))
	expectCode("AddCannedPolicy malformed", adm.AddCannedPolicy(ctx, "conf-bad", []byte(`{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:GetObject"}]}`)), "XMinioMalformedIAMPolicy")
	policies, err := adm.ListCannedPolicies(ctx)
	check("ListCannedPolicies", err)
	for _, n := range []string{"conf-read", "readonly", "readwrite", "writeonly", "diagnostics", "consoleAdmin"} {
		expect("ListCannedPolicies has "+n, policies[n] != nil, "missing")
	}
	pinfo, err := adm.InfoCannedPolicyV2(ctx, "conf-read")
	check("InfoCannedPolicyV2", err)
	expect("InfoCannedPolicyV2 name", pinfo.PolicyName == "conf-read" && len(pinfo.Policy) > 0, "%+v", pinfo)
	raw, err := adm.InfoCannedPolicy(ctx, "conf-read")
	check("InfoCannedPolicy", err)
	expect("InfoCannedPolicy body", bytes.Contains(raw, []byte("s3:GetObject")), "%s", raw)

	// Users.
	const user, userSecret = "conf-user", "conf-user-secret"
	check("AddUser", adm.AddUser(ctx, user, userSecret))
	expectCode("AddUser short secret", adm.AddUser(ctx, "conf-x", "short"), "XMinioAdminInvalidArgument")
	users, err := adm.ListUsers(ctx)
	check("ListUsers", err)
	expect("ListUsers has user", users[user].Status == madmin.AccountEnabled, "%+v", users)
	check("SetPolicy user", adm.SetPolicy(ctx, "conf-read", user, false))
	ui, err := adm.GetUserInfo(ctx, user)
	check("GetUserInfo", err)
	expect("GetUserInfo policy", ui.PolicyName == "conf-read", "policyName=%q", ui.PolicyName)
	_, err = adm.GetUserInfo(ctx, "conf-nobody")
	expectCode("GetUserInfo unknown", err, "XMinioAdminNoSuchUser")

	// Groups.
	check("UpdateGroupMembers add", adm.UpdateGroupMembers(ctx, madmin.GroupAddRemove{Group: "conf-group", Members: []string{user}, Status: madmin.GroupEnabled}))
	gd, err := adm.GetGroupDescription(ctx, "conf-group")
	check("GetGroupDescription", err)
	expect("GetGroupDescription members", len(gd.Members) == 1 && gd.Members[0] == user && gd.Status == "enabled", "%+v", gd)
	groups, err := adm.ListGroups(ctx)
	check("ListGroups", err)
	sort.Strings(groups)
	expect("ListGroups has group", sort.SearchStrings(groups, "conf-group") < len(groups), "%v", groups)
	check("AttachPolicy group", adm.AttachPolicy(ctx, madmin.PolicyAssociationReq{Policies: []string{"diagnostics"}, Group: "conf-group"}))
	// Repeated query values are given in sorted order: the store's SigV4 verifier sorts repeated values
	// (AWS rule) while minio-go signs them in the order given (Go's url.Values), as MinIO verifies.
	ent, err := adm.GetPolicyEntities(ctx, madmin.PolicyEntitiesQuery{Policy: []string{"conf-read", "diagnostics"}})
	check("GetPolicyEntities", err)
	expect("GetPolicyEntities mappings", len(ent.PolicyMappings) == 2, "%+v", ent)
	check("SetGroupStatus disabled", adm.SetGroupStatus(ctx, "conf-group", madmin.GroupDisabled))
	check("SetGroupStatus enabled", adm.SetGroupStatus(ctx, "conf-group", madmin.GroupEnabled))
	expectCode("UpdateGroupMembers delete non-empty", adm.UpdateGroupMembers(ctx, madmin.GroupAddRemove{Group: "conf-group", IsRemove: true}), "XMinioAdminGroupNotEmpty")

	// The user signs in with S3 credentials: reads are allowed, writes and admin calls refused.
	us3 := s3Client("user s3 client", user, userSecret, "")
	obj, err := us3.GetObject(ctx, bucket, "docs/readme.txt", minio.GetObjectOptions{})
	check("user GetObject", err)
	body, err := io.ReadAll(obj)
	check("user GetObject read", err)
	expect("user GetObject body", string(body) == "hello from go", "%q", body)
	_, err = us3.PutObject(ctx, bucket, "docs/evil.txt", strings.NewReader("x"), 1, minio.PutObjectOptions{})
	expectCode("user PutObject refused", err, "AccessDenied")
	expectCode("user MakeBucket refused", us3.MakeBucket(ctx, "conf-user-bucket", minio.MakeBucketOptions{}), "AccessDenied")
	uadm := adminClient("user admin client", user, userSecret)
	_, err = uadm.ListUsers(ctx)
	expectCode("user ListUsers refused", err, "AccessDenied")
	expectCode("user AddCannedPolicy refused", uadm.AddCannedPolicy(ctx, "x", policy), "AccessDenied")
	own, err := uadm.GetUserInfo(ctx, user)
	check("user GetUserInfo self", err)
	expect("user GetUserInfo self policy", own.PolicyName == "conf-read", "%+v", own)
	acct, err := uadm.AccountInfo(ctx, madmin.AccountOpts{})
	check("user AccountInfo", err)
	found := false
	for _, b := range acct.Buckets {
		if b.Name == bucket {
			found = true
			expect("user AccountInfo access", b.Access.Read && !b.Access.Write, "%+v", b.Access)
			expect("user AccountInfo usage", b.Objects >= 1 && b.Size >= 13, "objects=%d size=%d", b.Objects, b.Size)
		}
	}
	expect("user AccountInfo lists bucket", found, "%+v", acct.Buckets)

	// Service accounts: the user makes one for themselves, narrowed to docs/.
	saPolicy := []byte(`{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:GetObject"],"Resource":["arn:aws:s3:::` + bucket + `/docs/*"]}]}`)
	sa, err := uadm.AddServiceAccount(ctx, madmin.AddServiceAccountReq{Policy: saPolicy, Comment: "conformance"})
	check("user AddServiceAccount", err)
	expect("AddServiceAccount keys", len(sa.AccessKey) == 20 && len(sa.SecretKey) == 40, "%d/%d", len(sa.AccessKey), len(sa.SecretKey))
	list, err := uadm.ListServiceAccounts(ctx, "")
	check("user ListServiceAccounts", err)
	expect("ListServiceAccounts has key", len(list.Accounts) == 1 && list.Accounts[0] == sa.AccessKey, "%+v", list)
	sinfo, err := adm.InfoServiceAccount(ctx, sa.AccessKey)
	check("InfoServiceAccount", err)
	expect("InfoServiceAccount fields", sinfo.ParentUser == user && sinfo.AccountStatus == "on" && !sinfo.ImpliedPolicy, "%+v", sinfo)
	var parsed map[string]interface{}
	expect("InfoServiceAccount policy JSON", json.Unmarshal([]byte(sinfo.Policy), &parsed) == nil, "%q", sinfo.Policy)
	sas3 := s3Client("sa s3 client", sa.AccessKey, sa.SecretKey, "")
	_, err = sas3.StatObject(ctx, bucket, "docs/readme.txt", minio.StatObjectOptions{})
	check("service account StatObject", err)
	_, err = sas3.PutObject(ctx, bucket, "docs/sa.txt", strings.NewReader("x"), 1, minio.PutObjectOptions{})
	expectCode("service account PutObject refused (session policy)", err, "AccessDenied")
	check("UpdateServiceAccount off", uadm.UpdateServiceAccount(ctx, sa.AccessKey, madmin.UpdateServiceAccountReq{NewStatus: "off"}))
	_, err = sas3.StatObject(ctx, bucket, "docs/readme.txt", minio.StatObjectOptions{})
	expect("disabled service account refused", err != nil, "request succeeded")
	check("DeleteServiceAccount", uadm.DeleteServiceAccount(ctx, sa.AccessKey))
	_, err = adm.InfoServiceAccount(ctx, sa.AccessKey)
	expectCode("InfoServiceAccount deleted", err, "XMinioInvalidIAMCredentials")
	rootSA, err := adm.AddServiceAccount(ctx, madmin.AddServiceAccountReq{TargetUser: user, AccessKey: "conf-ci-key", SecretKey: "conf-ci-secret"})
	check("root AddServiceAccount for user with custom keys", err)
	expect("custom keys kept", rootSA.AccessKey == "conf-ci-key", "%+v", rootSA)
	check("DeleteServiceAccount custom", adm.DeleteServiceAccount(ctx, "conf-ci-key"))

	// STS: AssumeRole with the user's keys; the temporary credentials work for S3.
	sts, err := credentials.NewSTSAssumeRole("http://"+endpoint, credentials.STSAssumeRoleOptions{AccessKey: user, SecretKey: userSecret, DurationSeconds: 3600})
	check("NewSTSAssumeRole", err)
	v, err := sts.Get()
	check("AssumeRole", err)
	expect("AssumeRole credentials", len(v.AccessKeyID) == 20 && v.SessionToken != "", "%+v", v.AccessKeyID)
	tinfo, err := adm.TemporaryAccountInfo(ctx, v.AccessKeyID)
	check("TemporaryAccountInfo", err)
	expect("TemporaryAccountInfo parent", tinfo.ParentUser == user && tinfo.ImpliedPolicy, "%+v", tinfo)
	stsS3 := s3Client("sts s3 client", v.AccessKeyID, v.SecretAccessKey, v.SessionToken)
	_, err = stsS3.StatObject(ctx, bucket, "docs/readme.txt", minio.StatObjectOptions{})
	check("STS StatObject", err)
	_, err = stsS3.PutObject(ctx, bucket, "docs/evil.txt", strings.NewReader("x"), 1, minio.PutObjectOptions{})
	expectCode("STS PutObject refused", err, "AccessDenied")
	stsAdm := adminClient("sts admin client", v.AccessKeyID, v.SecretAccessKey)
	_, err = stsAdm.ListUsers(ctx)
	expect("STS admin call refused", err != nil, "ListUsers succeeded")

	// Disabled users are refused.
	check("SetUserStatus disabled", adm.SetUserStatus(ctx, user, madmin.AccountDisabled))
	_, err = us3.StatObject(ctx, bucket, "docs/readme.txt", minio.StatObjectOptions{})
	expect("disabled user refused", err != nil, "request succeeded")
	check("SetUserStatus enabled", adm.SetUserStatus(ctx, user, madmin.AccountEnabled))

	// Bucket quota: hard quota enforced on PUT.
	check("SetBucketQuota", adm.SetBucketQuota(ctx, bucket, &madmin.BucketQuota{Quota: 1024, Type: madmin.HardQuota}))
	q, err := adm.GetBucketQuota(ctx, bucket)
	check("GetBucketQuota", err)
	expect("GetBucketQuota value", q.Quota == 1024 && q.Type == madmin.HardQuota, "%+v", q)
	_, err = root.PutObject(ctx, bucket, "big.bin", bytes.NewReader(make([]byte, 2048)), 2048, minio.PutObjectOptions{})
	expectCode("PutObject over quota", err, "XMinioAdminBucketQuotaExceeded")
	check("SetBucketQuota clear", adm.SetBucketQuota(ctx, bucket, &madmin.BucketQuota{}))
	_, err = adm.GetBucketQuota(ctx, bucket)
	expectCode("GetBucketQuota cleared", err, "XMinioAdminNoSuchQuotaConfiguration")

	// Service restart re-reads configuration; IAM is intact afterwards.
	check("ServiceRestart", adm.ServiceRestart(ctx))
	time.Sleep(100 * time.Millisecond)
	_, err = adm.GetUserInfo(ctx, user)
	check("GetUserInfo after restart", err)

	// Clean up.
	check("DetachPolicy group", adm.DetachPolicy(ctx, madmin.PolicyAssociationReq{Policies: []string{"diagnostics"}, Group: "conf-group"}))
	check("UpdateGroupMembers remove", adm.UpdateGroupMembers(ctx, madmin.GroupAddRemove{Group: "conf-group", Members: []string{user}, IsRemove: true}))
	check("UpdateGroupMembers delete", adm.UpdateGroupMembers(ctx, madmin.GroupAddRemove{Group: "conf-group", IsRemove: true}))
	expectCode("RemoveCannedPolicy in use", adm.RemoveCannedPolicy(ctx, "conf-read"), "XMinioAdminPolicyInUse")
	check("RemoveUser", adm.RemoveUser(ctx, user))
	check("RemoveCannedPolicy", adm.RemoveCannedPolicy(ctx, "conf-read"))
	_, err = adm.InfoCannedPolicyV2(ctx, "conf-read")
	expectCode("InfoCannedPolicy removed", err, "XMinioAdminNoSuchPolicy")

	fmt.Printf("OK %d steps\n", steps)
}
