// SPDX-License-Identifier: Apache-2.0

// Command madmin-heal drives the store's heal and health-info admin calls with MinIO's own Go SDK
// (Debian's madmin-go, built in GOPATH mode).
//
// Usage:
//
//	madmin-heal <host:port> <access-key> <secret-key> heal <bucket> [dry]
//	madmin-heal <host:port> <access-key> <secret-key> healthinfo
//
// `heal` starts a recursive deep heal of the bucket (a dry run with `dry`), polls it with its client
// token until it is no longer running, and prints one JSON line per object item
// ({"object","before":[states],"after":[states]}) and then "DONE <summary>". A second start while the
// first runs must fail with XMinioHealAlreadyRunning unless forced; a force stop of a path with no heal
// must fail with XMinioHealNoSuchProcess.
//
// `healthinfo` reads the whole ServerHealthInfo stream and prints the last report as JSON.
//
// A failure prints "FAIL <reason>" and exits 1.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/minio/madmin-go/v2"
)

var ctx = context.Background()

func fail(format string, args ...interface{}) {
	msg := fmt.Sprintf("FAIL "+format+"\n", args...)
	fmt.Print(msg)
	fmt.Fprint(os.Stderr, msg)
	os.Exit(1)
}

func states(drives []madmin.HealDriveInfo) []string {
	out := make([]string, len(drives))
	for i, d := range drives {
		out[i] = d.State
	}
	return out
}

func heal(adm *madmin.AdminClient, bucket string, dry bool) {
	opts := madmin.HealOpts{Recursive: true, DryRun: dry, Remove: true, ScanMode: madmin.HealDeepScan}
	start, _, err := adm.Heal(ctx, bucket, "", opts, "", false, false)
	if err != nil {
		fail("heal start: %v", err)
	}
	if start.ClientToken == "" {
		fail("heal start: no client token")
	}
	for {
		_, status, err := adm.Heal(ctx, bucket, "", opts, start.ClientToken, false, false)
		if err != nil {
			fail("heal status: %v", err)
		}
		for _, item := range status.Items {
			if item.Type != madmin.HealItemObject {
				continue
			}
			line, _ := json.Marshal(map[string]interface{}{
				"object": item.Object,
				"before": states(item.Before.Drives),
				"after":  states(item.After.Drives),
				"data":   item.DataBlocks,
				"parity": item.ParityBlocks,
			})
			fmt.Println(string(line))
		}
		if status.Summary != "running" {
			if status.HealSettings.DryRun != dry || !status.HealSettings.Recursive {
				fail("heal status settings %+v do not match the request", status.HealSettings)
			}
			fmt.Printf("DONE %s\n", status.Summary)
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	_, _, err = adm.Heal(ctx, bucket, "", opts, "", false, true)
	if madmin.ToErrorResponse(err).Code != "XMinioHealNoSuchProcess" {
		fail("force stop with no heal running: expected XMinioHealNoSuchProcess, got %v", err)
	}
	_, _, err = adm.Heal(ctx, bucket, "", opts, "not-a-token", false, false)
	if madmin.ToErrorResponse(err).Code != "XMinioHealInvalidClientToken" {
		fail("status with a wrong token: expected XMinioHealInvalidClientToken, got %v", err)
	}
}

func healthInfo(adm *madmin.AdminClient) {
	resp, version, err := adm.ServerHealthInfo(ctx, madmin.HealthDataTypesList, time.Minute)
	if err != nil {
		fail("healthinfo: %v", err)
	}
	defer resp.Body.Close()
	if version != madmin.HealthInfoVersion {
		fail("healthinfo version %q, want %q", version, madmin.HealthInfoVersion)
	}
	dec := json.NewDecoder(resp.Body)
	var last madmin.HealthInfo
	for {
		var info madmin.HealthInfo
		if err := dec.Decode(&info); err == io.EOF {
			break
		} else if err != nil {
			fail("healthinfo decode: %v", err)
		}
		if info.Error != "" {
			fail("healthinfo error: %s", info.Error)
		}
		last = info
	}
	out, _ := json.Marshal(last)
	fmt.Println(string(out))
}

func main() {
	if len(os.Args) < 5 {
		fail("usage: madmin-heal <host:port> <access-key> <secret-key> heal <bucket> [dry] | healthinfo")
	}
	adm, err := madmin.New(os.Args[1], os.Args[2], os.Args[3], false)
	if err != nil {
		fail("madmin.New: %v", err)
	}
	switch os.Args[4] {
	case "heal":
		if len(os.Args) < 6 {
			fail("heal needs a bucket")
		}
		heal(adm, os.Args[5], len(os.Args) > 6 && os.Args[6] == "dry")
	case "healthinfo":
		healthInfo(adm)
	default:
		fail("unknown command %s", os.Args[4])
	}
}
