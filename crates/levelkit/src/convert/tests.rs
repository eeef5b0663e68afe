use super::*;

#[test]
fn base64_round_trips_every_length() {
    assert_eq!(base64_encode(b"Man"), "TWFu");
    assert_eq!(base64_encode(b"Ma"), "TWE=");
    assert_eq!(base64_encode(b"M"), "TQ==");
    let data: Vec<u8> = (0..=255).collect();
    for n in 0..data.len() {
        assert_eq!(base64_decode(&base64_encode(&data[..n])).as_deref(), Some(&data[..n]), "{n}");
    }
    assert_eq!(base64_decode("TW-u"), None);
}

#[test]
fn empty_documents_export_and_dump_to_json() {
    for doc in [Document::Heroes(Default::default()), Document::Reptar(Default::default())] {
        let json = export_document(&doc, "s01", &ExportOptions::new(ExportFormat::Json)).unwrap();
        assert_eq!(json[0].file_name, "s01.json");
        let glb = export_document(&doc, "s01", &ExportOptions::new(ExportFormat::Glb)).unwrap();
        assert_eq!(glb[0].file_name, "s01.glb");
    }
    let err = export_mesh(&Mesh::default(), "m", &ExportOptions::new(ExportFormat::Json)).unwrap_err();
    assert!(matches!(err, ExportError::Unsupported { .. }), "{err}");
}

#[test]
fn bad_scale_is_refused() {
    let opts = ExportOptions { scale: f32::NAN, ..ExportOptions::new(ExportFormat::Glb) };
    assert!(matches!(export_mesh(&Mesh::default(), "x", &opts), Err(ExportError::BadScale(_))));
}
