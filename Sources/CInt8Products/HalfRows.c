#include "CInt8Products.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_F16C_ROWS 1
#include <immintrin.h>
#endif

/// The float a half-precision bit pattern stands for (exact: every half is a float).
static inline float half_to_float(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, exponent = (h >> 10) & 0x1F, mantissa = h & 0x3FF, bits;
    if (exponent == 0) {
        float magnitude = (float)mantissa * 0x1p-24f;
        return sign ? -magnitude : magnitude;
    }
    bits = exponent == 31 ? (sign | 0x7F800000u | mantissa << 13) : (sign | (exponent + 112) << 23 | mantissa << 13);
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

#ifdef SNLU_F16C_ROWS
/// Eight weights a step: widened by the processor's half-to-float conversion (exact), then
/// added, one addition a label as the portable loop does; the last few through a mask (the
/// halves past `count` are read, as the caller allows, and neither added nor stored).
__attribute__((target("avx2,f16c")))
static void add_f16c(const uint16_t *row, long count, float *target) {
    long k = 0;
    for (; k + 8 <= count; k += 8) {
        __m256 w = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row + k)));
        _mm256_storeu_ps(target + k, _mm256_add_ps(_mm256_loadu_ps(target + k), w));
    }
    if (k < count) {
        __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - k)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        __m256 w = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row + k)));
        _mm256_maskstore_ps(target + k, mask, _mm256_add_ps(_mm256_maskload_ps(target + k, mask), w));
    }
}
#endif

/// Whether the processor has AVX2 and F16C (-1: not asked yet), asked once; threads that race
/// to ask store the same answer.
static int f16c_known = -1;

int snlu_half_row_uses_f16c(void) {
#ifdef SNLU_F16C_ROWS
    int known = __atomic_load_n(&f16c_known, __ATOMIC_RELAXED);
    if (known < 0) {
        known = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c") ? 1 : 0;
        __atomic_store_n(&f16c_known, known, __ATOMIC_RELAXED);
    }
    return known;
#else
    return 0;
#endif
}

void snlu_half_row_add(const uint16_t *row, long count, float *target) {
#ifdef SNLU_F16C_ROWS
    if (snlu_half_row_uses_f16c()) {
        add_f16c(row, count, target);
        return;
    }
#endif
    for (long k = 0; k < count; k++) target[k] = target[k] + half_to_float(row[k]);
}
