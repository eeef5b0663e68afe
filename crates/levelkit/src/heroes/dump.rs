//! The lossless JSON dump (being written).
