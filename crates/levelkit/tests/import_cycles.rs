//! No two files of the library depend on each other, directly or around a loop (issue 35): a newcomer
//! reading one file should find what it builds on elsewhere, not a knot.
//!
//! A file depends on another when it names an item (type, function, constant, macro-made record...)
//! that the other file defines: through a `use` line or a path in code (`crate::a::f()`, `child::g`).
//! A name that a module only re-exports (`pub use child::X`) or imports counts for the file that
//! defines it, so `mod.rs` files that gather their children's names are not knots by themselves.
//! Declaring a module (`mod child;`) is not a dependency. Glob imports (`use super::*`) count for the
//! module's own file. An inline module (`mod tests { ... }`) is a node of its own.
//!
//! A part naming its own parent module (`super::BuildError` in `build/carry.rs`, whose `mod.rs` calls
//! `carry::assemble`) is not counted: the parent is the room its parts share, and a Rust module is built
//! that way. What is refused is a loop between files neither of which holds the other: siblings that
//! need each other, or files far apart.
//!
//! The reading is lexical, not a compiler's: comments and literals are blanked, modules follow file
//! names and `#[path]`, items are the names after `struct`/`enum`/`fn`/... at a module's top level.
//! A name it cannot place counts for the module's own file (the cautious side: a false knot, never a
//! missed one). The tests at the bottom show that it finds the kinds of loop the library once had.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type ModPath = Vec<String>;

/// One file of the library, blanked and cut into tokens.
struct SourceFile {
    name: String,
    module: ModPath,
    tokens: Vec<Token>,
}

#[derive(Clone, Debug)]
struct Token {
    text: String,
    line: usize,
}

/// Where a name leads: the file that defines it, with the line that names it.
#[derive(Clone, Debug)]
struct Use {
    from: String,
    line: usize,
    path: String,
    to: String,
    /// The file holds a module inside the one `to` holds (a part naming its parent's error type).
    upward: bool,
}

/// Every module of the crate and what each one defines or imports.
#[derive(Default)]
struct Crate {
    /// Module path → file holding it (inline modules map to their file).
    files: BTreeMap<ModPath, String>,
    /// (module, name) → defined at the module's top level.
    items: BTreeSet<(ModPath, String)>,
    /// (module, name) → the path the module's `use` line gives for it (relative to the module).
    imports: BTreeMap<(ModPath, String), Vec<String>>,
}

/// Blanks comments, string and character literals (keeping line breaks), so that only code is read.
fn blank(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    let keep_lines = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(keep_lines(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&chars, i) {
            // Raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                match chars.get(j) {
                    None => break,
                    Some('"') if (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) => {
                        j += 1 + hashes;
                        break;
                    }
                    _ => j += 1,
                }
            }
            out.extend(chars[i..j.min(chars.len())].iter().map(|&c| keep_lines(c)));
            i = j;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(chars.len());
            out.extend(chars[i..end].iter().map(|&c| keep_lines(c)));
            i = end;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{1F600}'), not a lifetime ('a).
            let end = if next == Some('\\') {
                chars[i + 2..].iter().position(|&c| c == '\'').map(|p| i + 2 + p + 1)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(end) => {
                    out.extend(std::iter::repeat_n(' ', end - i));
                    i = end;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

fn tokens(code: &str) -> Vec<Token> {
    let mut out = Vec::new();
    for (number, line) in code.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_alphanumeric() || c == '_' {
                let start = i;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                out.push(Token { text: chars[start..i].iter().collect(), line: number + 1 });
            } else if c == ':' && chars.get(i + 1) == Some(&':') {
                out.push(Token { text: "::".into(), line: number + 1 });
                i += 2;
            } else {
                if !c.is_whitespace() {
                    out.push(Token { text: c.to_string(), line: number + 1 });
                }
                i += 1;
            }
        }
    }
    out
}

/// The module a file holds by Rust's file naming: `a/b.rs` and `a/b/mod.rs` are `a::b`.
fn module_of(name: &str) -> ModPath {
    let stem = name.strip_suffix(".rs").unwrap_or(name);
    let mut parts: ModPath = stem.split('/').map(String::from).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

fn is_ident(text: &str) -> bool {
    text.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Reads a `use` tree starting at `tokens[*at]` and ending before `;`: each leaf as its full path and
/// the name it brings in (`None` for a glob).
fn use_tree(
    tokens: &[Token],
    at: &mut usize,
    prefix: &[String],
    out: &mut Vec<(Vec<String>, usize, Option<String>)>,
) {
    let mut path = prefix.to_vec();
    while let Some(token) = tokens.get(*at) {
        match token.text.as_str() {
            "::" => *at += 1,
            "{" => {
                *at += 1;
                loop {
                    use_tree(tokens, at, &path, out);
                    match tokens.get(*at).map(|t| t.text.as_str()) {
                        Some(",") => *at += 1,
                        Some("}") => {
                            *at += 1;
                            return;
                        }
                        _ => return,
                    }
                    if tokens.get(*at).is_some_and(|t| t.text == "}") {
                        *at += 1;
                        return;
                    }
                }
            }
            "*" => {
                *at += 1;
                out.push((path, token.line, None));
                return;
            }
            "as" => {
                *at += 1;
                let alias = tokens.get(*at).map(|t| t.text.clone());
                *at += 1;
                let line = token.line;
                if path.last().is_some_and(|p| p == "self") {
                    path.pop();
                }
                out.push((path, line, alias.filter(|a| a != "_")));
                return;
            }
            "," | "}" | ";" => {
                let name = path.last().cloned();
                let name = if name.as_deref() == Some("self") {
                    path.pop();
                    path.last().cloned()
                } else {
                    name
                };
                out.push((path, token.line, name));
                return;
            }
            text if is_ident(text) => {
                path.push(text.to_string());
                *at += 1;
            }
            _ => {
                *at += 1;
            }
        }
    }
}

/// What one file says: its module scopes, the items at their top level, its `use` leaves and the
/// paths in its code, each with the module it is written in.
#[derive(Default)]
struct Reading {
    inline_modules: Vec<(ModPath, usize)>,
    items: Vec<(ModPath, String)>,
    uses: Vec<(ModPath, Vec<String>, usize, Option<String>)>,
    paths: Vec<(ModPath, Vec<String>, usize)>,
    path_attributes: Vec<(String, String)>,
}

const ITEM_KEYWORDS: &[&str] = &["struct", "enum", "fn", "trait", "type", "const", "static", "union", "mod"];

fn read(file: &SourceFile) -> Reading {
    let mut reading = Reading::default();
    let tokens = &file.tokens;
    // Each open scope: (module, brace depth at which its items stand).
    let mut scopes: Vec<(ModPath, usize)> = vec![(file.module.clone(), 0)];
    let mut depth = 0usize;
    let mut pending_module: Option<String> = None;
    let mut pending_path: Option<String> = None;
    let mut i = 0;
    while i < tokens.len() {
        let text = tokens[i].text.as_str();
        let (module, top) = scopes.last().cloned().unwrap_or_default();
        let at_top = depth == top;
        match text {
            "{" => {
                depth += 1;
                if let Some(name) = pending_module.take() {
                    let mut inner = module.clone();
                    inner.push(name);
                    reading.inline_modules.push((inner.clone(), depth));
                    scopes.push((inner, depth));
                }
                i += 1;
            }
            "}" => {
                if scopes.len() > 1 && scopes.last().is_some_and(|s| s.1 == depth) {
                    scopes.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            ";" => {
                if let (Some(name), Some(path)) = (pending_module.take(), pending_path.take()) {
                    reading.path_attributes.push((name, path));
                }
                i += 1;
            }
            "#" if tokens.get(i + 2).is_some_and(|t| t.text == "path") => {
                // #[path = "x.rs"]: the literal is blanked, so take it from the raw line later.
                pending_path = Some(String::new());
                i += 3;
            }
            "use" => {
                let mut at = i + 1;
                let mut leaves = Vec::new();
                use_tree(tokens, &mut at, &[], &mut leaves);
                for (path, line, name) in leaves {
                    reading.uses.push((module.clone(), path, line, name));
                }
                i = at;
            }
            "macro_rules" if at_top => {
                if let Some(name) = tokens.get(i + 2) {
                    reading.items.push((module.clone(), name.text.clone()));
                }
                i += 3;
            }
            keyword if at_top && ITEM_KEYWORDS.contains(&keyword) => {
                if let Some(name) = tokens.get(i + 1).filter(|t| is_ident(&t.text)) {
                    reading.items.push((module.clone(), name.text.clone()));
                    if keyword == "mod" {
                        pending_module = Some(name.text.clone());
                    }
                }
                i += 2;
            }
            word if is_ident(word) && tokens.get(i + 1).is_some_and(|t| t.text == "::") => {
                let preceded = i > 0 && tokens[i - 1].text == "::";
                let mut path = vec![word.to_string()];
                let mut at = i + 1;
                while tokens.get(at).is_some_and(|t| t.text == "::")
                    && tokens.get(at + 1).is_some_and(|t| is_ident(&t.text))
                {
                    path.push(tokens[at + 1].text.clone());
                    at += 2;
                }
                if !preceded {
                    reading.paths.push((module.clone(), path, tokens[i].line));
                }
                i = at.max(i + 1);
            }
            _ => i += 1,
        }
    }
    reading
}

impl Crate {
    fn module_exists(&self, module: &ModPath) -> bool {
        self.files.contains_key(module)
    }

    /// The file that defines what `path` names, written in `module`; `None` for names outside the
    /// crate, local names, and bare modules.
    fn resolve(&self, module: &ModPath, path: &[String], hops: usize) -> Option<String> {
        if hops > 16 || path.is_empty() {
            return None;
        }
        let mut current: ModPath;
        let mut rest = path;
        match path[0].as_str() {
            "crate" => {
                current = Vec::new();
                rest = &path[1..];
            }
            "self" => {
                current = module.clone();
                rest = &path[1..];
            }
            "super" => {
                current = module.clone();
                while rest.first().is_some_and(|s| s == "super") {
                    current.pop();
                    rest = &rest[1..];
                }
            }
            first => {
                let mut child = module.clone();
                child.push(first.to_string());
                if self.module_exists(&child) {
                    current = module.clone();
                } else if let Some(target) = self.imports.get(&(module.clone(), first.to_string())) {
                    // A name brought in by a `use` line: a module alias (`use super::query;`
                    // then `query::X`) resolves through it; anything else was counted at the `use`.
                    let mut through = target.clone();
                    through.extend_from_slice(&path[1..]);
                    let last_is_module =
                        self.module_path(module, target).is_some_and(|m| self.module_exists(&m));
                    return if last_is_module { self.resolve(module, &through, hops + 1) } else { None };
                } else {
                    return None;
                }
            }
        }
        while let Some(segment) = rest.first() {
            let mut child = current.clone();
            child.push(segment.clone());
            if !self.module_exists(&child) {
                break;
            }
            current = child;
            rest = &rest[1..];
        }
        let name = rest.first()?;
        if self.items.contains(&(current.clone(), name.clone())) {
            return self.files.get(&current).cloned();
        }
        if let Some(target) = self.imports.get(&(current.clone(), name.clone())) {
            let mut through = target.clone();
            through.extend_from_slice(&rest[1..]);
            if let Some(file) = self.resolve(&current, &through, hops + 1) {
                return Some(file);
            }
        }
        self.files.get(&current).cloned()
    }

    /// The module a path names, if it names one (`super::query` written in `heroes::audit`).
    fn module_path(&self, module: &ModPath, path: &[String]) -> Option<ModPath> {
        let mut current = match path.first()?.as_str() {
            "crate" => Vec::new(),
            "self" | "super" => module.clone(),
            _ => module.clone(),
        };
        for segment in path {
            match segment.as_str() {
                "crate" | "self" => {}
                "super" => {
                    current.pop();
                }
                name => current.push(name.to_string()),
            }
        }
        Some(current)
    }
}

/// Every file's dependencies on other files, one example line each.
fn dependencies(sources: &BTreeMap<String, String>) -> Vec<Use> {
    let mut files: Vec<SourceFile> = sources
        .iter()
        .map(|(name, text)| SourceFile {
            name: name.clone(),
            module: module_of(name),
            tokens: tokens(&blank(text)),
        })
        .collect();
    // #[path = "x.rs"] mod name; gives x.rs (beside the declaring file) the module `declaring::name`.
    let mut renamed = BTreeMap::new();
    for file in &files {
        let raw = &sources[&file.name];
        for (name, _) in read(file).path_attributes {
            let literal = raw
                .lines()
                .zip(raw.lines().skip(1))
                .find(|(attr, decl)| attr.contains("#[path") && decl.contains(&format!("mod {name};")))
                .and_then(|(attr, _)| attr.split('"').nth(1));
            if let Some(literal) = literal {
                let dir = Path::new(&file.name).parent().unwrap_or(Path::new(""));
                let target = dir.join(literal).to_string_lossy().replace('\\', "/");
                let mut module = file.module.clone();
                module.push(name);
                renamed.insert(target, module);
            }
        }
    }
    for file in &mut files {
        if let Some(module) = renamed.get(&file.name) {
            file.module = module.clone();
        }
    }
    let readings: Vec<Reading> = files.iter().map(read).collect();
    let mut krate = Crate::default();
    for (file, reading) in files.iter().zip(&readings) {
        krate.files.insert(file.module.clone(), file.name.clone());
        // An inline module (`mod tests { ... }`) is its own node: nothing imports a test module, so
        // what it uses makes no loop with the file around it.
        for (module, _) in &reading.inline_modules {
            let inner = module[file.module.len()..].join("::");
            krate.files.insert(module.clone(), format!("{} (mod {inner})", file.name));
        }
    }
    for reading in &readings {
        for (module, name) in &reading.items {
            krate.items.insert((module.clone(), name.clone()));
        }
        for (module, path, _, name) in &reading.uses {
            if let Some(name) = name {
                krate.imports.insert((module.clone(), name.clone()), path.clone());
            }
        }
    }
    let node_module: BTreeMap<&str, &ModPath> = krate.files.iter().map(|(m, f)| (f.as_str(), m)).collect();
    let mut found: BTreeMap<(String, String), Use> = BTreeMap::new();
    let mut note = |module: &ModPath, line: usize, path: &[String], to: Option<String>| {
        let Some(from) = krate.files.get(module) else { return };
        if let Some(to) = to.filter(|to| to != from) {
            let upward = node_module.get(to.as_str()).is_some_and(|parent| module.starts_with(parent));
            found.entry((from.clone(), to.clone())).or_insert(Use {
                from: from.clone(),
                line,
                path: path.join("::"),
                to,
                upward,
            });
        }
    };
    for reading in &readings {
        for (module, path, line, name) in &reading.uses {
            let to = match name {
                // A glob: the module's own file.
                None => krate.module_path(module, path).and_then(|m| krate.files.get(&m).cloned()),
                // A module brought in by name (`use super::query;`) is an alias, not a dependency.
                Some(_) if krate.module_path(module, path).is_some_and(|m| krate.module_exists(&m)) => None,
                Some(_) => krate.resolve(module, path, 0),
            };
            note(module, *line, path, to);
        }
        for (module, path, line) in &reading.paths {
            note(module, *line, path, krate.resolve(module, path, 0));
        }
    }
    found.into_values().collect()
}

/// Groups of files that depend on each other around a loop (Tarjan's strongly connected components).
fn cycles(uses: &[Use]) -> Vec<Vec<String>> {
    let mut graph: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for u in uses.iter().filter(|u| !u.upward) {
        graph.entry(&u.from).or_default().push(&u.to);
        graph.entry(&u.to).or_default();
    }
    struct State<'a> {
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        groups: Vec<Vec<String>>,
    }
    fn visit<'a>(node: &'a str, graph: &BTreeMap<&'a str, Vec<&'a str>>, s: &mut State<'a>) {
        let n = s.index.len();
        s.index.insert(node, n);
        s.low.insert(node, n);
        s.stack.push(node);
        s.on_stack.insert(node);
        for &next in &graph[node] {
            if !s.index.contains_key(next) {
                visit(next, graph, s);
                let low = s.low[node].min(s.low[next]);
                s.low.insert(node, low);
            } else if s.on_stack.contains(next) {
                let low = s.low[node].min(s.index[next]);
                s.low.insert(node, low);
            }
        }
        if s.low[node] == s.index[node] {
            let mut group = Vec::new();
            while let Some(top) = s.stack.pop() {
                s.on_stack.remove(top);
                group.push(top.to_string());
                if top == node {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                s.groups.push(group);
            }
        }
    }
    let mut state = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        groups: Vec::new(),
    };
    for &node in graph.keys() {
        if !state.index.contains_key(node) {
            visit(node, &graph, &mut state);
        }
    }
    state.groups.sort();
    state.groups
}

/// The loops, each with the lines that close it, as a person would want to read them.
fn describe(uses: &[Use], groups: &[Vec<String>]) -> String {
    let mut text = String::new();
    for group in groups {
        text.push_str(&format!("files that import each other: {}\n", group.join(", ")));
        for u in uses.iter().filter(|u| !u.upward && group.contains(&u.from) && group.contains(&u.to)) {
            text.push_str(&format!("  {}:{} names {} (defined in {})\n", u.from, u.line, u.path, u.to));
        }
    }
    text
}

fn library_sources() -> BTreeMap<String, String> {
    crate_sources(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// Every `.rs` file under `root`, by its path there.
fn crate_sources(root: &std::path::Path) -> BTreeMap<String, String> {
    let root = root.to_path_buf();
    let mut sources = BTreeMap::new();
    let mut pending = vec![root.clone()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = path.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
                sources.insert(name, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    sources
}

#[test]
fn no_two_files_of_the_library_import_each_other() {
    let sources = library_sources();
    assert!(sources.len() > 50, "read only {} files of src/", sources.len());
    let uses = dependencies(&sources);
    // The reading finds the dependencies it must (a check that reads nothing finds no loop either).
    for (from, to) in [
        ("heroes/audit/moving/mod.rs", "heroes/audit/mod.rs"),
        ("heroes/write.rs", "heroes/raw.rs"),
        ("heroes/query/sphere_game/mod.rs", "heroes/query/vector.rs"),
    ] {
        assert!(uses.iter().any(|u| u.from == from && u.to == to), "{from} → {to} not read");
    }
    let groups = cycles(&uses);
    assert!(groups.is_empty(), "files that import each other:\n{}", describe(&uses, &groups));
}

#[test]
fn no_two_files_of_a_front_end_import_each_other() {
    let crates = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    // levelkit-discover is one file.
    for front_end in ["levelkit-cli", "levelkit-py", "levelkit-wasm"] {
        let sources = crate_sources(&crates.join(front_end).join("src"));
        assert!(sources.len() > 3, "read only {} files of {front_end}/src", sources.len());
        let uses = dependencies(&sources);
        assert!(!uses.is_empty(), "{front_end}: no dependency read");
        let groups = cycles(&uses);
        assert!(
            groups.is_empty(),
            "{front_end}: files that import each other:\n{}",
            describe(&uses, &groups)
        );
    }
}

/// The library's layers, bottom first (docs/dev/architecture.md draws them): a file may name what its own
/// layer or a lower one defines, never a higher one. The first prefix a file's path starts with places it.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "bytes and foundations",
        &[
            "bytes.rs",
            "num.rs",
            "hex.rs",
            "json.rs",
            "rng.rs",
            "vecmath.rs",
            "par.rs",
            "font.rs",
            "png.rs",
            "io.rs",
            "test_support.rs",
        ],
    ),
    ("records", &["record/", "format.rs", "dump.rs", "findings.rs", "findings/"]),
    ("formats and models", &["mesh.rs", "psx/", "heroes/", "reptar/"]),
    ("queries and builders", &[]),
    (
        "documents, conversions, pictures, discs",
        &["detect.rs", "document.rs", "convert/", "render/", "disc/", "samples.rs", "lib.rs"],
    ),
];

/// Files above their directory's layer: the queries and builders over each format, the live-reload client.
const RAISED: &[(&str, usize)] = &[
    ("heroes/query/", 3),
    ("heroes/exact/", 3),
    ("heroes/audit/", 3),
    ("heroes/builder/", 3),
    ("heroes/generate.rs", 3),
    ("reptar/builder/", 3),
    ("reptar/generate/", 3),
    ("heroes/live/", 4),
];

/// The layer of a file (its path under src/, ` (mod tests)` and the like cut off), by [`RAISED`] then
/// [`LAYERS`].
fn layer_of(file: &str) -> Option<usize> {
    let path = file.split(' ').next().unwrap_or(file);
    RAISED
        .iter()
        .find(|(prefix, _)| path.starts_with(prefix))
        .map(|&(_, layer)| layer)
        .or_else(|| LAYERS.iter().position(|(_, prefixes)| prefixes.iter().any(|p| path.starts_with(p))))
}

/// A unit test module (`tests.rs`, `tests/`, an inline `mod tests`): it exercises its module with the
/// whole library (generated samples, a conversion to feed it), and nothing imports it, so it can neither
/// close a loop nor make a lower layer depend on a higher one.
fn is_test(file: &str) -> bool {
    file.ends_with("tests.rs")
        || file.contains("/tests/")
        || file.starts_with("tests/")
        || file.contains("(mod tests")
}

/// The arrows that run up the layers outside unit tests, each with the line that draws it.
fn upward(uses: &[Use]) -> Vec<String> {
    uses.iter()
        .filter(|u| !is_test(&u.from))
        .filter_map(|u| {
            let (from, to) = (layer_of(&u.from)?, layer_of(&u.to)?);
            (to > from).then(|| {
                format!("{}:{} names {} ({}, above {})", u.from, u.line, u.path, LAYERS[to].0, LAYERS[from].0)
            })
        })
        .collect()
}

#[test]
fn every_import_runs_down_the_layers() {
    let sources = library_sources();
    let unplaced: Vec<&String> = sources.keys().filter(|f| layer_of(f).is_none()).collect();
    assert!(unplaced.is_empty(), "files in no layer (add them to LAYERS): {unplaced:?}");
    let up = upward(&dependencies(&sources));
    assert!(up.is_empty(), "imports that run up the layers:\n{}", up.join("\n"));
}

/// The two games' formats share layers, never each other's files.
#[test]
fn neither_format_names_the_other() {
    let crossing: Vec<String> = dependencies(&library_sources())
        .iter()
        .filter(|u| {
            (u.from.starts_with("heroes/") && u.to.starts_with("reptar/"))
                || (u.from.starts_with("reptar/") && u.to.starts_with("heroes/"))
        })
        .map(|u| format!("{}:{} names {}", u.from, u.line, u.path))
        .collect();
    assert!(crossing.is_empty(), "one format names the other's files:\n{}", crossing.join("\n"));
}

/// The crate root only declares and re-exports: a module names an item by the module that defines it
/// (`crate::findings::Severity`), never through the root (`crate::Severity`), so no arrow runs up to it.
#[test]
fn no_module_names_an_item_through_the_crate_root() {
    let mut through_root = Vec::new();
    for (name, text) in library_sources().iter().filter(|(name, _)| name.as_str() != "lib.rs") {
        let tokens = tokens(&blank(text));
        for (k, t) in tokens.iter().enumerate() {
            let next = |d: usize| tokens.get(k + d).map_or("", |t| t.text.as_str());
            let upper = |s: &str| s.starts_with(|c: char| c.is_ascii_uppercase());
            // `crate::Severity`, or `crate::{heroes, Severity}`: a name right after the root's `::`, `{` or `,`.
            let in_root_braces = next(2) == "{"
                && (3..40)
                    .take_while(|&d| next(d) != "}")
                    .any(|d| upper(next(d)) && matches!(next(d - 1), "{" | ","));
            let names_item = t.text == "crate" && next(1) == "::" && (upper(next(2)) || in_root_braces);
            if names_item {
                through_root.push(format!("{name}:{}", t.line));
            }
        }
    }
    assert!(through_root.is_empty(), "names an item through the crate root: {through_root:?}");
}

/// One test style (docs/dev/architecture.md): a module's unit tests are its child `tests`, inline or in
/// `tests.rs` / `tests/`; no `*_tests.rs` sibling, no `#[path]`.
#[test]
fn unit_tests_are_each_modules_tests_child() {
    let strays: Vec<String> = library_sources()
        .iter()
        .filter(|(name, text)| name.ends_with("_tests.rs") || blank(text).contains("#[path"))
        .map(|(name, _)| name.clone())
        .collect();
    assert!(strays.is_empty(), "tests outside a module's `tests` child: {strays:?}");
}

#[test]
fn a_format_naming_a_conversion_runs_up() {
    let sources = [
        ("reptar/builder/scene.rs", "use crate::convert::reptar::texture_hex;\nfn f() { texture_hex(); }"),
        ("convert/reptar.rs", "pub fn texture_hex() {}"),
        ("convert/mod.rs", "pub mod reptar;"),
    ];
    let sources = sources.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
    let up = upward(&dependencies(&sources));
    assert_eq!(up.len(), 1, "{up:?}");
    assert!(
        up[0].starts_with("reptar/builder/scene.rs:1 names crate::convert::reptar::texture_hex"),
        "{up:?}"
    );
}

fn fixture(files: &[(&str, &str)]) -> Vec<Vec<String>> {
    let sources = files.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
    cycles(&dependencies(&sources))
}

#[test]
fn a_use_line_each_way_is_a_loop() {
    let groups = fixture(&[
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        ("a.rs", "use crate::b::B;\npub struct A(B);\n"),
        ("b/mod.rs", "use super::a::{self as other, A};\npub struct B;\nfn f(_: A) {}\n"),
    ]);
    assert_eq!(groups, [["a.rs", "b/mod.rs"]]);
}

#[test]
fn a_path_in_code_around_three_files_is_a_loop() {
    let groups = fixture(&[
        ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
        ("a.rs", "pub fn f() { crate::b::g() }\n"),
        ("b.rs", "pub fn g() { super::c::h() }\n"),
        ("c.rs", "// crate::b::nothing in a comment\npub fn h() { let s = \"crate::x\"; crate::a::f() }\n"),
    ]);
    assert_eq!(groups, [["a.rs", "b.rs", "c.rs"]]);
}

#[test]
fn a_parent_that_calls_its_child_that_names_the_parent_is_no_loop_but_two_children_are() {
    // mod.rs calls `moving::run`, moving.rs names the parent's options: a module and its part.
    let parts = [
        ("lib.rs", "pub mod audit;\n"),
        (
            "audit/mod.rs",
            "pub mod moving;\nmod probe;\npub struct Options;\npub fn all() { moving::run() }\n",
        ),
        ("audit/moving.rs", "use super::Options;\npub fn run() {}\n"),
        ("audit/probe.rs", "pub struct Report;\n"),
    ];
    assert_eq!(fixture(&parts), Vec::<Vec<String>>::new());
    // The audit's remaining knot: probe.rs calls moving.rs, moving.rs builds probe.rs's report.
    let mut knotted = parts.to_vec();
    knotted[2] = ("audit/moving.rs", "use super::Options;\nuse super::probe::Report;\npub fn run() {}\n");
    knotted[3] = ("audit/probe.rs", "pub struct Report;\nfn p() { crate::audit::moving::run() }\n");
    assert_eq!(fixture(&knotted), [["audit/moving.rs", "audit/probe.rs"]]);
}

#[test]
fn a_name_only_re_exported_counts_for_the_file_that_defines_it() {
    // mod.rs re-exports a child's names and a sibling imports one: no loop through mod.rs...
    let clean = [
        ("lib.rs", "pub mod q;\n"),
        ("q/mod.rs", "mod vector;\nmod ray;\npub use vector::Vec3;\npub use ray::cast;\n"),
        ("q/vector.rs", "pub struct Vec3;\n"),
        (
            "q/ray.rs",
            "use super::Vec3;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\npub fn cast(_: Vec3) {}\n",
        ),
        ("q/tests.rs", "use super::*;\n"),
    ];
    assert_eq!(fixture(&clean), Vec::<Vec<String>>::new());
    // ...but a re-exported name that leads back around is one.
    let mut knotted = clean.to_vec();
    knotted[2] = ("q/vector.rs", "pub struct Vec3;\nfn f() { super::cast(Vec3) }\n");
    assert_eq!(fixture(&knotted), [["q/ray.rs", "q/vector.rs"]]);
}

#[test]
fn a_path_attribute_places_the_test_file_under_its_module() {
    let groups = fixture(&[
        ("lib.rs", "mod a;\n"),
        ("a/mod.rs", "mod m;\npub struct Top;\n"),
        ("a/m.rs", "pub fn f() {}\n#[cfg(test)]\n#[path = \"m_tests.rs\"]\nmod tests;\n"),
        // `super` here is `a::m`, so this names m.rs, not a/mod.rs; m.rs uses nothing of it.
        ("a/m_tests.rs", "use super::f;\nuse crate::a::Top;\n"),
    ]);
    assert_eq!(groups, Vec::<Vec<String>>::new());
}
