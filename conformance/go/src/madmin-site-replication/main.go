// SPDX-License-Identifier: Apache-2.0

// Command madmin-site-replication drives the store's site replication calls with MinIO's own Go SDK
// (Debian's madmin-go, built in GOPATH mode): SiteReplicationAdd, SiteReplicationInfo, SRStatusInfo,
// SiteReplicationEdit and SiteReplicationRemove against three stores.
//
// Usage:
//
//	madmin-site-replication <host:port a> <host:port b> <host:port c> <access-key> <secret-key>
//
// It checks that replication is off everywhere, joins the three sites through a, reads the info of
// every site, adds a user at b and polls a's status until the user is at every site, edits c's
// endpoint (to the same address), removes c, and checks that a and b go on as two sites while c is
// no longer replicating. It prints "OK <steps> steps".
//
// A failure prints "FAIL <reason>" and exits 1.
package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/minio/madmin-go/v2"
)

var ctx = context.Background()
var steps = 0

func fail(format string, args ...interface{}) {
	msg := fmt.Sprintf("FAIL "+format+"\n", args...)
	fmt.Print(msg)
	fmt.Fprint(os.Stderr, msg)
	os.Exit(1)
}

func step(name string, err error) {
	if err != nil {
		fail("%s: %v", name, err)
	}
	steps++
}

func names(info madmin.SiteReplicationInfo) string {
	out := []string{}
	for _, s := range info.Sites {
		out = append(out, s.Name)
	}
	return strings.Join(out, ",")
}

func main() {
	if len(os.Args) != 6 {
		fail("usage: madmin-site-replication <a> <b> <c> <access-key> <secret-key>")
	}
	hosts := os.Args[1:4]
	ak, sk := os.Args[4], os.Args[5]
	clients := make([]*madmin.AdminClient, 3)
	for i, h := range hosts {
		c, err := madmin.New(h, ak, sk, false)
		step("new client", err)
		clients[i] = c
	}
	a, b, c := clients[0], clients[1], clients[2]

	info, err := a.SiteReplicationInfo(ctx)
	step("info before add", err)
	if info.Enabled {
		fail("replication enabled before add")
	}

	sites := []madmin.PeerSite{}
	for i, h := range hosts {
		sites = append(sites, madmin.PeerSite{
			Name: fmt.Sprintf("go-site-%d", i), Endpoint: "http://" + h, AccessKey: ak, SecretKey: sk,
		})
	}
	added, err := a.SiteReplicationAdd(ctx, sites)
	step("add", err)
	if !added.Success || added.Status != madmin.ReplicateAddStatusSuccess {
		fail("add: %+v", added)
	}

	var depC string
	for i, cl := range clients {
		info, err := cl.SiteReplicationInfo(ctx)
		step("info", err)
		if !info.Enabled || info.Name != fmt.Sprintf("go-site-%d", i) || names(info) != "go-site-0,go-site-1,go-site-2" {
			fail("info of site %d: %+v", i, info)
		}
		if info.ServiceAccountAccessKey != "site-replicator-0" {
			fail("service account: %q", info.ServiceAccountAccessKey)
		}
		for _, s := range info.Sites {
			if s.Name == "go-site-2" {
				depC = s.DeploymentID
			}
		}
	}

	step("add user at b", b.AddUser(ctx, "go-sr-user", "go-sr-user-secret"))
	opts := madmin.SRStatusOptions{Entity: madmin.SRUserEntity, EntityValue: "go-sr-user"}
	deadline := time.Now().Add(60 * time.Second)
	for {
		st, err := a.SRStatusInfo(ctx, opts)
		step("status", err)
		if !st.Enabled || len(st.Sites) != 3 || len(st.StatsSummary) != 3 {
			fail("status: %+v", st)
		}
		rows := st.UserStats["go-sr-user"]
		everywhere := len(rows) == 3
		for _, r := range rows {
			everywhere = everywhere && r.HasUser && !r.UserInfoMismatch
		}
		if everywhere {
			break
		}
		if time.Now().After(deadline) {
			fail("user never reached every site: %+v", rows)
		}
		time.Sleep(200 * time.Millisecond)
	}

	edited, err := a.SiteReplicationEdit(ctx, madmin.PeerInfo{DeploymentID: depC, Endpoint: "http://" + hosts[2], Name: "go-site-2"})
	step("edit", err)
	if !edited.Success {
		fail("edit: %+v", edited)
	}

	removed, err := a.SiteReplicationRemove(ctx, madmin.SRRemoveReq{SiteNames: []string{"go-site-2"}})
	step("remove", err)
	if removed.Status != madmin.ReplicateRemoveStatusSuccess {
		fail("remove: %+v", removed)
	}
	for i, cl := range []*madmin.AdminClient{a, b} {
		info, err := cl.SiteReplicationInfo(ctx)
		step("info after remove", err)
		if !info.Enabled || names(info) != "go-site-0,go-site-1" {
			fail("site %d after remove: %+v", i, info)
		}
	}
	info, err = c.SiteReplicationInfo(ctx)
	step("info of the removed site", err)
	if info.Enabled {
		fail("the removed site still replicates: %+v", info)
	}
	fmt.Printf("OK %d steps\n", steps)
}
