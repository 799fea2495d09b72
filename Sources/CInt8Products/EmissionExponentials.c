#include "CInt8Products.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

// Products and sums stay separate roundings (no fused multiply-add), so the eight-lane
// exponentials and the scalar one give the same bits on every machine.
#pragma STDC FP_CONTRACT OFF

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

// e^x = 2^n · e^r with n = round(x · log2 e) and r = x − n · ln 2, |r| ≤ ln 2 / 2. ln 2 is split
// in two (Cody and Waite's reduction): the first part has so few significant bits that n times
// it is exact for every n used here, so r keeps the precision of x. e^r is its Taylor series to
// the 7th power, whose first left-out term is below 6e-9 relative on that interval (the float
// rounding of the steps, about an ulp, dominates). 2^n is built in the float's exponent bits.
static const float log2e = 1.44269504088896341f;
static const float ln2High = 0.693359375f;          // 355 / 512, nine significant bits
static const float ln2Low = -2.12194440054690583e-4f; // ln 2 − 355 / 512
// Below this e^x is under the smallest normal float: the result is 0 (expf would give a
// subnormal, at most 1.2e-38 against a row whose largest term is 1).
static const float lowest = -87.3365447505531f;

static const float c2 = 1.0f / 2, c3 = 1.0f / 6, c4 = 1.0f / 24, c5 = 1.0f / 120, c6 = 1.0f / 720,
                   c7 = 1.0f / 5040;

float snlu_polynomial_exp(float x) {
    if (x != x) return x;
    if (!(x >= lowest)) return 0;
    if (x > 0) return expf(x);
    const float n = rintf(x * log2e);
    float r = x - n * ln2High;
    r = r - n * ln2Low;
    float p = c7;
    p = p * r + c6;
    p = p * r + c5;
    p = p * r + c4;
    p = p * r + c3;
    p = p * r + c2;
    p = p * r + 1.0f;
    p = p * r + 1.0f;
    const int32_t bits = ((int32_t)n + 127) << 23;
    float scale;
    memcpy(&scale, &bits, sizeof scale);
    return p * scale;
}

#ifdef SNLU_AVX2_EXPONENTIALS
/// ``snlu_polynomial_exp`` of eight values at once, for values in `lowest ... 0` (and NaN,
/// which stays NaN); the caller's values are never above 0.
__attribute__((target("avx2")))
static inline __m256 exp8(__m256 x) {
    const __m256 n = _mm256_round_ps(_mm256_mul_ps(x, _mm256_set1_ps(log2e)), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 r = _mm256_sub_ps(x, _mm256_mul_ps(n, _mm256_set1_ps(ln2High)));
    r = _mm256_sub_ps(r, _mm256_mul_ps(n, _mm256_set1_ps(ln2Low)));
    __m256 p = _mm256_set1_ps(c7);
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(c6));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(c5));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(c4));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(c3));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(c2));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(1.0f));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(1.0f));
    // n is a whole number in -126 ... 0 wherever x is in range; out of range lanes are replaced below.
    const __m256i exponent = _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23);
    __m256 result = _mm256_mul_ps(p, _mm256_castsi256_ps(exponent));
    // Below `lowest` (−∞ included): 0. NaN: the NaN itself.
    const __m256 inRange = _mm256_cmp_ps(x, _mm256_set1_ps(lowest), _CMP_GE_OQ);
    result = _mm256_and_ps(result, inRange);
    const __m256 nan = _mm256_cmp_ps(x, x, _CMP_UNORD_Q);
    return _mm256_blendv_ps(result, x, nan);
}
#endif

#ifdef SNLU_AVX2_EXPONENTIALS
/// ``snlu_polynomial_exp`` of `row[k] - m` into `out[k]`, eight at a time; returns where the
/// rest begins.
__attribute__((target("avx2")))
static long polynomial_row_avx2(const float *row, long count, float m, float *out) {
    const __m256 shift = _mm256_set1_ps(m);
    long k = 0;
    for (; k + 8 <= count; k += 8) _mm256_storeu_ps(out + k, exp8(_mm256_sub_ps(_mm256_loadu_ps(row + k), shift)));
    return k;
}
#endif

/// Each row's largest score, then each score's exponential against it: `expf`, or with
/// `polynomial` ``snlu_polynomial_exp`` (eight lanes at a time where AVX2 is present).
static double exponentiate_rows(const float *emission, long tokens, long labels, float *expEmission, int polynomial) {
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
        k = 0;
        if (polynomial) {
#ifdef SNLU_AVX2_EXPONENTIALS
            if (vector) k = polynomial_row_avx2(row, labels, m, out);
#endif
            for (; k < labels; k++) out[k] = snlu_polynomial_exp(row[k] - m);
        } else {
            for (; k < labels; k++) out[k] = expf(row[k] - m);
        }
        offset += (double)m;
    }
    return offset;
}

double snlu_exponentiate_rows(const float *emission, long tokens, long labels, float *expEmission) {
    return exponentiate_rows(emission, tokens, labels, expEmission, 0);
}

double snlu_exponentiate_rows_polynomial(const float *emission, long tokens, long labels, float *expEmission) {
    return exponentiate_rows(emission, tokens, labels, expEmission, 1);
}
