#include "CInt8Products.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_AVX2_LEVELS 1
#include <immintrin.h>
#endif

/// Levels `k ..< width` of one row, one at a time.
static inline void add_portable(const int8_t *levels, long k, long width, float scale, float *target) {
    for (; k < width; k++) {
        float w = (float)levels[k] * scale;
        target[k] = target[k] + w;
    }
}

#ifdef SNLU_AVX2_LEVELS
/// Eight levels a step: widened to 32 bits, converted, multiplied by the scale and added — a
/// multiplication and then an addition, never fused (no FMA in this target), so each weight is
/// rounded as `(float)level * scale` is and the sums equal the portable loop's.
__attribute__((target("avx2")))
static void add_rows_avx2(const int8_t *levels, long width, const float *scales, const int32_t *rows, long n,
                          float *target) {
    for (long i = 0; i < n; i++) {
        const int8_t *row = levels + (long)rows[i] * width;
        const float scale = scales[rows[i]];
        const __m256 s = _mm256_set1_ps(scale);
        long k = 0;
        for (; k + 8 <= width; k += 8) {
            int64_t eight;
            memcpy(&eight, row + k, sizeof eight);
            __m256 l = _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_cvtsi64_si128(eight)));
            _mm256_storeu_ps(target + k, _mm256_add_ps(_mm256_loadu_ps(target + k), _mm256_mul_ps(l, s)));
        }
        add_portable(row, k, width, scale, target);
    }
}
#endif

int snlu_int8_rows_use_avx2(void) {
#ifdef SNLU_AVX2_LEVELS
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

void snlu_int8_add_rows_portable(const int8_t *levels, long width, const float *scales, const int32_t *rows, long n,
                                 float *target) {
    for (long i = 0; i < n; i++) add_portable(levels + (long)rows[i] * width, 0, width, scales[rows[i]], target);
}

void snlu_int8_add_rows(const int8_t *levels, long width, const float *scales, const int32_t *rows, long n,
                        float *target) {
#ifdef SNLU_AVX2_LEVELS
    if (snlu_int8_rows_use_avx2()) {
        add_rows_avx2(levels, width, scales, rows, n, target);
        return;
    }
#endif
    snlu_int8_add_rows_portable(levels, width, scales, rows, n, target);
}
