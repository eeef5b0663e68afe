//! PS1 VRAM dumps: the `Vram` class, and a VRAM argument as the exporters, the renderer and the level
//! builder take it.

use crate::arrays;
use crate::errors;
use levelkit::psx::{Clut, Tpage};
use numpy::PyArray3;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// A VRAM argument as a dump's bytes: a `Vram`, or the raw dump's bytes (checked to be one).
pub fn vram_bytes(vram: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<u8>>> {
    Ok(vram_arg(vram)?.map(|v| v.to_dump()))
}

/// A VRAM argument: a `Vram`, or the raw dump's bytes.
pub fn vram_arg(vram: Option<&Bound<'_, PyAny>>) -> PyResult<Option<levelkit::psx::Vram>> {
    let Some(vram) = vram.filter(|v| !v.is_none()) else { return Ok(None) };
    if let Ok(v) = vram.cast::<Vram>() {
        return Ok(Some(v.get().inner.clone()));
    }
    let bytes: Vec<u8> = vram
        .extract()
        .map_err(|_| PyTypeError::new_err("vram must be a levelkit.Vram or a VRAM dump's bytes"))?;
    levelkit::psx::Vram::from_dump(&bytes).map(Some).map_err(errors::export_error)
}

/// A PS1 VRAM dump (1024×512 halfwords, as an emulator saves it).
#[pyclass(module = "levelkit", frozen)]
pub struct Vram {
    pub inner: levelkit::psx::Vram,
}

#[pymethods]
impl Vram {
    /// Reads a raw 1 MiB dump; any other size raises.
    #[staticmethod]
    fn from_dump(data: &[u8]) -> PyResult<Vram> {
        levelkit::psx::Vram::from_dump(data).map(|inner| Vram { inner }).map_err(errors::export_error)
    }

    /// The dump's bytes.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.to_dump())
    }

    /// A 256×256 texture page through a palette, as the GPU samples it: 256×256×4 uint8 RGBA (transparent
    /// texels, halfword 0, have alpha 0). `tpage` and `clut` are the texture entry's halfwords.
    fn decode_page<'py>(&self, py: Python<'py>, tpage: u16, clut: u16) -> PyResult<Bound<'py, PyArray3<u8>>> {
        let page = self.inner.decode_page(Tpage(tpage), Clut(clut));
        arrays::image::<4>(py, page.width, page.height, page.pixels)
    }

    /// The whole of VRAM as 15-bit colour, 512×1024×4 uint8 RGBA.
    fn to_rgba<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<u8>>> {
        let image = self.inner.to_rgba_image();
        arrays::image::<4>(py, image.width, image.height, image.pixels)
    }
}

pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Vram>()
}
