//! What the module keeps between commands, so that work done for a file is not done again on the next
//! click (issue 58): the last level file read (its bytes and the parsed [`Document`]) and, for a `.cl`
//! file, what its audit probes through ([`Prepared`]: the game's tree, the complete tree, the exact
//! reference). The page sends a file's bytes with every command; a command whose file has the same bytes
//! takes what is kept instead of parsing and preparing again. A built or repaired file is kept as the
//! build reads it back, so opening, drawing and auditing it do not read it again.
//!
//! The file's last audit is kept with it, for the 3D view with its holes marked, which the page asks for
//! after it has shown the report.
//!
//! A mesh (OBJ, glTF) is kept as imported the same way, for the commands after its opening: drawing it and
//! building from it.
//!
//! One file is kept, and one mesh: a new one replaces it (a stage's trees are tens of megabytes).

use levelkit::heroes::audit::{Audit, AuditOptions, Prepared};
use levelkit::heroes::tree::TooManyEntries;
use levelkit::mesh::Mesh;
use levelkit::Document;
use serde::Serialize;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

struct Kept {
    bytes: Vec<u8>,
    doc: Rc<Document>,
    prepared: Option<Rc<Result<Prepared, TooManyEntries>>>,
    audit: Option<(AuditOptions, Rc<Audit>)>,
}

/// The mesh last imported: its file's name (which says its format), its bytes and the mesh.
struct KeptMesh {
    name: String,
    bytes: Vec<u8>,
    mesh: Rc<Mesh>,
}

thread_local! {
    static KEPT: RefCell<Option<Kept>> = const { RefCell::new(None) };
    static MESH: RefCell<Option<KeptMesh>> = const { RefCell::new(None) };
    static COUNTS: Cell<Counts> = const { Cell::new(Counts { parsed: 0, prepared: 0, imported: 0 }) };
}

/// How often this module instance has read a level file, prepared an audit and imported a mesh: what the
/// page's test reads to see that nothing was done twice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub parsed: usize,
    pub prepared: usize,
    pub imported: usize,
}

/// The counts so far.
pub fn counts() -> Counts {
    COUNTS.get()
}

fn count(f: impl FnOnce(&mut Counts)) {
    let mut c = COUNTS.get();
    f(&mut c);
    COUNTS.set(c);
}

/// The document of `bytes` as kept, or `parse`d and kept. A failed parse keeps nothing.
pub fn document<E>(bytes: &[u8], parse: impl FnOnce() -> Result<Document, E>) -> Result<Rc<Document>, E> {
    if let Some(doc) =
        KEPT.with_borrow(|k| k.as_ref().filter(|k| k.bytes == bytes).map(|k| Rc::clone(&k.doc)))
    {
        return Ok(doc);
    }
    let doc = Rc::new(parse()?);
    count(|c| c.parsed += 1);
    keep(bytes.to_vec(), Rc::clone(&doc));
    Ok(doc)
}

/// Keeps a file the module has just made (a built or repaired `.cl`) as read back, which is what opening
/// it gives: it then opens, draws and audits without being read again.
pub fn keep_made(bytes: &[u8]) {
    // One that does not read back is not kept: opening it says why.
    let _ = document(bytes, || Document::parse(bytes, None));
}

fn keep(bytes: Vec<u8>, doc: Rc<Document>) {
    KEPT.with_borrow_mut(|k| *k = Some(Kept { bytes, doc, prepared: None, audit: None }));
}

/// The audit's preparation of `doc` (a `.cl` file's document, as [`document`] gave it for `bytes`): as
/// kept, or made and kept with it.
pub fn prepared(
    bytes: &[u8],
    doc: &Rc<Document>,
    c: &levelkit::heroes::Collision,
) -> Rc<Result<Prepared, TooManyEntries>> {
    let kept = KEPT.with_borrow(|k| {
        k.as_ref().filter(|k| Rc::ptr_eq(&k.doc, doc) && k.bytes == bytes).and_then(|k| k.prepared.clone())
    });
    if let Some(p) = kept {
        return p;
    }
    let p = Rc::new(Prepared::new(c));
    count(|c| c.prepared += 1);
    KEPT.with_borrow_mut(|k| {
        if let Some(k) = k.as_mut().filter(|k| Rc::ptr_eq(&k.doc, doc)) {
            k.prepared = Some(Rc::clone(&p));
        }
    });
    p
}

/// Keeps `report`, the audit of `doc` (as [`document`] gave it) with `opts`.
pub fn keep_audit(doc: &Rc<Document>, opts: AuditOptions, report: Rc<Audit>) {
    KEPT.with_borrow_mut(|k| {
        if let Some(k) = k.as_mut().filter(|k| Rc::ptr_eq(&k.doc, doc)) {
            k.audit = Some((opts, report));
        }
    });
}

/// The audit of `doc` with `opts`, if it is the one kept.
pub fn audit(doc: &Rc<Document>, opts: AuditOptions) -> Option<Rc<Audit>> {
    KEPT.with_borrow(|k| {
        k.as_ref()
            .filter(|k| Rc::ptr_eq(&k.doc, doc))
            .and_then(|k| k.audit.as_ref())
            .filter(|(o, _)| *o == opts)
            .map(|(_, a)| Rc::clone(a))
    })
}

/// The mesh named `name` of `bytes` as kept, or `import`ed and kept. A failed import keeps nothing.
pub fn mesh<E>(name: &str, bytes: &[u8], import: impl FnOnce() -> Result<Mesh, E>) -> Result<Rc<Mesh>, E> {
    let kept = MESH.with_borrow(|m| {
        m.as_ref().filter(|m| m.name == name && m.bytes == bytes).map(|m| Rc::clone(&m.mesh))
    });
    if let Some(mesh) = kept {
        return Ok(mesh);
    }
    let mesh = Rc::new(import()?);
    count(|c| c.imported += 1);
    MESH.with_borrow_mut(|m| {
        *m = Some(KeptMesh { name: name.to_string(), bytes: bytes.to_vec(), mesh: Rc::clone(&mesh) });
    });
    Ok(mesh)
}
