//! `unroll!`: a loop body repeated with a constant index.

/// Repeats a block for `i = 0, 1, …, N - 1` (N is 1, 2, 4, 8, 16 or 32), as CUDA's
/// `#pragma unroll`: `unroll!(p in 0..8 => { … })`. Each copy sees `p` as a
/// constant, so indices computed from it fold into the instructions. Use it for a
/// short loop with a large body that the compiler leaves rolled (the inner loop of
/// a GEMM); the body cannot `break` or `continue` the unrolled loop.
#[macro_export]
macro_rules! unroll {
    ($i:ident in 0..$n:tt => $body:block) => {
        $crate::unroll!(@ $n, 0usize, $i, $body)
    };
    (@ 1, $base:expr, $i:ident, $body:block) => {{
        let $i: usize = $base;
        $body
    }};
    (@ 2, $base:expr, $i:ident, $body:block) => {
        $crate::unroll!(@ 1, $base, $i, $body);
        $crate::unroll!(@ 1, $base + 1, $i, $body)
    };
    (@ 4, $base:expr, $i:ident, $body:block) => {
        $crate::unroll!(@ 2, $base, $i, $body);
        $crate::unroll!(@ 2, $base + 2, $i, $body)
    };
    (@ 8, $base:expr, $i:ident, $body:block) => {
        $crate::unroll!(@ 4, $base, $i, $body);
        $crate::unroll!(@ 4, $base + 4, $i, $body)
    };
    (@ 16, $base:expr, $i:ident, $body:block) => {
        $crate::unroll!(@ 8, $base, $i, $body);
        $crate::unroll!(@ 8, $base + 8, $i, $body)
    };
    (@ 32, $base:expr, $i:ident, $body:block) => {
        $crate::unroll!(@ 16, $base, $i, $body);
        $crate::unroll!(@ 16, $base + 16, $i, $body)
    };
    ($($other:tt)*) => {
        ::core::compile_error!("oxpack: write `unroll!(i in 0..N => { ... })` with N one of 1, 2, 4, 8, 16, 32");
    };
}

/// `each!(N, k => { … })`: the block for `k = 0, 1, …, N - 1`, unrolled (as [`unroll!`])
/// when the constant `N` is 1, 2, 4, 8, 16 or 32, a plain loop otherwise. For the
/// per-chunk loops of a register row: their bodies (16-byte loads with an unaligned
/// fallback) are larger than LLVM unrolls by itself, and an array indexed in a rolled loop
/// goes to local memory. The body is written out in each copy, not called: no inlining
/// decision can roll it back up.
macro_rules! each {
    ($n:expr, $k:ident => $body:block) => {
        match $n {
            1 => {
                $crate::unroll!($k in 0..1 => $body);
            }
            2 => {
                $crate::unroll!($k in 0..2 => $body);
            }
            4 => {
                $crate::unroll!($k in 0..4 => $body);
            }
            8 => {
                $crate::unroll!($k in 0..8 => $body);
            }
            16 => {
                $crate::unroll!($k in 0..16 => $body);
            }
            32 => {
                $crate::unroll!($k in 0..32 => $body);
            }
            _ => {
                let mut next = 0;
                while next < $n {
                    let $k: usize = next;
                    $body;
                    next += 1;
                }
            }
        }
    };
}
pub(crate) use each;

/// `copies!(n, i, body, C, 0 1 … C-1)`: the block for `i = 0, 1, …, n - 1`, written out as straight-line
/// code for `i < C` (`if n > k { let i = k; body }` for each literal `k`: each copy sees its `i` as a
/// literal, so register arrays indexed by it stay in registers), then any `i ≥ C` in a plain loop after
/// them (never skipped). The one expansion of the tensor-core paths' `each!` family: `mma/`'s `each!`
/// (C = 32), `each16!`, `each8!`, `each4!` and `wgmma/`'s `each!` (C = 128). Unlike [`each!`], the
/// count need not be a power of two: a count below C costs no loop. The body cannot `break` or `continue`.
macro_rules! copies {
    ($n:expr, $i:ident, $body:block, $copies:literal, $($k:literal)*) => {{
        let n: usize = $n;
        $(
            if n > $k {
                let $i: usize = $k;
                $body
            }
        )*
        let mut rest: usize = $copies;
        while rest < n {
            let $i: usize = rest;
            $body
            rest += 1;
        }
    }};
}
pub(crate) use copies;
