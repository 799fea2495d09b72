#include "CInt8Products.h"

#include <string.h>

/// The escape codes (3: both bits set) among the 2-bit codes of the eight bytes `x` holds.
static inline __attribute__((always_inline)) long escapes8(uint64_t x) {
    return __builtin_popcountll(x & (x >> 1) & 0x5555555555555555ULL);
}

/// The count of ``snlu_bulk2_escape_starts``, inlined into each processor's version.
static inline __attribute__((always_inline)) long escape_starts(const uint8_t *codes, long rows, long rowBytes,
                                                                int usedBits, int32_t *starts, uint8_t *unused) {
    long total = 0;
    uint8_t high = 0;
    for (long row = 0; row < rows; row++) {
        starts[row] = (int32_t)total;
        const uint8_t *c = codes + row * rowBytes;
        long at = 0;
        for (; at + 8 <= rowBytes; at += 8) {
            uint64_t x;
            memcpy(&x, c + at, sizeof x);
            total += escapes8(x);
        }
        for (; at < rowBytes; at++) total += escapes8(c[at]);
        if (usedBits > 0 && rowBytes > 0) high |= (uint8_t)(c[rowBytes - 1] >> usedBits);
    }
    starts[rows] = (int32_t)total;
    *unused = high;
    return total;
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
/// ``escape_starts`` with the processor's population count instruction.
__attribute__((target("popcnt")))
static long escape_starts_popcnt(const uint8_t *codes, long rows, long rowBytes, int usedBits, int32_t *starts,
                                 uint8_t *unused) {
    return escape_starts(codes, rows, rowBytes, usedBits, starts, unused);
}
#endif

long snlu_bulk2_escape_starts_portable(const uint8_t *codes, long rows, long rowBytes, int usedBits,
                                       int32_t *starts, uint8_t *unused) {
    return escape_starts(codes, rows, rowBytes, usedBits, starts, unused);
}

long snlu_bulk2_escape_starts(const uint8_t *codes, long rows, long rowBytes, int usedBits, int32_t *starts,
                              uint8_t *unused) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (__builtin_cpu_supports("popcnt")) return escape_starts_popcnt(codes, rows, rowBytes, usedBits, starts, unused);
#endif
    return snlu_bulk2_escape_starts_portable(codes, rows, rowBytes, usedBits, starts, unused);
}
