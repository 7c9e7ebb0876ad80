// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// checksumChecks: minio-go with TrailingHeaders sends every part as aws-chunked with a signed
// x-amz-checksum-crc32c trailer (STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER) and completes with the
// composite CRC32C; the store must verify the trailers and return the same composite.
func checksumChecks(endpoint, ak, sk, bucket string) {
	tc, err := minio.New(endpoint, &minio.Options{
		Creds:           credentials.NewStaticV4(ak, sk, ""),
		Secure:          secure,
		Region:          "us-east-1",
		TrailingHeaders: true,
	})
	check("multipart PutObject with signed CRC32C trailers, composite checksum on StatObject", func() error {
		if err != nil {
			return err
		}
		const partSize = 5 * 1024 * 1024
		data := randomBytes(2*partSize+3, 7)
		info, err := put(tc, bucket, "sums/trailers.bin", data, minio.PutObjectOptions{PartSize: partSize})
		if err != nil {
			return err
		}
		table := crc32.MakeTable(crc32.Castagnoli)
		var sums []byte
		for off := 0; off < len(data); off += partSize {
			end := off + partSize
			if end > len(data) {
				end = len(data)
			}
			sums = binary.BigEndian.AppendUint32(sums, crc32.Checksum(data[off:end], table))
		}
		want := base64.StdEncoding.EncodeToString(binary.BigEndian.AppendUint32(nil, crc32.Checksum(sums, table))) + "-3"
		if info.ChecksumCRC32C != want {
			return fmt.Errorf("complete answered checksum %q, want %q", info.ChecksumCRC32C, want)
		}
		opts := minio.StatObjectOptions{}
		opts.Set("x-amz-checksum-mode", "ENABLED")
		st, err := tc.StatObject(ctx, bucket, "sums/trailers.bin", opts)
		if err != nil {
			return err
		}
		if st.ChecksumCRC32C != want {
			return fmt.Errorf("stat answered checksum %q, want %q", st.ChecksumCRC32C, want)
		}
		got, err := readObject(tc, bucket, "sums/trailers.bin", minio.GetObjectOptions{})
		if err != nil {
			return err
		}
		if !bytes.Equal(got, data) {
			return errors.New("content differs")
		}
		return nil
	})
}
