;; SPDX-License-Identifier: Apache-2.0
;; Reed–Solomon's inner loop over GF(2^8) with WebAssembly SIMD: out[r] = Σ_c coef[r][c] · in[c].
;;
;; A product c·x splits over the two nibbles of x: c·x = c·(x & 15) ⊕ c·(x & 0xf0), so two 16-entry
;; tables per coefficient (c·i and c·(i << 4), i = 0..15) multiply 16 bytes at once with two
;; i8x16.swizzle lookups (the technique of ISA-L and of klauspost/reedsolomon's SSSE3 code).
;;
;; Memory layout, chosen by the caller (reed-solomon.ts):
;;   tab: rows × k tables of 32 bytes (16 low-nibble products, then 16 high-nibble products), row-major;
;;   in:  k input shards, `stride` bytes apart;  out: `rows` output shards, `stride` bytes apart.
;; `len` > 0 is rounded up to 64 bytes: the caller sizes every shard slot to a multiple of 64 and reads
;; back only the bytes it asked for.
(module
  (memory (export "memory") 1)
  (func (export "combine")
    (param $tab i32) (param $k i32) (param $rows i32) (param $in i32) (param $stride i32)
    (param $out i32) (param $len i32)
    (local $r i32) (local $pos i32) (local $c i32) (local $t i32) (local $src i32) (local $dst i32)
    (local $mask v128) (local $lo v128) (local $hi v128) (local $x v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (local.set $mask (i8x16.splat (i32.const 15)))
    (loop $rows
      (local.set $pos (i32.const 0))
      (local.set $dst (local.get $out))
      (loop $block
        (local.set $a0 (v128.const i64x2 0 0))
        (local.set $a1 (v128.const i64x2 0 0))
        (local.set $a2 (v128.const i64x2 0 0))
        (local.set $a3 (v128.const i64x2 0 0))
        (local.set $t (local.get $tab))
        (local.set $src (i32.add (local.get $in) (local.get $pos)))
        (local.set $c (i32.const 0))
        (loop $coef
          (local.set $lo (v128.load (local.get $t)))
          (local.set $hi (v128.load offset=16 (local.get $t)))
          (local.set $x (v128.load (local.get $src)))
          (local.set $a0 (v128.xor (local.get $a0) (v128.xor
            (i8x16.swizzle (local.get $lo) (v128.and (local.get $x) (local.get $mask)))
            (i8x16.swizzle (local.get $hi) (i8x16.shr_u (local.get $x) (i32.const 4))))))
          (local.set $x (v128.load offset=16 (local.get $src)))
          (local.set $a1 (v128.xor (local.get $a1) (v128.xor
            (i8x16.swizzle (local.get $lo) (v128.and (local.get $x) (local.get $mask)))
            (i8x16.swizzle (local.get $hi) (i8x16.shr_u (local.get $x) (i32.const 4))))))
          (local.set $x (v128.load offset=32 (local.get $src)))
          (local.set $a2 (v128.xor (local.get $a2) (v128.xor
            (i8x16.swizzle (local.get $lo) (v128.and (local.get $x) (local.get $mask)))
            (i8x16.swizzle (local.get $hi) (i8x16.shr_u (local.get $x) (i32.const 4))))))
          (local.set $x (v128.load offset=48 (local.get $src)))
          (local.set $a3 (v128.xor (local.get $a3) (v128.xor
            (i8x16.swizzle (local.get $lo) (v128.and (local.get $x) (local.get $mask)))
            (i8x16.swizzle (local.get $hi) (i8x16.shr_u (local.get $x) (i32.const 4))))))
          (local.set $t (i32.add (local.get $t) (i32.const 32)))
          (local.set $src (i32.add (local.get $src) (local.get $stride)))
          (local.set $c (i32.add (local.get $c) (i32.const 1)))
          (br_if $coef (i32.lt_u (local.get $c) (local.get $k))))
        (v128.store (local.get $dst) (local.get $a0))
        (v128.store offset=16 (local.get $dst) (local.get $a1))
        (v128.store offset=32 (local.get $dst) (local.get $a2))
        (v128.store offset=48 (local.get $dst) (local.get $a3))
        (local.set $dst (i32.add (local.get $dst) (i32.const 64)))
        (local.set $pos (i32.add (local.get $pos) (i32.const 64)))
        (br_if $block (i32.lt_u (local.get $pos) (local.get $len))))
      (local.set $tab (i32.add (local.get $tab) (i32.shl (local.get $k) (i32.const 5))))
      (local.set $out (i32.add (local.get $out) (local.get $stride)))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br_if $rows (i32.lt_u (local.get $r) (local.get $rows))))))
