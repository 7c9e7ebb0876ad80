// SPDX-License-Identifier: Apache-2.0

// Command madmin-pools drives the store's server pool calls with MinIO's own Go SDK (Debian's
// madmin-go, built in GOPATH mode): ListPoolsStatus, StatusPool, DecommissionPool and
// CancelDecommissionPool against a store of two pools.
//
// Usage:
//
//	madmin-pools <host:port> <access-key> <secret-key> <pool-to-drain> <other-pool>
//
// It lists the pools (both must be there, in order, without a decommission), checks that an unknown
// pool and a cancel with nothing running are refused, starts a decommission of <pool-to-drain>, checks
// that a second start is refused, cancels it, starts it again and polls StatusPool until it is
// complete, then prints the final PoolStatus as JSON and "OK <steps> steps".
//
// A failure prints "FAIL <reason>" and exits 1.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
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

// refused checks that a call failed with the admin error code MinIO answers with.
func refused(name string, err error, code string) {
	if err == nil {
		fail("%s: expected %s, got success", name, code)
	}
	if e := madmin.ToErrorResponse(err); e.Code != code {
		fail("%s: expected %s, got %v", name, code, err)
	}
	steps++
}

func main() {
	if len(os.Args) != 6 {
		fail("usage: madmin-pools <host:port> <access-key> <secret-key> <pool-to-drain> <other-pool>")
	}
	adm, err := madmin.New(os.Args[1], os.Args[2], os.Args[3], false)
	if err != nil {
		fail("madmin.New: %v", err)
	}
	drain, other := os.Args[4], os.Args[5]

	pools, err := adm.ListPoolsStatus(ctx)
	step("ListPoolsStatus", err)
	if len(pools) != 2 || pools[0].CmdLine != drain || pools[1].CmdLine != other || pools[0].ID != 0 || pools[1].ID != 1 {
		fail("ListPoolsStatus: unexpected pools %+v", pools)
	}
	if pools[0].Decommission != nil || pools[0].LastUpdate.IsZero() {
		fail("ListPoolsStatus: pool 0 should have no decommission and a last update: %+v", pools[0])
	}

	st, err := adm.StatusPool(ctx, other)
	step("StatusPool", err)
	if st.ID != 1 || st.CmdLine != other {
		fail("StatusPool: unexpected %+v", st)
	}
	_, err = adm.StatusPool(ctx, "/no/such/pool{1...4}")
	refused("StatusPool of an unknown pool", err, "XMinioAdminInvalidArgument")
	refused("CancelDecommissionPool with none running", adm.CancelDecommissionPool(ctx, drain), "XMinioDecommissionNotAllowed")

	step("DecommissionPool", adm.DecommissionPool(ctx, drain))
	refused("DecommissionPool while one runs", adm.DecommissionPool(ctx, drain), "XMinioDecommissionNotAllowed")
	step("CancelDecommissionPool", adm.CancelDecommissionPool(ctx, drain))
	st, err = adm.StatusPool(ctx, drain)
	step("StatusPool after cancel", err)
	if st.Decommission == nil || !st.Decommission.Canceled || st.Decommission.Complete {
		fail("StatusPool after cancel: expected canceled, got %+v", st.Decommission)
	}

	step("DecommissionPool again", adm.DecommissionPool(ctx, drain))
	deadline := time.Now().Add(2 * time.Minute)
	for {
		st, err = adm.StatusPool(ctx, drain)
		step("StatusPool while running", err)
		if st.Decommission == nil {
			fail("StatusPool while running: no decommission info")
		}
		if st.Decommission.Failed {
			fail("decommission failed: %+v", st.Decommission)
		}
		if st.Decommission.Complete {
			break
		}
		if time.Now().After(deadline) {
			fail("decommission did not complete: %+v", st.Decommission)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if st.Decommission.StartTime.IsZero() || st.Decommission.TotalSize <= 0 {
		fail("decommission info lacks its start time or size: %+v", st.Decommission)
	}
	refused("DecommissionPool of an emptied pool", adm.DecommissionPool(ctx, drain), "XMinioDecommissionNotAllowed")
	out, _ := json.Marshal(st)
	fmt.Println(string(out))
	fmt.Printf("OK %d steps\n", steps)
}
