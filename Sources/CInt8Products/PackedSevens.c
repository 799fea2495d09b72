#include "CInt8Products.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_AVX2_SEVENS 1
#include <immintrin.h>
#endif

/// The codes that start in each word of a group of three (64 codes in 24 bytes): bits 0, 3, …
/// 63 of the first, 2, 5, … 62 of the second, 1, 4, … 61 of the third.
static const uint64_t starts[3] = {0x9249249249249249ULL, 0x4924924924924924ULL, 0x2492492492492492ULL};

static inline uint64_t load64(const uint8_t *p) {
    uint64_t x;
    memcpy(&x, p, sizeof x);
    return x;
}

/// Set bits where a code starting in word `x` (of mask `m`) is 7: its bit and the two above
/// it, the upper ones taken from the next word `y` where the code crosses into it.
static inline uint64_t sevens(uint64_t x, uint64_t y, uint64_t m) {
    return x & (x >> 1 | y << 63) & (x >> 2 | y << 62) & m;
}

/// The portable check from code `done` (a multiple of 64) on, byte `at` of `codes`.
static int holds_sevens_from(const uint8_t *codes, long count, long bytes, long done, long at) {
    uint64_t found = 0;
    for (; done + 64 <= count && at + 24 <= bytes; done += 64, at += 24) {
        uint64_t x = load64(codes + at), y = load64(codes + at + 8), z = load64(codes + at + 16);
        found |= sevens(x, y, starts[0]) | sevens(y, z, starts[1]) | (z & z >> 1 & z >> 2 & starts[2]);
    }
    for (long k = done; k < count; k++) {
        long bit = k * 3, byte = bit >> 3;
        unsigned pair = codes[byte] | (byte + 1 < bytes ? (unsigned)codes[byte + 1] << 8 : 0);
        if (((pair >> (bit & 7)) & 7) == 7) return 1;
    }
    return found != 0;
}

int snlu_packed3_holds_sevens_portable(const uint8_t *codes, long count, long bytes) {
    return holds_sevens_from(codes, count, bytes, 0, 0);
}

#ifdef SNLU_AVX2_SEVENS
/// 256 codes (twelve words) a step: each lane a word, beside the word after it, with its
/// group's mask; the rest as the portable loop.
__attribute__((target("avx2")))
static int holds_sevens_avx2(const uint8_t *codes, long count, long bytes) {
    const __m256i m0 = _mm256_setr_epi64x((long long)starts[0], (long long)starts[1], (long long)starts[2], (long long)starts[0]);
    const __m256i m1 = _mm256_setr_epi64x((long long)starts[1], (long long)starts[2], (long long)starts[0], (long long)starts[1]);
    const __m256i m2 = _mm256_setr_epi64x((long long)starts[2], (long long)starts[0], (long long)starts[1], (long long)starts[2]);
    __m256i found = _mm256_setzero_si256();
    long done = 0, at = 0;
    // The twelfth word's next word is read too: 8 bytes past the step.
    for (; done + 256 <= count && at + 104 <= bytes; done += 256, at += 96) {
        const __m256i masks[3] = {m0, m1, m2};
        for (int v = 0; v < 3; v++) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(codes + at + 32 * v));
            __m256i y = _mm256_loadu_si256((const __m256i *)(codes + at + 32 * v + 8));
            __m256i t = _mm256_and_si256(x, _mm256_or_si256(_mm256_srli_epi64(x, 1), _mm256_slli_epi64(y, 63)));
            t = _mm256_and_si256(t, _mm256_or_si256(_mm256_srli_epi64(x, 2), _mm256_slli_epi64(y, 62)));
            found = _mm256_or_si256(found, _mm256_and_si256(t, masks[v]));
        }
    }
    if (!_mm256_testz_si256(found, found)) return 1;
    return holds_sevens_from(codes, count, bytes, done, at);
}
#endif

int snlu_packed3_holds_sevens(const uint8_t *codes, long count, long bytes) {
#ifdef SNLU_AVX2_SEVENS
    if (__builtin_cpu_supports("avx2")) return holds_sevens_avx2(codes, count, bytes);
#endif
    return snlu_packed3_holds_sevens_portable(codes, count, bytes);
}
