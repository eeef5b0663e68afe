// The Web Worker that runs levelkit's WebAssembly module, so long work (an audit, a build) never blocks the
// page. It only moves bytes: a request is an envelope (crates/levelkit-wasm/src/envelope.rs) of a JSON
// header and files, written into the module's memory; the reply is one too. Every format and algorithm is
// in the module.
//
// Defined as a function the page turns into a Blob worker (a page from file:// may not start a worker
// from a file).
function levelkitWorker() {
  "use strict";
  let module = null;
  let instance = null;

  function start() {
    instance = new WebAssembly.Instance(module, {});
  }

  function encode(header, files) {
    const text = new TextEncoder().encode(JSON.stringify(header));
    const total = 4 + text.length + files.reduce((n, f) => n + 4 + f.byteLength, 0);
    const at = instance.exports.lk_request(total);
    const memory = new Uint8Array(instance.exports.memory.buffer, at, total);
    const view = new DataView(memory.buffer, at, total);
    let pos = 0;
    const put = (bytes) => {
      view.setUint32(pos, bytes.length, true);
      memory.set(bytes, pos + 4);
      pos += 4 + bytes.length;
    };
    put(text);
    for (const f of files) put(new Uint8Array(f));
  }

  function decode(len) {
    const at = instance.exports.lk_reply();
    // A copy: the module's memory may move on the next call.
    const bytes = new Uint8Array(instance.exports.memory.buffer, at, len).slice();
    const view = new DataView(bytes.buffer);
    const parts = [];
    for (let pos = 0; pos < bytes.length;) {
      const n = view.getUint32(pos, true);
      parts.push(bytes.subarray(pos + 4, pos + 4 + n));
      pos += 4 + n;
    }
    const header = JSON.parse(new TextDecoder().decode(parts[0]));
    return { header, files: parts.slice(1) };
  }

  self.onmessage = (event) => {
    const m = event.data;
    if (m.wasm) {
      try {
        module = new WebAssembly.Module(m.wasm);
        start();
        self.postMessage({ id: m.id, header: { ok: true } });
      } catch (e) {
        self.postMessage({ id: m.id, header: { ok: false, error: "cannot start the WebAssembly module: " + e.message } });
      }
      return;
    }
    try {
      encode(m.header, m.files);
      const reply = decode(instance.exports.lk_run());
      const buffers = reply.files.map((f) => f.slice().buffer);
      self.postMessage({ id: m.id, header: reply.header, files: buffers }, buffers);
    } catch (e) {
      // A trap (a bug in levelkit, or memory exhausted): report it and start a fresh instance.
      start();
      self.postMessage({ id: m.id, header: { ok: false, error: "internal error in the WebAssembly module: " + e.message } });
    }
  };
}
