//! Read-only 2-D views of input slices: the shape is checked against the length
//! once, so each element costs two 32-bit compares, as `x < width && y < height`
//! in CUDA C++, instead of a 64-bit bounds check on top of them.

/// A row-major `rows × cols` matrix over a read-only slice; see [`matrix`].
#[derive(Clone, Copy, Debug)]
pub struct Matrix<'a, T> {
    data: &'a [T],
    cols: u32,
    rows: u32,
}

/// `data` as a row-major matrix of `rows` rows of `cols` elements, or `None` when
/// `cols · rows` passes its length.
#[inline(always)]
pub fn matrix<T>(data: &[T], cols: u32, rows: u32) -> Option<Matrix<'_, T>> {
    // u32 × u32 fits in u64 (usize on the device): no overflow.
    if cols as usize * rows as usize > data.len() {
        return None;
    }
    Some(Matrix { data, cols, rows })
}

impl<'a, T> Matrix<'a, T> {
    /// Element (`x`, `y`): column `x` of row `y`, or `None` outside the matrix.
    #[inline(always)]
    pub fn get(&self, x: u32, y: u32) -> Option<&'a T> {
        if x < self.cols && y < self.rows {
            // y · cols + x ≤ (rows − 1) · cols + cols − 1 < rows · cols ≤ len.
            let i = y as usize * self.cols as usize + x as usize;
            // SAFETY: `i` is in bounds (above), checked against the length in `matrix`.
            Some(unsafe { self.data.get_unchecked(i) })
        } else {
            None
        }
    }

    /// Columns per row.
    #[inline(always)]
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Rows.
    #[inline(always)]
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The whole slice (at least `cols · rows` long), for the tensor-core copies of `async_copy.rs`.
    #[inline(always)]
    pub(crate) fn data(&self) -> &'a [T] {
        self.data
    }
}
