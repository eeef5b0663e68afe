//! Dumps: edited dumps laid out as written, unknown or disagreeing keys refused with their paths.

use super::*;

#[test]
fn an_edited_dump_is_laid_out_as_written() {
    let level = Level::parse(&fixture()).unwrap();
    let mut dump = level.to_dump();
    assert_eq!(dump["format"], "reptar-level");
    assert_eq!(dump["rooms"][0]["byte_list"]["kept"], serde_json::json!([4, 5]));
    assert_eq!(dump["pad"], "ee");
    // Add a quad, lengthen the byte list, let the size be computed.
    let room = &mut dump["rooms"][0];
    room["blobs"][0]["sections"][0]["faces"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"v": [3, 2, 1, 0], "texture": 0, "flags": 0}));
    room["byte_list"]["stored"] = serde_json::json!([5, 6, 7, 8]);
    room["geometry_size"] = "auto".into();
    // The explanations of what was edited go (issue 46: a stale one is an error, see
    // `explaining_keys_of_a_dump_must_agree`).
    room["byte_list"].as_object_mut().unwrap().remove("kept");
    dump["layout"] = serde_json::Value::Null;
    let edited = Level::from_dump(&dump).unwrap();
    assert_eq!(edited.rooms[0].geometry_size, 120);
    assert_eq!(edited.pad, [0xee, 0, 0], "5 list bytes need 3 pad bytes; the first is kept");
    assert_eq!(edited.rooms[0].quad_count(), 2);
    let bytes = edited.to_bytes().unwrap();
    let back = Level::parse(&bytes).unwrap();
    assert_eq!(back, edited);
    assert!(back.validate().is_empty(), "{:?}", back.validate());
    // A size given as a number is kept, even when wrong.
    dump["rooms"][0]["geometry_size"] = 7.into();
    assert_eq!(Level::from_dump(&dump).unwrap().rooms[0].geometry_size, 7);
    // Bad hex and bad shapes are errors, not panics.
    dump["pad"] = "zz".into();
    assert!(Level::from_dump(&dump).is_err());
    assert!(Level::from_dump(&serde_json::json!({"format": "reptar-level"})).is_err());
}

#[test]
fn unknown_dump_keys_are_refused_with_their_path() {
    let dump = Level::parse(&fixture()).unwrap().to_dump();
    let refuses = |edit: &dyn Fn(&mut serde_json::Value), path: &str, key: &str| {
        let mut d = dump.clone();
        edit(&mut d);
        let e = Level::from_dump(&d).unwrap_err().to_string();
        let names_key = e.contains(&format!("`{key}`")) || e.contains(&format!("\"{key}\""));
        let at = if path.is_empty() { format!("{key}: ") } else { format!("{path}.{key}: ") };
        assert!(e.starts_with(&at) && names_key, "{e}");
    };
    // A mistyped geometry_size must not quietly become "auto".
    refuses(
        &|d| {
            let room = d["rooms"][0].as_object_mut().unwrap();
            let size = room.remove("geometry_size").unwrap();
            room.insert("geometry_sise".into(), size);
        },
        "rooms[0]",
        "geometry_sise",
    );
    refuses(&|d| d["portals"][0]["corners"][1]["flag"] = 1.into(), "portals[0].corners[1]", "flag");
    refuses(&|d| d["rooms"][0]["record"]["portals"] = 1.into(), "rooms[0].record", "portals");
    refuses(&|d| d["rooms"][0]["byte_list"]["count"] = 1.into(), "rooms[0].byte_list", "count");
    refuses(&|d| d["rooms"][0]["blobs"][0]["faces_at"] = 40.into(), "rooms[0].blobs[0]", "faces_at");
    refuses(
        &|d| d["rooms"][0]["blobs"][0]["sections"][0]["count"] = 1.into(),
        "rooms[0].blobs[0].sections[0]",
        "count",
    );
    refuses(&|d| d["textures"][0]["page"] = 1.into(), "textures[0]", "page");
    refuses(&|d| d["room_count"] = 1.into(), "", "room_count");
    // The informational keys are not unknown.
    assert_eq!(Level::from_dump(&dump).unwrap(), Level::parse(&fixture()).unwrap());
}

#[test]
fn dump_shows_the_layout_for_reading() {
    let level = Level::parse(&fixture()).unwrap();
    let dump = level.to_dump();
    let layout = &dump["layout"];
    assert_eq!(layout["portals"], FIXTURE_PORTALS);
    assert_eq!(layout["sizes"], FIXTURE_SIZES);
    assert_eq!(layout["rooms"][0]["geometry_at"], FIXTURE_GEOMETRY);
    assert_eq!(layout["rooms"][0]["blobs"][0]["at"], FIXTURE_BLOB);
    assert_eq!(layout["rooms"][0]["blobs"][0]["len"], 104);
    assert_eq!(layout["rooms"][0]["blobs"][0]["faces_at"], 76);
    assert_eq!(layout["textures"], FIXTURE_TEXTURES);
    // It only explains: one that disagrees with the file is an error naming both values (issue 46), and
    // without it the dump packs the same.
    let mut edited = dump.clone();
    edited["layout"]["rooms"][0]["blobs"][0]["faces_at"] = 1.into();
    assert_eq!(
        Level::from_dump(&edited).unwrap_err().to_string(),
        "layout.rooms[0].blobs[0].faces_at: the dump says 1, the file will have 76; \"layout\" only explains \
         where the lists put things: after editing them, remove it (or set it to null)"
    );
    edited["layout"] = serde_json::Value::Null;
    assert_eq!(Level::from_dump(&edited).unwrap(), level);
    edited.as_object_mut().unwrap().remove("layout");
    assert_eq!(Level::from_dump(&edited).unwrap(), level);
}

/// Issue 46: no key of a dump is ignored; one that explains another must agree with it.
#[test]
fn explaining_keys_of_a_dump_must_agree() {
    let level = Level::parse(&fixture()).unwrap();
    let dump = level.to_dump();
    // A byte list's stored bytes edited, its kept bytes left: both named.
    let mut d = dump.clone();
    d["rooms"][0]["byte_list"]["stored"] = serde_json::json!([6, 7]);
    let err = Level::from_dump(&d).unwrap_err().to_string();
    assert!(err.starts_with("rooms[0].byte_list: "), "{err}");
    assert!(
        err.contains("kept is [4, 5] but stored [6, 7] gives [5, 6] (each stored byte less one)"),
        "{err}"
    );
    // A geometry edit with the old layout: the first derived value that moved, with both values.
    let mut d = dump.clone();
    d["rooms"][0]["blobs"][0]["sections"][0]["faces"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"v": [3, 2, 1, 0], "texture": 0, "flags": 0}));
    let err = Level::from_dump(&d).unwrap_err().to_string();
    assert!(err.starts_with("layout."), "{err}");
    assert!(err.contains("the dump says") && err.contains("the file will have"), "{err}");
    // The pad cut to what the lists need loses nothing but zeros; other bytes are an error.
    let mut d = dump.clone();
    d["pad"] = "ee0000".into();
    assert_eq!(Level::from_dump(&d).unwrap(), level);
    d["pad"] = "ee0011".into();
    let err = Level::from_dump(&d).unwrap_err().to_string();
    assert!(
        err.starts_with("pad: 3 bytes, but the byte lists need 1; the bytes past them (0011) are not zero"),
        "{err}"
    );
    // about: the dump's own note, any text.
    let mut d = dump.clone();
    d["about"] = "my notes".into();
    assert_eq!(Level::from_dump(&d).unwrap(), level);
}
