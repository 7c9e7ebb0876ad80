// SPDX-License-Identifier: Apache-2.0

package main

import (
	"strings"
	"time"

	"github.com/minio/madmin-go/v2"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/replication"
)

// replicationSteps drives bucket replication from the store at `endpoint` to the one at `target`
// (both with the same root credentials) with madmin-go's remote-target calls and minio-go's
// replication configuration, metrics and resync calls.
func replicationSteps(adm *madmin.AdminClient, rootAK, rootSK, target string) {
	src := s3Client("source s3 client", rootAK, rootSK, "")
	saved := endpoint
	endpoint = target
	dst := s3Client("target s3 client", rootAK, rootSK, "")
	endpoint = saved

	check("MakeBucket source", src.MakeBucket(ctx, "go-src", minio.MakeBucketOptions{}))
	check("EnableVersioning source", src.EnableVersioning(ctx, "go-src"))
	check("MakeBucket target", dst.MakeBucket(ctx, "go-dst", minio.MakeBucketOptions{}))

	bt := &madmin.BucketTarget{
		SourceBucket: "go-src",
		Endpoint:     target,
		Credentials:  &madmin.Credentials{AccessKey: rootAK, SecretKey: rootSK},
		TargetBucket: "go-dst",
		Type:         madmin.ReplicationService,
	}
	_, err := adm.SetRemoteTarget(ctx, "go-src", bt)
	expectCode("SetRemoteTarget unversioned target", err, "XMinioAdminRemoteTargetNotVersionedError")
	check("EnableVersioning target", dst.EnableVersioning(ctx, "go-dst"))
	arn, err := adm.SetRemoteTarget(ctx, "go-src", bt)
	check("SetRemoteTarget", err)
	parsed, err := madmin.ParseARN(arn)
	check("ParseARN", err)
	expect("ARN fields", parsed.Type == madmin.ReplicationService && parsed.Bucket == "go-dst", "%s", arn)

	targets, err := adm.ListRemoteTargets(ctx, "go-src", "replication")
	check("ListRemoteTargets", err)
	expect("ListRemoteTargets one", len(targets) == 1 && targets[0].Arn == arn, "%+v", targets)
	upd := targets[0]
	upd.BandwidthLimit = 10 << 20
	upd.Credentials = &madmin.Credentials{AccessKey: rootAK, SecretKey: rootSK}
	_, err = adm.UpdateRemoteTarget(ctx, &upd, madmin.BandwidthLimitUpdateType)
	check("UpdateRemoteTarget bandwidth", err)
	targets, err = adm.ListRemoteTargets(ctx, "go-src", "")
	check("ListRemoteTargets after update", err)
	expect("bandwidth updated", len(targets) == 1 && targets[0].BandwidthLimit == 10<<20, "%+v", targets)

	// minio-go turns ReplicationConfigurationNotFoundError (the code it looks for) into an empty config.
	none, err := src.GetBucketReplication(ctx, "go-src")
	check("GetBucketReplication none", err)
	expect("GetBucketReplication none empty", none.Empty(), "%+v", none)
	cfg := replication.Config{Rules: []replication.Rule{{
		ID:                      "go-rule",
		Status:                  replication.Enabled,
		Priority:                1,
		DeleteMarkerReplication: replication.DeleteMarkerReplication{Status: replication.Enabled},
		DeleteReplication:       replication.DeleteReplication{Status: replication.Enabled},
		Destination:             replication.Destination{Bucket: arn},
	}}}
	check("SetBucketReplication", src.SetBucketReplication(ctx, "go-src", cfg))
	got, err := src.GetBucketReplication(ctx, "go-src")
	check("GetBucketReplication", err)
	expect("GetBucketReplication rule", len(got.Rules) == 1 && got.Rules[0].ID == "go-rule" &&
		got.Rules[0].Destination.Bucket == arn && got.Rules[0].DeleteMarkerReplication.Status == replication.Enabled,
		"%+v", got)

	put, err := src.PutObject(ctx, "go-src", "docs/a.txt", strings.NewReader("replicated by go"), 16, minio.PutObjectOptions{})
	check("PutObject source", err)
	var replica minio.ObjectInfo
	deadline := time.Now().Add(30 * time.Second)
	for {
		replica, err = dst.StatObject(ctx, "go-dst", "docs/a.txt", minio.StatObjectOptions{})
		if err == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	check("StatObject replica", err)
	expect("replica version id", replica.VersionID == put.VersionID, "%s vs %s", replica.VersionID, put.VersionID)
	expect("replica status", replica.ReplicationStatus == "REPLICA", "%q", replica.ReplicationStatus)
	source, err := src.StatObject(ctx, "go-src", "docs/a.txt", minio.StatObjectOptions{})
	check("StatObject source", err)
	expect("source status", source.ReplicationStatus == "COMPLETED", "%q", source.ReplicationStatus)
	expect("same modification time", source.LastModified.Equal(replica.LastModified), "%v vs %v", source.LastModified, replica.LastModified)

	m, err := src.GetBucketReplicationMetrics(ctx, "go-src")
	check("GetBucketReplicationMetrics", err)
	expect("metrics per target", m.Stats[arn].ReplicatedSize >= 16 && m.PendingCount == 0 && m.FailedCount == 0, "%+v", m)

	info, err := src.ResetBucketReplicationOnTarget(ctx, "go-src", 0, arn)
	check("ResetBucketReplicationOnTarget", err)
	expect("resync target", len(info.Targets) == 1 && info.Targets[0].Arn == arn && info.Targets[0].ResetID != "", "%+v", info)
	var status replication.ResyncTargetsInfo
	deadline = time.Now().Add(30 * time.Second)
	for {
		status, err = src.GetBucketReplicationResyncStatus(ctx, "go-src", arn)
		if err != nil || time.Now().After(deadline) ||
			(len(status.Targets) == 1 && status.Targets[0].ResyncStatus == "Completed") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	check("GetBucketReplicationResyncStatus", err)
	expect("resync completed", len(status.Targets) == 1 && status.Targets[0].Arn == arn &&
		status.Targets[0].ResetID == info.Targets[0].ResetID && status.Targets[0].ResyncStatus == "Completed" &&
		status.Targets[0].ReplicatedCount == 1 && status.Targets[0].ReplicatedSize == 16 &&
		status.Targets[0].FailedCount == 0 && status.Targets[0].Object == "docs/a.txt" &&
		!status.Targets[0].EndTime.Before(status.Targets[0].StartTime), "%+v", status)
	all, err := src.GetBucketReplicationResyncStatus(ctx, "go-src", "")
	check("GetBucketReplicationResyncStatus all targets", err)
	expect("one resynced target", len(all.Targets) == 1, "%+v", all)
	_, err = dst.GetBucketReplicationResyncStatus(ctx, "go-dst", "")
	expectCode("GetBucketReplicationResyncStatus without a configuration", err, "ReplicationConfigurationNotFoundError")

	expectCode("RemoveRemoteTarget in use", adm.RemoveRemoteTarget(ctx, "go-src", arn), "XMinioAdminRemoteRemoveDisallowed")
	check("RemoveBucketReplication", src.RemoveBucketReplication(ctx, "go-src"))
	check("RemoveRemoteTarget", adm.RemoveRemoteTarget(ctx, "go-src", arn))
	targets, err = adm.ListRemoteTargets(ctx, "go-src", "")
	check("ListRemoteTargets after remove", err)
	expect("no targets", len(targets) == 0, "%+v", targets)
}
