//! Accessors that several of the crate's types write alike, as macros (`lib.rs` declares this
//! module `#[macro_use]`, above the modules that use them): expanded in place, each is the code
//! that its type had written out.

/// `len_methods!("len's doc", "is_empty's doc")`: `len` and `is_empty` of a type whose `len` field
/// is its number of elements (or slots), written inside the type's `impl`, each with its doc.
macro_rules! len_methods {
    ($len:literal, $empty:literal) => {
        #[doc = $len]
        #[inline(always)]
        pub fn len(&self) -> usize {
            self.len
        }

        #[doc = $empty]
        #[inline(always)]
        pub fn is_empty(&self) -> bool {
            self.len == 0
        }
    };
}
