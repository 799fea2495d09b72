#include "CInt8Products.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_AVX2_ROWS 1
#include <immintrin.h>
#endif

/// The 24 bits from bit `bit` of `codes` (eight 3-bit codes), read as one unaligned word.
static inline uint32_t group_at(const uint8_t *codes, long bit) {
    uint64_t word;
    memcpy(&word, codes + (bit >> 3), sizeof word);
    return (uint32_t)(word >> (bit & 7)) & 0xFFFFFF;
}

#ifdef SNLU_AVX2_ROWS
/// Eight codes a step: the group broadcast to eight lanes, each shifted right by its code's
/// place, masked and offset to its level, converted to floats, multiplied by the scale and
/// added — a multiplication and then an addition, never fused (no FMA in this target), so
/// each weight is rounded as `Float(level) * scale` is and the sums equal the portable ones.
__attribute__((target("avx2")))
static long add_avx2(const uint8_t *codes, long first, long count, float scale, float *target) {
    const __m256i places = _mm256_setr_epi32(0, 3, 6, 9, 12, 15, 18, 21);
    const __m256i seven = _mm256_set1_epi32(7), three = _mm256_set1_epi32(3);
    const __m256 s = _mm256_set1_ps(scale);
    long k = 0;
    for (; k + 8 <= count; k += 8) {
        __m256i g = _mm256_set1_epi32((int)group_at(codes, (first + k) * 3));
        __m256i levels = _mm256_sub_epi32(_mm256_and_si256(_mm256_srlv_epi32(g, places), seven), three);
        __m256 w = _mm256_mul_ps(_mm256_cvtepi32_ps(levels), s);
        _mm256_storeu_ps(target + k, _mm256_add_ps(_mm256_loadu_ps(target + k), w));
    }
    return k;
}
#endif

int snlu_packed3_uses_avx2(void) {
#ifdef SNLU_AVX2_ROWS
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

/// Weights `first + k ..< first + count` one at a time (the part a vector step leaves).
static inline void add_portable(const uint8_t *codes, long first, long k, long count, float scale, float *target) {
    for (; k < count; k++) {
        long bit = (first + k) * 3;
        int code = (int)((codes[bit >> 3] | (bit % 8 > 5 ? codes[(bit >> 3) + 1] << 8 : 0)) >> (bit & 7)) & 7;
        float w = (float)(code - 3) * scale;
        target[k] = target[k] + w;
    }
}

void snlu_packed3_add(const uint8_t *codes, long first, long count, float scale, float *target) {
    long k = 0;
#ifdef SNLU_AVX2_ROWS
    if (snlu_packed3_uses_avx2()) k = add_avx2(codes, first, count, scale, target);
#endif
    add_portable(codes, first, k, count, scale, target);
}

#ifdef SNLU_AVX2_ROWS
/// ``snlu_packed3_add_rows`` on AVX2: each row as ``snlu_packed3_add`` adds it, with the
/// processor asked once.
__attribute__((target("avx2")))
static void add_rows_avx2(const uint8_t *codes, long width, const float *scales, const int32_t *rows, long n,
                          float *target) {
    for (long i = 0; i < n; i++) {
        const long first = (long)rows[i] * width;
        long k = add_avx2(codes, first, width, scales[rows[i]], target);
        add_portable(codes, first, k, width, scales[rows[i]], target);
    }
}
#endif

void snlu_packed3_add_rows(const uint8_t *codes, long width, const float *scales, const int32_t *rows, long n,
                           float *target) {
#ifdef SNLU_AVX2_ROWS
    if (snlu_packed3_uses_avx2()) {
        add_rows_avx2(codes, width, scales, rows, n, target);
        return;
    }
#endif
    for (long i = 0; i < n; i++) add_portable(codes, (long)rows[i] * width, 0, width, scales[rows[i]], target);
}
