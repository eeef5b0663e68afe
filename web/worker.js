// The Web Worker that runs levelkit's WebAssembly module, so long work (an audit, a build) never blocks the
// page. It only moves bytes: a request is an envelope (crates/levelkit-wasm/src/envelope.rs) of a JSON
// header and files, written into the module's memory; the reply is one too. Every format and algorithm is
// in the module.
//
// A disc image comes as a File and is read from disk straight into the module's memory, a slice at a
// time, and a patched one goes back as a Blob made from the module's memory: the image is never whole in
// the page's or the worker's own memory besides (docs/guide/discs.md, "On the web page").
//
// Defined as a function the page turns into a Blob worker (a page from file:// may not start a worker
// from a file).
function levelkitWorker() {
  "use strict";
  let module = null;
  let instance = null;

  // The module's one import: the page's clock (milliseconds since 1970, as performance.timeOrigin counts),
  // for the marks of its replies (when an audit's probing began and ended).
  const imports = { levelkit: { now: () => performance.timeOrigin + performance.now() } };

  function start() {
    instance = new WebAssembly.Instance(module, imports);
  }

  const size = (f) => (f instanceof Blob ? f.size : f.byteLength);
  const SLICE = 16 * 1024 * 1024;

  function encode(header, files) {
    const text = new TextEncoder().encode(JSON.stringify(header));
    const total = 4 + text.length + files.reduce((n, f) => n + 4 + size(f), 0);
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
    // A File or Blob, read from disk into the module's memory a slice at a time (a worker may read
    // synchronously; nothing here grows the module's memory meanwhile, so `memory` stays valid).
    const putBlob = (blob) => {
      view.setUint32(pos, blob.size, true);
      const reader = new FileReaderSync();
      for (let done = 0; done < blob.size; done += SLICE) {
        let slice;
        try {
          slice = reader.readAsArrayBuffer(blob.slice(done, done + SLICE));
        } catch (e) {
          throw Object.assign(new Error("cannot read " + (blob.name || "the file") + " at byte " + done + ": " + e.message), { unread: true });
        }
        memory.set(new Uint8Array(slice), pos + 4 + done);
      }
      pos += 4 + blob.size;
    };
    put(text);
    for (const f of files) {
      if (f instanceof Blob) putBlob(f);
      else put(new Uint8Array(f));
    }
    return true;
  }

  // The reply's parts (its header, then each output), each copied once out of the module's memory (which
  // may move on the next call): into a buffer of its own, handed to the page without another copy, or
  // (`blobs`, for a disc image) into a Blob, which the browser keeps outside the page's memory.
  function decode(count, blobs) {
    const parts = [];
    for (let i = 0; i < count; i++) {
      const at = instance.exports.lk_reply_part(i);
      const n = instance.exports.lk_reply_len(i);
      const view = new Uint8Array(instance.exports.memory.buffer, at, n);
      parts.push(i > 0 && blobs ? new Blob([view]) : view.slice());
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
      const total = m.files.reduce((n, f) => n + size(f), 0);
      if (!encode(m.header, m.files)) {
        self.postMessage({ id: m.id, header: { ok: false, too_large: true,
          error: "cannot hold the request's " + total.toLocaleString("en") + " bytes in the WebAssembly module's memory" } });
        return;
      }
      // The module has its own copy now; the browser may take these back.
      m.files = null;
      const reply = decode(instance.exports.lk_run(), m.blobs);
      const buffers = reply.files.filter((f) => !(f instanceof Blob)).map((f) => f.buffer);
      const memory = instance.exports.memory.buffer.byteLength;
      if (memory > KEEP_MEMORY) start();
      self.postMessage({ id: m.id, header: reply.header, memory, files: reply.files.map((f) => (f instanceof Blob ? f : f.buffer)) }, buffers);
    } catch (e) {
      // A file that could not be read, or a trap (a bug in levelkit, or memory exhausted): report it and
      // start a fresh instance.
      start();
      self.postMessage({ id: m.id, header: { ok: false, error: e.unread ? e.message : "internal error in the WebAssembly module: " + e.message } });
    }
  };
}
