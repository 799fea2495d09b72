#include "CInt8Products.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_AVX2_BULK 1
#include <immintrin.h>
#endif

/// The exception at index `e` (two a byte, low nibble first) as its level.
static inline int exception_level(const uint8_t *exceptions, long e) {
    return (int)((exceptions[e >> 1] >> ((e & 1) * 4)) & 15) - 7;
}

#ifdef SNLU_AVX2_BULK
/// Eight codes of `g` (a broadcast word of codes) from the places `places`, with the
/// exceptions from index `*e` on: each lane's level is `base - 1 + code`, or for an escape the
/// next exception's (its rank among the escapes, counted by a nibble lookup, picks a nibble
/// of the eight that follow `*e`); converted, multiplied by the scale and added — a
/// multiplication and then an addition, never fused (no FMA in this target), so each weight
/// is rounded as `(float)level * scale` is. No branch on the codes.
__attribute__((target("avx2,popcnt")))
static inline void add8(__m256i g, __m256i places, __m256i offset, __m256 s, const uint8_t *exceptions,
                        long *e, float *target) {
    const __m256i three = _mm256_set1_epi32(3), fifteen = _mm256_set1_epi32(15), seven = _mm256_set1_epi32(7);
    const __m256i below = _mm256_setr_epi32(0, 1, 3, 7, 15, 31, 63, 127), nibble = _mm256_set1_epi8(15);
    const __m256i bits = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                          0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    __m256i c = _mm256_and_si256(_mm256_srlv_epi32(g, places), three);
    __m256i escaped = _mm256_cmpeq_epi32(c, three);
    int mask = _mm256_movemask_ps(_mm256_castsi256_ps(escaped));
    // Lane j's rank: the escapes in lanes below it (at most 7, so one byte's two nibbles).
    __m256i lower = _mm256_and_si256(_mm256_set1_epi32(mask), below);
    __m256i rank = _mm256_add_epi8(_mm256_shuffle_epi8(bits, _mm256_and_si256(lower, nibble)),
                                   _mm256_shuffle_epi8(bits, _mm256_and_si256(_mm256_srli_epi32(lower, 4), nibble)));
    uint64_t word;
    memcpy(&word, exceptions + (*e >> 1), sizeof word);
    __m256i listed = _mm256_set1_epi32((int)(uint32_t)(word >> ((*e & 1) * 4)));
    __m256i exception = _mm256_sub_epi32(_mm256_and_si256(_mm256_srlv_epi32(listed, _mm256_slli_epi32(rank, 2)), fifteen), seven);
    __m256i level = _mm256_blendv_epi8(_mm256_add_epi32(c, offset), exception, escaped);
    __m256 w = _mm256_mul_ps(_mm256_cvtepi32_ps(level), s);
    _mm256_storeu_ps(target, _mm256_add_ps(_mm256_loadu_ps(target), w));
    *e += __builtin_popcount((unsigned)mask);
}

/// Sixteen codes a step from one 32-bit word of the row, then eight from a 16-bit one.
/// Returns the weights done (a multiple of 8), having read no byte of codes past them, and
/// leaves `*e` at the next exception.
__attribute__((target("avx2,popcnt")))
static long add_avx2(const uint8_t *codes, long count, int base, const uint8_t *exceptions, long *e,
                     float scale, float *target) {
    const __m256i low = _mm256_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14);
    const __m256i high = _mm256_setr_epi32(16, 18, 20, 22, 24, 26, 28, 30);
    const __m256i offset = _mm256_set1_epi32(base - 1);
    const __m256 s = _mm256_set1_ps(scale);
    long k = 0;
    for (; k + 16 <= count; k += 16) {
        uint32_t word;
        memcpy(&word, codes + k / 4, sizeof word);
        __m256i g = _mm256_set1_epi32((int)word);
        add8(g, low, offset, s, exceptions, e, target + k);
        add8(g, high, offset, s, exceptions, e, target + k + 8);
    }
    if (k + 8 <= count) {
        uint16_t half;
        memcpy(&half, codes + k / 4, sizeof half);
        add8(_mm256_set1_epi32((int)half), low, offset, s, exceptions, e, target + k);
        k += 8;
    }
    return k;
}
#endif

int snlu_bulk2_uses_avx2(void) {
#ifdef SNLU_AVX2_BULK
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") ? 1 : 0;
#else
    return 0;
#endif
}

/// The portable loop, inlined where it finishes a vector row.
static inline void add_portable(const uint8_t *codes, long count, int base, const uint8_t *exceptions, long first,
                                float scale, float *target) {
    long e = first;
    for (long k = 0; k < count; k++) {
        int code = (codes[k >> 2] >> ((k & 3) * 2)) & 3;
        int level = code == 3 ? exception_level(exceptions, e++) : base - 1 + code;
        float w = (float)level * scale;
        target[k] = target[k] + w;
    }
}

void snlu_bulk2_add_portable(const uint8_t *codes, long count, int base, const uint8_t *exceptions, long first,
                             float scale, float *target) {
    add_portable(codes, count, base, exceptions, first, scale, target);
}

void snlu_bulk2_add(const uint8_t *codes, long count, int base, const uint8_t *exceptions, long first,
                    float scale, float *target) {
#ifdef SNLU_AVX2_BULK
    if (snlu_bulk2_uses_avx2()) {
        long e = first;
        long k = add_avx2(codes, count, base, exceptions, &e, scale, target);
        // k is a multiple of 8: the rest starts on a byte of codes.
        snlu_bulk2_add_portable(codes + k / 4, count - k, base, exceptions, e, scale, target + k);
        return;
    }
#endif
    snlu_bulk2_add_portable(codes, count, base, exceptions, first, scale, target);
}

#ifdef SNLU_AVX2_BULK
/// ``snlu_bulk2_add_rows`` on AVX2: each row as ``snlu_bulk2_add`` adds it, with the
/// processor asked once.
__attribute__((target("avx2,popcnt")))
static void add_rows_avx2(const uint8_t *codes, long width, const int8_t *bases, const uint8_t *exceptions,
                          const int32_t *exceptionStarts, const float *scales, const int32_t *rows, long n,
                          float *target) {
    const long stride = (width * 2 + 7) / 8;
    for (long i = 0; i < n; i++) {
        const long row = rows[i];
        const uint8_t *c = codes + row * stride;
        long e = exceptionStarts[row];
        long k = add_avx2(c, width, bases[row], exceptions, &e, scales[row], target);
        add_portable(c + k / 4, width - k, bases[row], exceptions, e, scales[row], target + k);
    }
}
#endif

void snlu_bulk2_add_rows(const uint8_t *codes, long width, const int8_t *bases, const uint8_t *exceptions,
                         const int32_t *exceptionStarts, const float *scales, const int32_t *rows, long n,
                         float *target) {
#ifdef SNLU_AVX2_BULK
    if (snlu_bulk2_uses_avx2()) {
        add_rows_avx2(codes, width, bases, exceptions, exceptionStarts, scales, rows, n, target);
        return;
    }
#endif
    const long stride = (width * 2 + 7) / 8;
    for (long i = 0; i < n; i++) {
        const long row = rows[i];
        add_portable(codes + row * stride, width, bases[row], exceptions, exceptionStarts[row], scales[row], target);
    }
}
