#include "CInt8Products.h"
#include "LaneMerge.h"

#include <math.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_AVX2_VITERBI 1
#include <immintrin.h>
#endif

/// Pairs `q ..< end` of label `k`'s incoming list, on from the running `best` and `arg`, one at a
/// time: a pair wins only with a strictly higher score, so the first of equal scores stays.
static inline void step_pairs(const float *previous, const float *transitions, const int32_t *from, long q, long end,
                              float *best, int32_t *arg) {
    float b = *best;
    int32_t a = *arg;
    for (; q < end; q++) {
        float s = previous[from[q]] + transitions[q];
        if (s > b) { b = s; a = from[q]; }
    }
    *best = b;
    *arg = a;
}

#ifdef SNLU_AVX2_VITERBI
/// The first `8 * floor((end - q) / 8)` pairs eight at a time: each lane keeps its own best
/// and the first pair reaching it (strictly higher scores only, as the scalar loop), then the
/// lanes are merged by score and, on equal scores, by the earlier pair — the pair the scalar
/// loop would have kept. Returns where the remaining pairs begin.
__attribute__((target("avx2")))
static long step_pairs_avx2(const float *previous, const float *transitions, const int32_t *from, long q, long end,
                            float *best, int32_t *arg) {
    __m256 laneBest = _mm256_set1_ps(-INFINITY);
    __m256i lanePair = _mm256_set1_epi32(-1);
    const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (; q + 8 <= end; q += 8) {
        __m256i labels = _mm256_loadu_si256((const __m256i *)(from + q));
        __m256 s = _mm256_add_ps(_mm256_i32gather_ps(previous, labels, 4), _mm256_loadu_ps(transitions + q));
        __m256 higher = _mm256_cmp_ps(s, laneBest, _CMP_GT_OQ);
        laneBest = _mm256_blendv_ps(laneBest, s, higher);
        lanePair = _mm256_blendv_epi8(lanePair, _mm256_add_epi32(_mm256_set1_epi32((int)q), iota),
                                      _mm256_castps_si256(higher));
    }
    const int32_t p = snlu_merge_lanes(laneBest, lanePair, best);
    if (p >= 0) *arg = from[p];
    return q;
}
#endif

/// Whether the processor has AVX2 (-1: not asked yet), asked once; threads that race to ask
/// store the same answer.
static int avx2_known = -1;

int snlu_viterbi_uses_avx2(void) {
#ifdef SNLU_AVX2_VITERBI
    int known = __atomic_load_n(&avx2_known, __ATOMIC_RELAXED);
    if (known < 0) {
        known = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&avx2_known, known, __ATOMIC_RELAXED);
    }
    return known;
#else
    return 0;
#endif
}

void snlu_viterbi_step(const float *previous, const float *transitions, const int32_t *from,
                       const int32_t *incomingStart, long labels, const float *emission, float *score, int32_t *back) {
#ifdef SNLU_AVX2_VITERBI
    const int vector = snlu_viterbi_uses_avx2();
#endif
    for (long k = 0; k < labels; k++) {
        float best = -INFINITY;
        int32_t arg = 0;
        long q = incomingStart[k], end = incomingStart[k + 1];
#ifdef SNLU_AVX2_VITERBI
        if (vector && end - q >= 16) q = step_pairs_avx2(previous, transitions, from, q, end, &best, &arg);
#endif
        step_pairs(previous, transitions, from, q, end, &best, &arg);
        score[k] = best + emission[k];
        back[k] = arg;
    }
}
