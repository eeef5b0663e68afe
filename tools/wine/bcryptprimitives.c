/* For the Wine tests only (scripts/test-windows), never shipped: ProcessPrng, which Rust's standard library
 * imports from bcryptprimitives.dll for random numbers (hash map seeds). Windows 10 and later have it;
 * Wine 8.0 does not, and an exe that imports it fails to start there (status c0000135). This DLL, placed
 * beside levelkit.exe in the test folder, answers it from RtlGenRandom (advapi32's SystemFunction036). On
 * Windows the system's own bcryptprimitives.dll is a known DLL and is loaded whatever lies beside the exe. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

/* As documented: fills `length` bytes and always returns TRUE. RtlGenRandom takes at most a ULONG. */
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            ExitProcess(3);
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
