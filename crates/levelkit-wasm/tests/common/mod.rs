//! What the native tests of the page's module share: a request sent through the envelope the page sends.

use levelkit_wasm::commands::run_request;
use levelkit_wasm::envelope::Envelope;
use serde_json::{json, Value};

pub fn call(command: &str, files: &[(&str, &str, &[u8])], options: Value) -> Envelope {
    let request = Envelope {
        header: json!({
            "command": command,
            "inputs": files.iter().map(|f| f.0).collect::<Vec<_>>(),
            "names": files.iter().map(|f| f.1).collect::<Vec<_>>(),
            "options": options,
        }),
        files: files.iter().map(|f| f.2.to_vec()).collect(),
    };
    Envelope::decode(&run_request(&request.encode())).expect("the reply is an envelope")
}
