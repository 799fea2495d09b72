#include "CInt8Products.h"

#include <math.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_AVX2_EXPONENTIALS 1
#include <immintrin.h>
#endif

/// Swift's `max(m, x)`: `x` when it is not below `m`, so a NaN `x` leaves `m` as it was.
static inline float swift_max(float m, float x) { return x >= m ? x : m; }

/// The largest of `row[k]` for `k` in `first ..< count` and `m`, as a loop of ``swift_max``.
static inline float row_max(const float *row, long first, long count, float m) {
    for (long k = first; k < count; k++) m = swift_max(m, row[k]);
    return m;
}

#ifdef SNLU_AVX2_EXPONENTIALS
/// ``row_max`` over the first `8 * floor(count / 8)` floats eight at a time. `_mm256_max_ps(x,
/// m)` is `x > m ? x : m`: a NaN `x` leaves the lane as it was, as the scalar loop does; the
/// two differ only in which of two equal floats they keep, which for +0 and -0 changes neither
/// `x - m` for any `x` nor the sum the largest scores are added to. Returns where the rest
/// begins, with the lanes' largest (and `m`) in `*m`.
__attribute__((target("avx2")))
static long row_max_avx2(const float *row, long count, float *m) {
    __m256 lanes = _mm256_set1_ps(-INFINITY);
    long k = 0;
    for (; k + 8 <= count; k += 8) lanes = _mm256_max_ps(_mm256_loadu_ps(row + k), lanes);
    float values[8];
    _mm256_storeu_ps(values, lanes);
    float best = *m;
    for (int j = 0; j < 8; j++) best = swift_max(best, values[j]);
    *m = best;
    return k;
}
#endif

double snlu_exponentiate_rows(const float *emission, long tokens, long labels, float *expEmission) {
#ifdef SNLU_AVX2_EXPONENTIALS
    const int vector = snlu_viterbi_uses_avx2();
#endif
    double offset = 0;
    for (long t = 0; t < tokens; t++) {
        const float *row = emission + t * labels;
        float *out = expEmission + t * labels;
        float m = -INFINITY;
        long k = 0;
#ifdef SNLU_AVX2_EXPONENTIALS
        if (vector) k = row_max_avx2(row, labels, &m);
#endif
        m = row_max(row, k, labels, m);
        for (k = 0; k < labels; k++) out[k] = expf(row[k] - m);
        offset += (double)m;
    }
    return offset;
}
