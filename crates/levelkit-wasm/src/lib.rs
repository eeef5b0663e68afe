//! levelkit for the web page (`web/`), built for `wasm32-unknown-unknown` by `scripts/build-web`.
//!
//! The page runs the same library calls as the `levelkit` CLI, one *command* at a time, through one plain
//! exported-function interface (no wasm-bindgen; the JS side is `web/levelkit.js`):
//!
//! 1. `lk_request(len)` makes room for a request of `len` bytes and returns where to write it;
//! 2. `lk_run()` runs it and returns the reply's length;
//! 3. `lk_reply()` returns where the reply starts (valid until the next `lk_request`).
//!
//! A request and a reply are an [`envelope`]: a JSON header, then files. The commands are in
//! [`commands`]; what each returns is what the CLI prints (as its `--json`) and writes.

pub mod commands;
pub mod envelope;
pub mod zip;

use std::cell::RefCell;

thread_local! {
    static REQUEST: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static REPLY: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes the request buffer `len` bytes long (zeros) and returns its address for the caller to fill.
#[no_mangle]
pub extern "C" fn lk_request(len: usize) -> *mut u8 {
    REPLY.with_borrow_mut(|r| *r = Vec::new());
    REQUEST.with_borrow_mut(|r| {
        *r = vec![0; len];
        r.as_mut_ptr()
    })
}

/// Runs the request in the buffer and returns the reply's length.
#[no_mangle]
pub extern "C" fn lk_run() -> usize {
    let request = REQUEST.with_borrow_mut(std::mem::take);
    let reply = commands::run_request(&request);
    drop(request);
    REPLY.with_borrow_mut(|r| {
        *r = reply;
        r.len()
    })
}

/// The reply's address.
#[no_mangle]
pub extern "C" fn lk_reply() -> *const u8 {
    REPLY.with_borrow(|r| r.as_ptr())
}
