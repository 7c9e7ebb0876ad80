// SPDX-License-Identifier: Apache-2.0

package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/minio/madmin-go/v2"
)

// profileZip reads the zip of a profile answer and prints one line per file: "<name> <size> <keys>",
// keys being the top-level keys of the file's JSON in sorted order (the file must be JSON).
func profileZip(r io.Reader) {
	data, err := io.ReadAll(r)
	if err != nil {
		fail("profile: read: %v", err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		fail("profile: zip: %v", err)
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			fail("profile: open %s: %v", f.Name, err)
		}
		body, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			fail("profile: read %s: %v", f.Name, err)
		}
		var doc map[string]json.RawMessage
		if err := json.Unmarshal(body, &doc); err != nil {
			fail("profile: %s is not JSON: %v", f.Name, err)
		}
		keys := make([]string, 0, len(doc))
		for k := range doc {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		fmt.Printf("%s %d %s\n", f.Name, len(body), strings.Join(keys, ","))
	}
}

// profile drives Profile: the types (comma-separated) for the duration; an error prints its code.
func profile(adm *madmin.AdminClient, types, duration string) {
	d, err := time.ParseDuration(duration)
	if err != nil {
		fail("duration: %v", err)
	}
	r, err := adm.Profile(ctx, madmin.ProfilerType(types), d)
	if err != nil {
		fmt.Printf("ERROR %s\n", madmin.ToErrorResponse(err).Code)
		return
	}
	defer r.Close()
	profileZip(r)
}

// profiling drives the older StartProfiling and DownloadProfilingData: the start results, then the zip.
func profiling(adm *madmin.AdminClient, types string) {
	results, err := adm.StartProfiling(ctx, madmin.ProfilerType(types))
	if err != nil {
		fail("start profiling: %v", err)
	}
	for _, res := range results {
		fmt.Printf("START %s %v %s\n", res.NodeName, res.Success, res.Error)
	}
	r, err := adm.DownloadProfilingData(ctx)
	if err != nil {
		fail("download profiling data: %v", err)
	}
	profileZip(r)
	r.Close()
	if _, err := adm.DownloadProfilingData(ctx); err != nil {
		fmt.Printf("AGAIN %s\n", madmin.ToErrorResponse(err).Code)
	} else {
		fmt.Println("AGAIN ok")
	}
}
