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

