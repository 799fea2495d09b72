#include "CInt8Products.h"

#include <float.h>

// Every sum here must be the scalar loop's, operation for operation: a product fused into an
// add would round once instead of twice.
#pragma STDC FP_CONTRACT OFF
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_AVX2_FORWARD 1
#include <immintrin.h>
#endif

/// The incoming sums of every lane of every block, one lane at a time, written to
/// `alpha[order[i]]` for the lanes `i` holding a label: per step, `s += previous[source] *
/// row[lane]`, as the vector path does for eight lanes at once.
static void lane_sums_portable(const float *previous, long labels, long blocks, const int32_t *blockSteps,
                               const int32_t *sources, const float *rows, const int32_t *order, float *alpha) {
    long offset = 0;
    for (long b = 0; b < blocks; b++) {
        const long steps = blockSteps[b];
        for (long lane = 0; lane < 8 && b * 8 + lane < labels; lane++) {
            float s = 0;
            for (long step = offset; step < offset + steps; step++) {
                const float product = previous[sources[step]] * rows[step * 8 + lane];
                s += product;
            }
            alpha[order[b * 8 + lane]] = s;
        }
        offset += steps;
    }
}

#ifdef SNLU_AVX2_FORWARD
/// ``lane_sums_portable`` eight lanes a step: the step's source label's previous value times
/// the eight lanes' exponentiated transitions from it, a multiply and then an add, exactly as
/// each lane's scalar loop does.
__attribute__((target("avx2")))
static void lane_sums_avx2(const float *previous, long labels, long blocks, const int32_t *blockSteps,
                           const int32_t *sources, const float *rows, const int32_t *order, float *alpha) {
    long offset = 0;
    for (long b = 0; b < blocks; b++) {
        const long steps = blockSteps[b];
        __m256 s = _mm256_setzero_ps();
        for (long step = offset; step < offset + steps; step++) {
            const __m256 p = _mm256_broadcast_ss(previous + sources[step]);
            s = _mm256_add_ps(s, _mm256_mul_ps(p, _mm256_loadu_ps(rows + step * 8)));
        }
        float sums[8];
        _mm256_storeu_ps(sums, s);
        const int32_t *labelOf = order + b * 8;
        if (b * 8 + 8 <= labels) {
            alpha[labelOf[0]] = sums[0];
            alpha[labelOf[1]] = sums[1];
            alpha[labelOf[2]] = sums[2];
            alpha[labelOf[3]] = sums[3];
            alpha[labelOf[4]] = sums[4];
            alpha[labelOf[5]] = sums[5];
            alpha[labelOf[6]] = sums[6];
            alpha[labelOf[7]] = sums[7];
        } else {
#if defined(__clang__)
#pragma clang loop vectorize(disable)
#endif
            for (long lane = 0; lane < labels - b * 8; lane++) alpha[labelOf[lane]] = sums[lane];
        }
        offset += steps;
    }
}
#endif

/// The rest of a step once `alpha` holds the incoming sums: each times its emission's
/// exponential, their total (at least the smallest normal float) and `alpha` divided by it.
static float finish_step(const float *expEmission, long labels, float *alpha) {
    float c = 0;
    for (long k = 0; k < labels; k++) {
        const float v = alpha[k] * expEmission[k];
        alpha[k] = v;
        c += v;
    }
    // Swift's `max(c, .leastNormalMagnitude)`: the second when not below the first.
    c = FLT_MIN >= c ? FLT_MIN : c;
    for (long k = 0; k < labels; k++) alpha[k] /= c;
    return c;
}

float snlu_forward_step(const float *previous, const float *expEmission, long labels, long blocks,
                        const int32_t *blockSteps, const int32_t *sources, const float *rows,
                        const int32_t *order, float *alpha) {
#ifdef SNLU_AVX2_FORWARD
    if (snlu_viterbi_uses_avx2()) {
        lane_sums_avx2(previous, labels, blocks, blockSteps, sources, rows, order, alpha);
        return finish_step(expEmission, labels, alpha);
    }
#endif
    lane_sums_portable(previous, labels, blocks, blockSteps, sources, rows, order, alpha);
    return finish_step(expEmission, labels, alpha);
}

float snlu_forward_step_portable(const float *previous, const float *expEmission, long labels, long blocks,
                                 const int32_t *blockSteps, const int32_t *sources, const float *rows,
                                 const int32_t *order, float *alpha) {
    lane_sums_portable(previous, labels, blocks, blockSteps, sources, rows, order, alpha);
    return finish_step(expEmission, labels, alpha);
}
