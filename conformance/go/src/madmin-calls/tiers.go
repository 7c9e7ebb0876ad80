// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"time"

	"github.com/minio/madmin-go/v2"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/lifecycle"
)

// tierSteps drives the remote tier API (tier.go) and bucket lifecycle (minio-go) against the store,
// with remoteURL/remoteBucket a reachable S3 server and bucket holding the tier's data.
func tierSteps(adm *madmin.AdminClient, s3 *minio.Client, ak, sk, remoteURL, remoteBucket string) {
	lower, err := madmin.NewTierMinIO("gotier", remoteURL, ak, sk, remoteBucket)
	check("NewTierMinIO", err)
	expectCode("AddTier lower-case name", adm.AddTier(ctx, lower), "XMinioAdminTierNameNotUpperCase")
	wrong, _ := madmin.NewTierMinIO("GOTIER", remoteURL, ak, "wrong-secret-key", remoteBucket)
	expectCode("AddTier wrong secret", adm.AddTier(ctx, wrong), "XMinioAdminTierInvalidCredentials")
	missing, _ := madmin.NewTierMinIO("GOTIER", remoteURL, ak, sk, "no-such-remote-bucket")
	expectCode("AddTier missing bucket", adm.AddTier(ctx, missing), "XMinioAdminTierBucketNotFound")
	good, _ := madmin.NewTierMinIO("GOTIER", remoteURL, ak, sk, remoteBucket, madmin.MinIOPrefix("go/"))
	check("AddTier", adm.AddTier(ctx, good))
	expectCode("AddTier again", adm.AddTier(ctx, good), "XMinioAdminTierAlreadyExists")

	tiers, err := adm.ListTiers(ctx)
	check("ListTiers", err)
	expect("ListTiers content", len(tiers) == 1 && tiers[0].Name == "GOTIER" && tiers[0].Type == madmin.MinIO &&
		tiers[0].MinIO != nil && tiers[0].MinIO.SecretKey == "REDACTED" && tiers[0].MinIO.Prefix == "go/" &&
		tiers[0].MinIO.Bucket == remoteBucket, "got %+v", tiers)
	check("VerifyTier", adm.VerifyTier(ctx, "GOTIER"))
	expectCode("VerifyTier unknown", adm.VerifyTier(ctx, "NOPE"), "XMinioAdminTierNotFound")
	check("EditTier", adm.EditTier(ctx, "GOTIER", madmin.TierCreds{AccessKey: ak, SecretKey: sk}))
	expectCode("EditTier wrong secret", adm.EditTier(ctx, "GOTIER", madmin.TierCreds{AccessKey: ak, SecretKey: "nope-nope-nope"}),
		"XMinioAdminTierInvalidCredentials")
	stats, err := adm.TierStats(ctx)
	check("TierStats", err)
	expect("TierStats content", len(stats) == 1 && stats[0].Name == "GOTIER" && stats[0].Stats.NumVersions == 0,
		"got %+v", stats)

	check("MakeBucket", s3.MakeBucket(ctx, "go-lifecycle", minio.MakeBucketOptions{}))
	cfg := lifecycle.NewConfiguration()
	cfg.Rules = []lifecycle.Rule{{
		ID:         "to-gotier",
		Status:     "Enabled",
		RuleFilter: lifecycle.Filter{Prefix: "logs/"},
		Transition: lifecycle.Transition{Days: 30, StorageClass: "GOTIER"},
		Expiration: lifecycle.Expiration{Days: 365},
	}}
	check("SetBucketLifecycle", s3.SetBucketLifecycle(ctx, "go-lifecycle", cfg))
	got, err := s3.GetBucketLifecycle(ctx, "go-lifecycle")
	check("GetBucketLifecycle", err)
	expect("GetBucketLifecycle content", len(got.Rules) == 1 && got.Rules[0].ID == "to-gotier" &&
		got.Rules[0].RuleFilter.Prefix == "logs/" && int(got.Rules[0].Transition.Days) == 30 &&
		got.Rules[0].Transition.StorageClass == "GOTIER" && int(got.Rules[0].Expiration.Days) == 365, "got %+v", got.Rules)
	bad := lifecycle.NewConfiguration()
	bad.Rules = []lifecycle.Rule{{ID: "x", Status: "Enabled", RuleFilter: lifecycle.Filter{Prefix: ""},
		Transition: lifecycle.Transition{Days: 1, StorageClass: "UNKNOWN"}}}
	expectCode("SetBucketLifecycle unknown tier", s3.SetBucketLifecycle(ctx, "go-lifecycle", bad), "InvalidStorageClass")
	expectCode("RemoveTier in use", adm.RemoveTier(ctx, "GOTIER"), "XMinioAdminTierInUse")
	check("DeleteBucketLifecycle", s3.SetBucketLifecycle(ctx, "go-lifecycle", lifecycle.NewConfiguration()))
	check("RemoveTier", adm.RemoveTier(ctx, "GOTIER"))
	tiers, err = adm.ListTiers(ctx)
	check("ListTiers after remove", err)
	expect("ListTiers empty", len(tiers) == 0, "got %+v", tiers)

	scannerSteps(adm, s3)
}

// scannerSteps: a rule whose expiry date has passed removes the object at the next scanner cycle (the
// store runs the fastest scanner speed), and madmin's scanner metrics count the ILM operation.
func scannerSteps(adm *madmin.AdminClient, s3 *minio.Client) {
	_, err := s3.PutObject(ctx, "go-lifecycle", "old/x", bytes.NewReader([]byte("x")), 1, minio.PutObjectOptions{})
	check("PutObject old/x", err)
	cfg := lifecycle.NewConfiguration()
	cfg.Rules = []lifecycle.Rule{{
		ID:         "past-date",
		Status:     "Enabled",
		RuleFilter: lifecycle.Filter{Prefix: "old/"},
		Expiration: lifecycle.Expiration{Date: lifecycle.ExpirationDate{Time: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)}},
	}}
	check("SetBucketLifecycle past date", s3.SetBucketLifecycle(ctx, "go-lifecycle", cfg))
	var deletes uint64
	var scanner *madmin.ScannerMetrics
	for i := 0; i < 150 && deletes == 0; i++ {
		err = adm.Metrics(ctx, madmin.MetricsOptions{Type: madmin.MetricsScanner, N: 1}, func(m madmin.RealtimeMetrics) {
			scanner = m.Aggregated.Scanner
			if scanner != nil {
				deletes = scanner.LifeTimeILM["Delete"]
			}
		})
		if err != nil {
			break
		}
		if deletes == 0 {
			time.Sleep(100 * time.Millisecond)
		}
	}
	check("Metrics scanner", err)
	expect("Metrics counts the expiry", scanner != nil && deletes == 1 && scanner.CurrentCycle >= 1 &&
		len(scanner.CyclesCompletedAt) >= 1, "got %+v", scanner)
	_, err = s3.StatObject(ctx, "go-lifecycle", "old/x", minio.StatObjectOptions{})
	expectCode("StatObject expired", err, "NoSuchKey")
}
