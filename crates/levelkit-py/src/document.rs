//! What every document class (`Collision`, `Level`) has alike, written once over its `inner` model:
//! `to_bytes`, `check`, `check_groups`, `summary` and `to_dump`.

/// A document class's one `#[pymethods]` block (PyO3 takes one per class without its `multiple-pymethods`
/// feature): `document_methods! { impl Class { ...its own methods... } }` gives the class its own methods
/// and the ones every document has.
macro_rules! document_methods {
    (impl $class:ident { $($own:tt)* }) => {
        #[pyo3::pymethods]
        impl $class {
            $($own)*

            /// The file's bytes: a file that was read gives back the same bytes.
            fn to_bytes<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyBytes>> {
                let bytes = self.inner.to_bytes().map_err($crate::errors::write_error)?;
                Ok(pyo3::types::PyBytes::new(py, &bytes))
            }

            /// Every finding (`levelkit check`), errors first.
            fn check(&self, py: pyo3::Python<'_>) -> Vec<$crate::findings::PyFinding> {
                $crate::findings::findings(&py.detach(|| self.inner.validate()))
            }

            /// The findings grouped by rule as `levelkit check` prints them: errors first.
            fn check_groups(
                &self,
                py: pyo3::Python<'_>,
            ) -> pyo3::PyResult<Vec<$crate::findings::PyFindingGroup>> {
                $crate::findings::groups(py, &py.detach(|| self.inner.validate()))
            }

            /// The summary `levelkit info --json` prints, as a dict.
            fn summary<'py>(&self, py: pyo3::Python<'py>) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::PyAny>> {
                $crate::arrays::to_python(py, &self.inner.summary())
            }

            /// Every field as a JSON-shaped dict, lossless (`levelkit dump`); `levelkit.from_dump` reads it
            /// back.
            fn to_dump<'py>(&self, py: pyo3::Python<'py>) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::PyAny>> {
                $crate::arrays::dump_to_python(py, self.inner.to_dump())
            }
        }
    };
}

pub(crate) use document_methods;
