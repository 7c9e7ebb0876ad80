// SPDX-License-Identifier: Apache-2.0

// Command madmin-support drives the store's support calls with MinIO's own Go SDK (Debian's madmin-go,
// built in GOPATH mode): the object and drive speedtests, inspect-data (its answer opened with sio-go
// and read as a zip), the identity provider configurations (idp.go) and profiling (profile.go).
//
// Usage:
//
//	madmin-support <host:port> <access-key> <secret-key> speedtest <size> <concurrency> <seconds>
//	madmin-support <host:port> <access-key> <secret-key> drive <blocksize> <filesize>
//	madmin-support <host:port> <access-key> <secret-key> inspect <volume> <file>
//	madmin-support <host:port> <access-key> <secret-key> idp
//	madmin-support <host:port> <access-key> <secret-key> profile <types> <duration>
//	madmin-support <host:port> <access-key> <secret-key> profiling <types>
//
// `speedtest` prints the last result as JSON; `drive` the one server's result; `inspect` one line per
// file of the zip ("<name> <size> <sha256>"); `idp` "OK <steps> steps"; `profile` and `profiling` one
// line per file of the zip ("<name> <size> <JSON keys>"). A failure prints "FAIL <reason>" and exits 1.
package main

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/minio/madmin-go/v2"
	"github.com/secure-io/sio-go"
)

var ctx = context.Background()

func fail(format string, args ...interface{}) {
	msg := fmt.Sprintf("FAIL "+format+"\n", args...)
	fmt.Print(msg)
	fmt.Fprint(os.Stderr, msg)
	os.Exit(1)
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		fail("not a number: %s", s)
	}
	return n
}

func speedtest(adm *madmin.AdminClient, size, concurrency, seconds int) {
	ch, err := adm.Speedtest(ctx, madmin.SpeedtestOpts{
		Size:        size,
		Concurrency: concurrency,
		Duration:    time.Duration(seconds) * time.Second,
	})
	if err != nil {
		fail("speedtest: %v", err)
	}
	var last madmin.SpeedTestResult
	n := 0
	for r := range ch {
		if r.Version == "" {
			continue
		}
		last = r
		n++
	}
	if n == 0 {
		fail("speedtest: no result")
	}
	out, _ := json.Marshal(last)
	fmt.Println(string(out))
}

func drive(adm *madmin.AdminClient, block, file int) {
	ch, err := adm.DriveSpeedtest(ctx, madmin.DriveSpeedTestOpts{BlockSize: uint64(block), FileSize: uint64(file)})
	if err != nil {
		fail("drive speedtest: %v", err)
	}
	var results []madmin.DriveSpeedTestResult
	for r := range ch {
		if r.Endpoint == "" {
			continue
		}
		results = append(results, r)
	}
	if len(results) != 1 {
		fail("drive speedtest: %d results", len(results))
	}
	out, _ := json.Marshal(results[0])
	fmt.Println(string(out))
}

func inspect(adm *madmin.AdminClient, volume, file string) {
	key, r, err := adm.Inspect(ctx, madmin.InspectOptions{Volume: volume, File: file})
	if err != nil {
		fail("inspect: %v", err)
	}
	defer r.Close()
	if len(key) != 32 {
		fail("inspect: key of %d bytes", len(key))
	}
	stream, err := sio.AES_256_GCM.Stream(key)
	if err != nil {
		fail("sio: %v", err)
	}
	plain, err := io.ReadAll(stream.DecryptReader(r, make([]byte, stream.NonceSize()), nil))
	if err != nil {
		fail("inspect: decrypt: %v", err)
	}
	zr, err := zip.NewReader(bytes.NewReader(plain), int64(len(plain)))
	if err != nil {
		fail("inspect: zip: %v", err)
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			fail("inspect: open %s: %v", f.Name, err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			fail("inspect: read %s: %v", f.Name, err)
		}
		sum := sha256.Sum256(data)
		fmt.Printf("%s %d %s\n", f.Name, len(data), hex.EncodeToString(sum[:]))
	}
}

func main() {
	if len(os.Args) < 5 {
		fail("usage: madmin-support <host:port> <access-key> <secret-key> speedtest|drive|inspect|idp|profile|profiling ...")
	}
	adm, err := madmin.New(os.Args[1], os.Args[2], os.Args[3], false)
	if err != nil {
		fail("madmin.New: %v", err)
	}
	args := os.Args[5:]
	need := func(n int) {
		if len(args) < n {
			fail("%s needs %d arguments", os.Args[4], n)
		}
	}
	switch os.Args[4] {
	case "speedtest":
		need(3)
		speedtest(adm, atoi(args[0]), atoi(args[1]), atoi(args[2]))
	case "drive":
		need(2)
		drive(adm, atoi(args[0]), atoi(args[1]))
	case "inspect":
		need(2)
		inspect(adm, args[0], args[1])
	case "idp":
		idp(adm)
	case "profile":
		need(2)
		profile(adm, args[0], args[1])
	case "profiling":
		need(1)
		profiling(adm, args[0])
	default:
		fail("unknown command %s", os.Args[4])
	}
}
