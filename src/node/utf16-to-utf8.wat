;; UTF-16 to UTF-8 for the Node server's response bodies (src/node/body-buffers.ts). Compiled by
;; scripts/build-utf16-to-utf8.mjs into src/node/utf16-to-utf8-wasm.ts; `npm run lint` checks that the two are in step.
(module
  ;; One page of UTF-16 code units, then 16 pages of body buffers; never grown (growing would detach every view of it).
  (memory (export "memory") 17 17)
  ;; Encodes $n UTF-16LE code units from $src as UTF-8 at $dst and returns the bytes written, as TextEncoder's encodeInto
  ;; writes them: a surrogate pair is one 4-byte code point, a lone surrogate becomes U+FFFD. Sixteen code units at a
  ;; time: their ASCII run stored at once (one narrowing store, one SIMD test), the unit that ends it encoded on its own.
  (func (export "utf16ToUtf8") (param $src i32) (param $n i32) (param $dst i32) (result i32)
    (local $end i32) (local $out i32) (local $c i32) (local $d i32) (local $v v128) (local $w v128) (local $mask i32)
    (local.set $out (local.get $dst))
    (local.set $end (i32.add (local.get $src) (i32.shl (local.get $n) (i32.const 1))))
    (block $done
      (loop $next
        (if (i32.le_u (i32.add (local.get $src) (i32.const 32)) (local.get $end))
          (then
            (local.set $v (v128.load (local.get $src)))
            (local.set $w (v128.load offset=16 (local.get $src)))
            ;; The sixteen units as bytes, right for the ASCII ones; the store may go up to 16 bytes past what is kept,
            ;; which the bytes after overwrite (sixteen units left make at least sixteen bytes, so it stays in the buffer).
            (v128.store (local.get $out) (i8x16.narrow_i16x8_u (local.get $v) (local.get $w)))
            ;; One bit per unit above 0x7f.
            (local.set $mask (i8x16.bitmask (i8x16.narrow_i16x8_s
              (i16x8.gt_u (local.get $v) (v128.const i16x8 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f))
              (i16x8.gt_u (local.get $w) (v128.const i16x8 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f 0x7f)))))
            (if (i32.eqz (local.get $mask))
              (then
                (local.set $src (i32.add (local.get $src) (i32.const 32)))
                (local.set $out (i32.add (local.get $out) (i32.const 16)))
                (br $next)))
            ;; Keep the ASCII units before the first other one, which the code below encodes.
            (local.set $mask (i32.ctz (local.get $mask)))
            (local.set $src (i32.add (local.get $src) (i32.shl (local.get $mask) (i32.const 1))))
            (local.set $out (i32.add (local.get $out) (local.get $mask)))))
        (br_if $done (i32.ge_u (local.get $src) (local.get $end)))
        (local.set $c (i32.load16_u (local.get $src)))
        (local.set $src (i32.add (local.get $src) (i32.const 2)))
        (if (i32.lt_u (local.get $c) (i32.const 0x80))
          (then
            (i32.store8 (local.get $out) (local.get $c))
            (local.set $out (i32.add (local.get $out) (i32.const 1)))
            (br $next)))
        (if (i32.lt_u (local.get $c) (i32.const 0x800))
          (then
            (i32.store8 (local.get $out) (i32.or (i32.const 0xc0) (i32.shr_u (local.get $c) (i32.const 6))))
            (i32.store8 offset=1 (local.get $out) (i32.or (i32.const 0x80) (i32.and (local.get $c) (i32.const 63))))
            (local.set $out (i32.add (local.get $out) (i32.const 2)))
            (br $next)))
        (if (i32.eq (i32.and (local.get $c) (i32.const 0xf800)) (i32.const 0xd800))
          (then
            ;; A high surrogate followed by a low one: one code point, four bytes.
            (if (i32.and
                  (i32.and (i32.lt_u (local.get $c) (i32.const 0xdc00)) (i32.lt_u (local.get $src) (local.get $end)))
                  (i32.eq (i32.and (local.tee $d (i32.load16_u (local.get $src))) (i32.const 0xfc00)) (i32.const 0xdc00)))
              (then
                (local.set $src (i32.add (local.get $src) (i32.const 2)))
                (local.set $c (i32.add (i32.const 0x10000)
                  (i32.or
                    (i32.shl (i32.sub (local.get $c) (i32.const 0xd800)) (i32.const 10))
                    (i32.sub (local.get $d) (i32.const 0xdc00)))))
                (i32.store8 (local.get $out) (i32.or (i32.const 0xf0) (i32.shr_u (local.get $c) (i32.const 18))))
                (i32.store8 offset=1 (local.get $out)
                  (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $c) (i32.const 12)) (i32.const 63))))
                (i32.store8 offset=2 (local.get $out)
                  (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $c) (i32.const 6)) (i32.const 63))))
                (i32.store8 offset=3 (local.get $out) (i32.or (i32.const 0x80) (i32.and (local.get $c) (i32.const 63))))
                (local.set $out (i32.add (local.get $out) (i32.const 4)))
                (br $next)))
            (local.set $c (i32.const 0xfffd))))
        (i32.store8 (local.get $out) (i32.or (i32.const 0xe0) (i32.shr_u (local.get $c) (i32.const 12))))
        (i32.store8 offset=1 (local.get $out) (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $c) (i32.const 6)) (i32.const 63))))
        (i32.store8 offset=2 (local.get $out) (i32.or (i32.const 0x80) (i32.and (local.get $c) (i32.const 63))))
        (local.set $out (i32.add (local.get $out) (i32.const 3)))
        (br $next)))
    (i32.sub (local.get $out) (local.get $dst))))
