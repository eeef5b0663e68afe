//! Any bytes as the game's replies to `levelkit push`: LiteNetLib datagrams (merged ones too) through the
//! client's receiving and sending windows, and the Reloaded.Messaging messages they deliver.
#![no_main]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::live_reply(data));
