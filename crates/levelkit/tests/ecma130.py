#!/usr/bin/env python3
"""Checks the EDC and ECC of raw 2,352-byte CD-ROM sectors, written from ECMA-130's definitions alone
(14.3 sector layout, 14.5 and Annex A for the codes), apart from levelkit's Rust implementation
(crates/levelkit/src/disc/edc_ecc.rs), so that each checks the other.

    python3 ecma130.py IMAGE.bin     -> "checked N sectors: M mode 1, F form 1, G form 2, O other"

Exit status 0 when every data sector's codes match, 1 otherwise (the first mismatches are printed).

EDC (14.3): P(x) = (x^16 + x^15 + x^2 + 1)(x^16 + x^2 + x + 1), the bits taken least significant
first, so the division runs over the reflected polynomial; the 32-bit remainder is stored least
significant byte first.

ECC (Annex A): the 2,064 bytes from the header to the intermediate field are 1,032 16-bit words
S(0..1031); the P parity words are S(1032..1117), the Q parity words S(1118..1169). Each word is split
into its two bytes, and each byte plane is coded alone. P vectors (43 per plane): S(Np + 43 k),
k = 0..23, then S(1032 + Np) and S(1075 + Np). Q vectors (26 per plane): S((43 Mq + 44 k) mod 1118),
k = 0..42, then S(1118 + Mq) and S(1144 + Mq). A vector V of n bytes (the parity pair last) satisfies
H V = 0 with H = [[1, 1, ..., 1], [a^(n-1), ..., a^1, a^0]], a a root of x^8 + x^4 + x^3 + x^2 + 1
in GF(2^8). Mode 2 sectors are coded with the header taken as zeros.
"""
import sys

SECTOR = 2352
SYNC = bytes([0x00] + [0xFF] * 10 + [0x00])

# EDC
POLY = (1 << 32) | (1 << 31) | (1 << 16) | (1 << 15) | (1 << 4) | (1 << 3) | (1 << 1) | 1


def poly_mul(a, b):
    out = 0
    while b:
        if b & 1:
            out ^= a
        a <<= 1
        b >>= 1
    return out


assert poly_mul((1 << 16) | (1 << 15) | (1 << 2) | 1, (1 << 16) | (1 << 2) | (1 << 1) | 1) == POLY
REFLECTED = int(format(POLY & 0xFFFFFFFF, "032b")[::-1], 2)
EDC_TABLE = []
for byte in range(256):
    crc = byte
    for _ in range(8):
        crc = (crc >> 1) ^ REFLECTED if crc & 1 else crc >> 1
    EDC_TABLE.append(crc)


def edc(data):
    crc = 0
    for b in data:
        crc = (crc >> 8) ^ EDC_TABLE[(crc ^ b) & 0xFF]
    return crc


# GF(2^8) with x^8 + x^4 + x^3 + x^2 + 1
FIELD = 0x11D
EXP = [0] * 512
LOG = [0] * 256
value = 1
for power in range(255):
    EXP[power] = value
    LOG[value] = power
    value <<= 1
    if value & 0x100:
        value ^= FIELD
for power in range(255, 512):
    EXP[power] = EXP[power - 255]


def mul(a, b):
    return 0 if a == 0 or b == 0 else EXP[LOG[a] + LOG[b]]


def div(a, b):
    return 0 if a == 0 else EXP[(LOG[a] - LOG[b]) % 255]


def parity_pair(data):
    """p0, p1 with sum(V) = 0 and sum(a^(n-1-i) V_i) = 0 for V = data + [p0, p1], n = len(data) + 2."""
    n = len(data) + 2
    total = 0
    weighted = 0
    for i, d in enumerate(data):
        total ^= d
        weighted ^= mul(EXP[n - 1 - i], d)
    # p0 + p1 = total; a p0 + p1 = weighted  =>  (a + 1) p0 = total + weighted.
    p0 = div(total ^ weighted, EXP[1] ^ 1)
    return p0, total ^ p0


def ecc(sector, zero_header):
    region = bytearray(sector[12:12 + 2 * 1170])
    if zero_header:
        region[0:4] = b"\0\0\0\0"

    def word_byte(word, plane):
        return 2 * word + plane

    for plane in (0, 1):
        for np_ in range(43):
            data = [region[word_byte(np_ + 43 * k, plane)] for k in range(24)]
            p0, p1 = parity_pair(data)
            region[word_byte(1032 + np_, plane)] = p0
            region[word_byte(1032 + 43 + np_, plane)] = p1
    for plane in (0, 1):
        for mq in range(26):
            data = [region[word_byte((43 * mq + 44 * k) % 1118, plane)] for k in range(43)]
            p0, p1 = parity_pair(data)
            region[word_byte(1118 + mq, plane)] = p0
            region[word_byte(1118 + 26 + mq, plane)] = p1
    return bytes(region[2 * 1032:])


def check(sector):
    """(kind, problem or None)."""
    if sector[:12] != SYNC:
        return "other", None
    mode = sector[15]
    if mode == 1:
        if edc(sector[0:0x810]) != int.from_bytes(sector[0x810:0x814], "little"):
            return "mode1", "EDC"
        if sector[0x814:0x81C] != bytes(8):
            return "mode1", "intermediate field not zero"
        if ecc(sector, False) != sector[0x81C:]:
            return "mode1", "ECC"
        return "mode1", None
    if mode == 2:
        if sector[16:20] != sector[20:24]:
            return "mode2", "the subheader's two copies differ"
        if sector[18] & 0x20:
            stored = int.from_bytes(sector[0x92C:0x930], "little")
            if stored != 0 and edc(sector[0x10:0x92C]) != stored:
                return "form2", "EDC"
            return "form2", None
        if edc(sector[0x10:0x818]) != int.from_bytes(sector[0x818:0x81C], "little"):
            return "form1", "EDC"
        if ecc(sector, True) != sector[0x81C:]:
            return "form1", "ECC"
        return "form1", None
    return "other", None


def main():
    data = open(sys.argv[1], "rb").read()
    if len(data) % SECTOR:
        print(f"{len(data)} bytes: not whole {SECTOR}-byte sectors")
        return 1
    counts = {"mode1": 0, "form1": 0, "form2": 0, "other": 0}
    bad = []
    for i in range(len(data) // SECTOR):
        kind, problem = check(data[i * SECTOR:(i + 1) * SECTOR])
        counts[kind if kind in counts else "other"] += 1
        if problem:
            bad.append(f"sector {i}: {problem} wrong")
    for line in bad[:10]:
        print(line)
    print(f"checked {len(data) // SECTOR} sectors: {counts['mode1']} mode 1, {counts['form1']} form 1, "
          f"{counts['form2']} form 2, {counts['other']} other; {len(bad)} wrong")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
