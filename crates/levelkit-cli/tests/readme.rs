//! The README says what a user types: every command line of its code blocks that runs on the shipped
//! samples exits as documented, every command and flag in its table is one `levelkit --help` knows (and
//! every command is in the table), and every relative link in the README, the changelog and `docs/`
//! resolves, anchors included.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of the README's fenced `sh` blocks.
fn shell_lines(markdown: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut inside = false;
    for line in markdown.lines() {
        match (inside, line.trim_start()) {
            (false, "```sh") => inside = true,
            (true, "```") => inside = false,
            (true, l) if !l.is_empty() => lines.push(l.to_string()),
            _ => {}
        }
    }
    lines
}

/// A command line split into words (double quotes group), and its comment.
fn split(line: &str) -> (Vec<String>, String) {
    let (command, comment) = match line.find("  #").or_else(|| line.find(" # ")) {
        Some(i) => (&line[..i], line[i..].trim_start().trim_start_matches('#').trim()),
        None => (line, ""),
    };
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in command.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    (words, comment.to_string())
}

/// The words that name files the command reads: those with an extension, not flags, not outputs.
fn inputs(words: &[String]) -> Vec<&str> {
    let mut found = Vec::new();
    let mut output_next = false;
    for w in words.iter().skip(2) {
        if output_next {
            output_next = false;
        } else if ["-o", "--output", "--map"].contains(&w.as_str()) {
            output_next = true;
        } else if !w.starts_with('-')
            && w.rsplit_once('.').is_some_and(|(stem, ext)| !stem.is_empty() && ext.len() <= 4)
        {
            found.push(w.as_str());
        }
    }
    found
}

#[test]
fn every_readme_command_on_the_samples_exits_as_documented() {
    let root = repo();
    let dir = tempfile::tempdir().unwrap();
    let samples = dir.path().join("samples");
    std::fs::create_dir(&samples).unwrap();
    for entry in std::fs::read_dir(root.join("samples")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), samples.join(entry.file_name())).unwrap();
    }
    let mut ran = Vec::new();
    let mut skipped = Vec::new();
    for line in shell_lines(&read(&root.join("README.md"))) {
        let line = line.replacen("cargo run --release -p levelkit-cli --", "levelkit", 1);
        let (words, comment) = split(&line);
        if words.first().map(String::as_str) != Some("levelkit") {
            continue;
        }
        // Lines about the user's own files (a disc, a mesh, the game) are examples, not runs.
        if words.get(1).map(String::as_str) == Some("push")
            || inputs(&words).iter().any(|f| !dir.path().join(f).exists())
        {
            skipped.push(line.clone());
            continue;
        }
        let want = if comment.contains("exits 1") { 1 } else { 0 };
        let out = Command::new(env!("CARGO_BIN_EXE_levelkit"))
            .args(&words[1..])
            .current_dir(dir.path())
            .output()
            .expect("the binary runs");
        assert_eq!(
            out.status.code(),
            Some(want),
            "`{line}` exited {:?}, the README says {want}\n{}{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        // "byte for byte": the output is its --base's bytes.
        if comment.contains("byte for byte") {
            let after =
                |flag: &str| words.iter().position(|w| w == flag).map(|i| dir.path().join(&words[i + 1]));
            let (base, output) = (after("--base").unwrap(), after("-o").unwrap());
            assert!(
                std::fs::read(&base).unwrap() == std::fs::read(&output).unwrap(),
                "`{line}`: not byte for byte"
            );
        }
        ran.push(line);
    }
    // The README's quick starts run on the samples: most of their lines must have run.
    assert!(ran.len() >= 10, "only {} README lines ran: {ran:#?}\nskipped: {skipped:#?}", ran.len());
}

/// `levelkit CMD …` spans of the README's command table.
fn table_commands(readme: &str) -> Vec<String> {
    let start = readme.find("## Commands").expect("the README has a Commands section");
    let table = &readme[start..];
    let table = &table[..table[3..].find("\n## ").map_or(table.len(), |i| i + 3)];
    table
        .lines()
        .filter(|l| l.starts_with("| `levelkit "))
        .flat_map(|l| {
            l.split('`').skip(1).step_by(2).filter(|s| s.starts_with("levelkit ")).map(String::from)
        })
        .collect()
}

fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).output().expect("the binary runs");
    assert!(out.status.success(), "levelkit {args:?} failed");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_readme_command_table_matches_the_help() {
    let readme = read(&repo().join("README.md"));
    let spans = table_commands(&readme);
    assert!(spans.len() >= 18, "{spans:?}");
    let top = help(&["--help"]);
    let commands: HashSet<&str> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    let mut in_table = HashSet::new();
    for span in &spans {
        let name = span.split_whitespace().nth(1).unwrap();
        assert!(commands.contains(name), "the README's `{span}`: levelkit has no command {name}");
        in_table.insert(name);
        let text = help(&[name, "--help"]);
        for flag in
            span.split(|c: char| c.is_whitespace() || "[]|".contains(c)).filter(|w| w.starts_with("--"))
        {
            assert!(
                text.contains(&format!("{flag} ")) || text.contains(&format!("{flag}\n")),
                "the README's `{span}`: `levelkit {name} --help` has no {flag}"
            );
        }
        for short in span.split_whitespace().filter(|w| w.len() == 2 && w.starts_with('-')) {
            assert!(
                text.contains(&format!("{short}, ")),
                "the README's `{span}`: `levelkit {name} --help` has no {short}"
            );
        }
    }
    let missing: Vec<_> = commands.difference(&in_table).collect();
    assert!(missing.is_empty(), "commands missing from the README's table: {missing:?}");
}

/// A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(markdown: &str) -> HashSet<String> {
    let mut fenced = false;
    let mut found = HashSet::new();
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            found.insert(slug(line.trim_start_matches('#')));
        }
    }
    found
}

/// Every `](target)` of a Markdown text outside code.
fn links(markdown: &str) -> Vec<String> {
    let mut fenced = false;
    let mut found = Vec::new();
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || line.starts_with("    ") {
            continue;
        }
        let mut rest = line;
        while let Some(i) = rest.find("](") {
            rest = &rest[i + 2..];
            let Some(end) = rest.find(')') else { break };
            found.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    found
}

fn markdown_files(dir: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            markdown_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "md") {
            into.push(path);
        }
    }
}

#[test]
fn every_relative_link_in_the_readme_and_docs_resolves() {
    let root = repo();
    let mut files = vec![root.join("README.md"), root.join("CHANGELOG.md")];
    markdown_files(&root.join("docs"), &mut files);
    let mut checked = 0;
    let mut broken = Vec::new();
    for file in &files {
        let text = read(file);
        for link in links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = link.split_once('#').map_or((link.as_str(), None), |(p, a)| (p, Some(a)));
            let target = if path.is_empty() { file.clone() } else { file.parent().unwrap().join(path) };
            checked += 1;
            if !target.exists() {
                broken.push(format!("{}: {link}: no such file", file.display()));
            } else if let Some(anchor) = anchor.filter(|_| target.extension().is_some_and(|e| e == "md")) {
                if !anchors(&read(&target)).contains(anchor) {
                    broken.push(format!("{}: {link}: no heading with that anchor", file.display()));
                }
            }
        }
    }
    assert!(checked > 40, "only {checked} links read");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_link_reader_finds_what_it_must() {
    assert_eq!(
        slug(" Why the game's line cast stays below half of parry3d's"),
        "why-the-games-line-cast-stays-below-half-of-parry3ds"
    );
    assert_eq!(links("see [a](docs/a.md#x) and ![b](b.png)\n```\n[c](c.md)\n```"), ["docs/a.md#x", "b.png"]);
    let (words, comment) = split(r#"levelkit push s01.cl --game "C:/Games/Sonic Heroes"   # into the game"#);
    assert_eq!(words, ["levelkit", "push", "s01.cl", "--game", "C:/Games/Sonic Heroes"]);
    assert_eq!(comment, "into the game");
    assert_eq!(
        inputs(&split("levelkit render samples/L.BIN --vram vram.bin -o room.png").0),
        ["samples/L.BIN", "vram.bin"]
    );
}
