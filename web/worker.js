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
    // No room in the module's memory (a disc image too large for the page): said, not a trap.
    if (at === 0 && total > 0) return false;
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
    return true;
  }

  // The reply's parts (its header, then each output), each copied once out of the module's memory (which
  // may move on the next call) into a buffer of its own, to be handed to the page without another copy.
  function decode(count) {
    const parts = [];
    for (let i = 0; i < count; i++) {
      const at = instance.exports.lk_reply_part(i);
      const n = instance.exports.lk_reply_len(i);
      parts.push(new Uint8Array(instance.exports.memory.buffer, at, n).slice());
    }
    const header = JSON.parse(new TextDecoder().decode(parts[0]));
    return { header, files: parts.slice(1) };
  }

  // A module keeps the memory it grew to (a disc image's hundreds of megabytes) while it lives; past this,
  // a fresh one is started after the reply is out, and the old one's memory goes back to the browser.
  const KEEP_MEMORY = 256 * 1024 * 1024;

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
      const total = m.files.reduce((n, f) => n + f.byteLength, 0);
      if (!encode(m.header, m.files)) {
        self.postMessage({ id: m.id, header: { ok: false, too_large: true,
          error: "cannot hold the request's " + total.toLocaleString("en") + " bytes in the WebAssembly module's memory" } });
        return;
      }
      // The module has its own copy now; the browser may take these back.
      m.files = null;
      const reply = decode(instance.exports.lk_run());
      const buffers = reply.files.map((f) => f.buffer);
      if (instance.exports.memory.buffer.byteLength > KEEP_MEMORY) start();
      self.postMessage({ id: m.id, header: reply.header, files: buffers }, buffers);
    } catch (e) {
      // A trap (a bug in levelkit, or memory exhausted): report it and start a fresh instance.
      start();
      self.postMessage({ id: m.id, header: { ok: false, error: "internal error in the WebAssembly module: " + e.message } });
    }
  };
}
