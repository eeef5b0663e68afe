//! levelkit for the web page (`web/`), built for `wasm32-unknown-unknown` by `scripts/build-web`.
//!
//! The page runs the same library calls as the `levelkit` CLI, one *command* at a time, through one plain
//! exported-function interface (no wasm-bindgen; the JS side is `web/levelkit.js`):
//!
//! 1. `lk_request(len)` makes room for a request of `len` bytes and returns where to write it (0 when
//!    that much memory cannot be had: a disc image too large for the page);
//! 2. `lk_run()` runs it and returns the number of the reply's parts (its header, then each output);
//! 3. `lk_reply_part(i)` and `lk_reply_len(i)` give where part `i` starts and its length (valid until the
//!    next `lk_request`). Parts, not one buffer: a patched disc image is handed back where it lies.
//!
//! A request and a reply are an [`envelope`]: a JSON header, then files. The commands are in
//! [`commands`]; what each returns is what the CLI prints (as its `--json`) and writes.

pub mod commands;
pub mod envelope;
pub mod kept;
pub mod zip;

use std::cell::RefCell;

thread_local! {
    static REQUEST: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static REPLY: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
}

/// The page's clock in milliseconds (the worker's `performance.timeOrigin + performance.now()`, the import
/// `levelkit.now`), for the marks a reply carries (when the audit's probing began and ended); 0 natively.
pub fn now() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        #[link(wasm_import_module = "levelkit")]
        extern "C" {
            #[link_name = "now"]
            fn page_now() -> f64;
        }
        // SAFETY: the worker provides this import, a function of no arguments returning a number.
        unsafe { page_now() }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}

/// Makes the request buffer `len` bytes long (zeros) and returns its address for the caller to fill, or
/// null when that much memory cannot be had (the page then says the file is too large for it).
#[no_mangle]
pub extern "C" fn lk_request(len: usize) -> *mut u8 {
    REPLY.with_borrow_mut(|r| *r = Vec::new());
    REQUEST.with_borrow_mut(|r| {
        *r = Vec::new();
        if r.try_reserve_exact(len).is_err() {
            return std::ptr::null_mut();
        }
        r.resize(len, 0);
        r.as_mut_ptr()
    })
}

/// Runs the request in the buffer and returns how many parts the reply has.
#[no_mangle]
pub extern "C" fn lk_run() -> usize {
    let request = REQUEST.with_borrow_mut(std::mem::take);
    let reply = commands::run_parts(request);
    REPLY.with_borrow_mut(|r| {
        *r = reply;
        r.len()
    })
}

/// Where part `i` of the reply starts (null past the last).
#[no_mangle]
pub extern "C" fn lk_reply_part(i: usize) -> *const u8 {
    REPLY.with_borrow(|r| r.get(i).map_or(std::ptr::null(), |p| p.as_ptr()))
}

/// Part `i`'s length in bytes (0 past the last).
#[no_mangle]
pub extern "C" fn lk_reply_len(i: usize) -> usize {
    REPLY.with_borrow(|r| r.get(i).map_or(0, Vec::len))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_too_large_for_memory_is_refused_not_aborted() {
        assert!(lk_request(usize::MAX).is_null());
        assert!(!lk_request(16).is_null());
    }
}
