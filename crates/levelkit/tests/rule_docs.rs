//! docs/reference/rules.md lists every [`Rule`] with its id and what it checks, as `Rule::ALL` has them: a
//! rule added, renamed or reworded fails here until the page says so too (`LEVELKIT_BLESS=1` rewrites the
//! list).

use levelkit::Rule;
use std::path::Path;

const START: &str =
    "<!-- rules: from Rule::ALL; LEVELKIT_BLESS=1 cargo test --test rule_docs rewrites it -->\n";
const END: &str = "<!-- end of rules -->";

/// The page's table of rules, one row per rule in `Rule::ALL`'s order.
fn table() -> String {
    let mut text = String::from("| Rule | What it checks |\n|---|---|\n");
    for rule in Rule::ALL {
        text += &format!("| `{}` | {} |\n", rule.id(), rule.summary());
    }
    text
}

#[test]
fn the_rules_page_lists_every_rule() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/reference/rules.md");
    let page = std::fs::read_to_string(&path).unwrap();
    let start = page.find(START).expect("the page marks where its list starts") + START.len();
    let end = start + page[start..].find(END).expect("the page marks where its list ends");
    let want = table();
    if std::env::var_os("LEVELKIT_BLESS").is_some() {
        std::fs::write(&path, format!("{}{want}{}", &page[..start], &page[end..])).unwrap();
        return;
    }
    assert_eq!(page[start..end], want, "docs/reference/rules.md's list is not Rule::ALL's");
}
