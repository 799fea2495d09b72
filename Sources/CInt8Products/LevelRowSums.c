#include "CInt8Products.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_AVX2_LEVELS 1
#include <immintrin.h>
#endif

/// The scale stored at `at` (a float, read unaligned).
static inline float scale_at(const uint8_t *at) {
    float s;
    memcpy(&s, at, sizeof s);
    return s;
}

/// Levels `k ..< width` of one row, one at a time.
static inline void add_portable(const int8_t *levels, long k, long width, float scale, float *target) {
    for (; k < width; k++) {
        float w = (float)levels[k] * scale;
        target[k] = target[k] + w;
    }
}

#ifdef SNLU_AVX2_LEVELS
/// Eight levels from `p`, as floats.
__attribute__((target("avx2")))
static inline __m256 levels8(const int8_t *p) {
    int64_t eight;
    memcpy(&eight, p, sizeof eight);
    return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_cvtsi64_si128(eight)));
}

/// Columns `k0 ..< k0 + valid` (`valid` ≤ 8 × `blocks`) of every listed row, summed in
/// `blocks` running sums of eight columns held in registers across the rows: each column
/// receives `(float)level * scale` of each row in the order listed, a multiplication and then
/// an addition, never fused (no FMA in this target), so its float is the portable loop's. The
/// target is read once and written once, not a load and a store a row. A block's lanes past
/// `valid` sum whatever bytes follow the row and are never written back; a row whose eight-byte
/// reads would run past the `readable` bytes is read from a zero-padded copy instead. Row `r`'s
/// levels start at `levels + r * stride`, its scale at `scales + r * scaleStride`.
__attribute__((target("avx2"), always_inline))
static inline void add_column_group(const int8_t *levels, long stride, long readable, const uint8_t *scales,
                                    long scaleStride, const int32_t *rows, long n, float *target, long k0, long valid,
                                    const int blocks) {
    float sums[32];
    for (long k = 0; k < 8 * blocks; k++) sums[k] = k < valid ? target[k0 + k] : 0;
    __m256 acc[4];
    for (int b = 0; b < blocks; b++) acc[b] = _mm256_loadu_ps(sums + 8 * b);
    for (long i = 0; i < n; i++) {
        const long offset = (long)rows[i] * stride + k0;
        const int8_t *row = levels + offset;
        int8_t padded[32];
        if (offset + 8 * blocks > readable) {
            memset(padded, 0, sizeof padded);
            memcpy(padded, row, (size_t)valid);
            row = padded;
        }
        const __m256 s = _mm256_set1_ps(scale_at(scales + (long)rows[i] * scaleStride));
        for (int b = 0; b < blocks; b++) acc[b] = _mm256_add_ps(acc[b], _mm256_mul_ps(levels8(row + 8 * b), s));
    }
    for (int b = 0; b < blocks; b++) _mm256_storeu_ps(sums + 8 * b, acc[b]);
    for (long k = 0; k < valid; k++) target[k0 + k] = sums[k];
}

/// The row list summed column group by column group, up to 32 columns (four registers) a pass
/// over the rows.
__attribute__((target("avx2")))
static void add_rows_avx2(const int8_t *levels, long width, long stride, long readable, const uint8_t *scales,
                          long scaleStride, const int32_t *rows, long n, float *target) {
    for (long k0 = 0; k0 < width; k0 += 32) {
        const long valid = width - k0 < 32 ? width - k0 : 32;
        switch ((valid + 7) / 8) {
        case 1: add_column_group(levels, stride, readable, scales, scaleStride, rows, n, target, k0, valid, 1); break;
        case 2: add_column_group(levels, stride, readable, scales, scaleStride, rows, n, target, k0, valid, 2); break;
        case 3: add_column_group(levels, stride, readable, scales, scaleStride, rows, n, target, k0, valid, 3); break;
        default: add_column_group(levels, stride, readable, scales, scaleStride, rows, n, target, k0, valid, 4); break;
        }
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

void snlu_int8_add_strided_rows_portable(const int8_t *levels, long width, long stride, const uint8_t *scales,
                                         long scaleStride, const int32_t *rows, long n, float *target) {
    for (long i = 0; i < n; i++) {
        add_portable(levels + (long)rows[i] * stride, 0, width, scale_at(scales + (long)rows[i] * scaleStride), target);
    }
}

void snlu_int8_add_strided_rows(const int8_t *levels, long width, long stride, long readable, const uint8_t *scales,
                                long scaleStride, const int32_t *rows, long n, float *target) {
#ifdef SNLU_AVX2_LEVELS
    if (snlu_int8_rows_use_avx2()) {
        add_rows_avx2(levels, width, stride, readable, scales, scaleStride, rows, n, target);
        return;
    }
#endif
    (void)readable;
    snlu_int8_add_strided_rows_portable(levels, width, stride, scales, scaleStride, rows, n, target);
}
