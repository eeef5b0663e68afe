//! Finds the port the HeroesPowerPlant remote-control mod listens on inside a running Sonic Heroes.
//!
//! The mod publishes its port as a little-endian `i32` in a named shared memory block,
//! [`levelkit::heroes::live::shared_memory_name`] of the game's process id (`ServerLocator.cs` in
//! `Sewer56/HeroesPowerPlant.RemoteControl.ReloadedII`: `MemoryMappedFile.CreateOrOpen(name, 4)`), which
//! on Windows is a named file mapping in the session's namespace. Reading it takes OS calls, so it lives
//! here, apart from the library (`forbid(unsafe_code)`).
//!
//! On Windows (and under Wine, in the game's prefix): list the processes (ToolHelp), take the one named
//! `tsonic_win.exe` (any case), open its file mapping read-only, read 4 bytes. Elsewhere the block cannot
//! be reached (a game under Wine/Proton keeps it inside its wineserver): [`find_port`] says to pass the
//! port.

use levelkit::heroes::live::LiveError;

/// The port of the mod in the one running game.
pub fn find_port() -> Result<u16, LiveError> {
    imp::find_port()
}

/// A port read from the shared memory block: 1 to 65535.
#[cfg_attr(not(windows), allow(dead_code, reason = "read only by the Windows discovery, tested everywhere"))]
fn port_of(value: i32) -> Result<u16, LiveError> {
    u16::try_from(value).ok().filter(|&p| p != 0).ok_or(LiveError::BadPort(i64::from(value)))
}

#[cfg(not(windows))]
mod imp {
    use levelkit::heroes::live::LiveError;

    pub fn find_port() -> Result<u16, LiveError> {
        Err(LiveError::PortUnknown)
    }
}

#[cfg(windows)]
mod imp {
    use levelkit::heroes::live::{shared_memory_name, LiveError, GAME_PROCESS};
    use windows_sys::Win32::Foundation::{
        CloseHandle, GetLastError, ERROR_FILE_NOT_FOUND, HANDLE, INVALID_HANDLE_VALUE,
    };
    use windows_sys::Win32::System::Diagnostics::ToolHelp::{
        CreateToolhelp32Snapshot, Process32FirstW, Process32NextW, PROCESSENTRY32W, TH32CS_SNAPPROCESS,
    };
    use windows_sys::Win32::System::Memory::{
        MapViewOfFile, OpenFileMappingW, UnmapViewOfFile, FILE_MAP_READ,
    };

    /// A handle closed when dropped.
    struct Handle(HANDLE);

    impl Drop for Handle {
        fn drop(&mut self) {
            // SAFETY: the handle was returned open by the OS and is closed once.
            unsafe { CloseHandle(self.0) };
        }
    }

    fn last_error(what: &str) -> LiveError {
        // SAFETY: no arguments; reads the calling thread's last error.
        let code = unsafe { GetLastError() };
        LiveError::Discovery(format!("{what} failed (Windows error {code})"))
    }

    /// The ids of the processes whose executable is `name` (compared without regard to case).
    fn processes_named(name: &str) -> Result<Vec<u32>, LiveError> {
        // SAFETY: plain call; the result is checked against INVALID_HANDLE_VALUE.
        let snapshot = unsafe { CreateToolhelp32Snapshot(TH32CS_SNAPPROCESS, 0) };
        if snapshot == INVALID_HANDLE_VALUE {
            return Err(last_error("listing the processes"));
        }
        let snapshot = Handle(snapshot);
        let mut entry = PROCESSENTRY32W { dwSize: 0, ..Default::default() };
        entry.dwSize = u32::try_from(std::mem::size_of::<PROCESSENTRY32W>()).unwrap_or(u32::MAX);
        let mut found = Vec::new();
        // SAFETY: `entry` is a valid PROCESSENTRY32W with dwSize set, as the calls require.
        let mut more = unsafe { Process32FirstW(snapshot.0, &mut entry) } != 0;
        while more {
            let len = entry.szExeFile.iter().position(|&c| c == 0).unwrap_or(entry.szExeFile.len());
            let exe = String::from_utf16_lossy(&entry.szExeFile[..len]);
            if exe.eq_ignore_ascii_case(name) {
                found.push(entry.th32ProcessID);
            }
            // SAFETY: as above.
            more = unsafe { Process32NextW(snapshot.0, &mut entry) } != 0;
        }
        Ok(found)
    }

    /// The i32 at the start of the file mapping `name`; `None` when there is no such mapping.
    fn read_mapping(name: &str) -> Result<Option<i32>, LiveError> {
        let wide: Vec<u16> = name.encode_utf16().chain(std::iter::once(0)).collect();
        // SAFETY: `wide` is a NUL-terminated UTF-16 string that outlives the call.
        let mapping = unsafe { OpenFileMappingW(FILE_MAP_READ, 0, wide.as_ptr()) };
        if mapping.is_null() {
            // SAFETY: no arguments.
            return match unsafe { GetLastError() } {
                ERROR_FILE_NOT_FOUND => Ok(None),
                _ => Err(last_error("opening the mod's shared memory")),
            };
        }
        let mapping = Handle(mapping);
        // SAFETY: maps 4 bytes of a mapping the mod created with a capacity of 4 (`sizeof(int)`).
        let view = unsafe { MapViewOfFile(mapping.0, FILE_MAP_READ, 0, 0, 4) };
        if view.Value.is_null() {
            return Err(last_error("reading the mod's shared memory"));
        }
        let mut bytes = [0u8; 4];
        // SAFETY: the view is at least 4 readable bytes (one page); copied byte by byte, no alignment
        // needed; then unmapped once.
        unsafe {
            std::ptr::copy_nonoverlapping(view.Value.cast::<u8>(), bytes.as_mut_ptr(), 4);
            UnmapViewOfFile(view);
        }
        Ok(Some(i32::from_le_bytes(bytes)))
    }

    pub fn find_port() -> Result<u16, LiveError> {
        let pids = processes_named(GAME_PROCESS)?;
        let pid = match pids.as_slice() {
            [] => return Err(LiveError::NoGame),
            [pid] => *pid,
            many => return Err(LiveError::SeveralGames { count: many.len() }),
        };
        match read_mapping(&shared_memory_name(pid))? {
            Some(value) => super::port_of(value),
            None => Err(LiveError::NoMod { pid }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_outside_1_to_65535_are_refused() {
        assert_eq!(port_of(4660).unwrap(), 4660);
        for bad in [0, -1, 65536, i32::MAX] {
            let e = port_of(bad).unwrap_err();
            assert!(e.to_string().contains("not a port"), "{e}");
        }
    }

    #[cfg(not(windows))]
    #[test]
    fn without_windows_the_port_must_be_given() {
        let e = find_port().unwrap_err();
        assert!(e.to_string().ends_with("the mod's port must be given"), "{e}");
    }
}
