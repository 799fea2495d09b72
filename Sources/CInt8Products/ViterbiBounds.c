#include "CInt8Products.h"
#include "LaneMerge.h"

#include <math.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_AVX2_BOUNDS 1
#include <immintrin.h>
#endif

/// Token `t`'s largest emission + best incoming transition (`*step`) and largest emission in
/// magnitude (`*top`); 0 when an emission is not finite.
static inline int token_bounds(const float *e, const float *bestIncoming, long K, float *step, float *top) {
    float s = -INFINITY, m = 0;
    int finite = 1;
    for (long k = 0; k < K; k++) {
        float v = e[k] + bestIncoming[k];
        if (v > s) s = v;
        float a = fabsf(e[k]);
        if (!(a < INFINITY)) finite = 0;
        if (a > m) m = a;
    }
    *step = s;
    *top = m;
    return finite;
}

#ifdef SNLU_AVX2_BOUNDS
/// ``token_bounds`` eight labels a step; maxima are exact in any order.
__attribute__((target("avx2")))
static int token_bounds_avx2(const float *e, const float *bestIncoming, long K, float *step, float *top) {
    __m256 s = _mm256_set1_ps(-INFINITY), m = _mm256_setzero_ps(), finite = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
    const __m256 absMask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff)), inf = _mm256_set1_ps(INFINITY);
    long k = 0;
    for (; k + 8 <= K; k += 8) {
        __m256 x = _mm256_loadu_ps(e + k);
        s = _mm256_max_ps(s, _mm256_add_ps(x, _mm256_loadu_ps(bestIncoming + k)));
        __m256 a = _mm256_and_ps(x, absMask);
        finite = _mm256_and_ps(finite, _mm256_cmp_ps(a, inf, _CMP_LT_OQ));
        m = _mm256_max_ps(m, a);
    }
    float ss[8], ms[8];
    _mm256_storeu_ps(ss, s);
    _mm256_storeu_ps(ms, m);
    int ok = _mm256_movemask_ps(finite) == 0xff;
    float rs, rm;
    ok &= token_bounds(e + k, bestIncoming + k, K - k, &rs, &rm);
    for (int j = 0; j < 8; j++) {
        if (ss[j] > rs) rs = ss[j];
        if (ms[j] > rm) rm = ms[j];
    }
    *step = rs;
    *top = rm;
    return ok;
}
#endif

int snlu_viterbi_bounds(const float *emission, const float *bestIncoming, long T, long K, float *future, float *largest) {
#ifdef SNLU_AVX2_BOUNDS
    const int vector = snlu_viterbi_uses_avx2() && K >= 16;
#endif
    float rest = 0, sum = 0;
    int finite = 1;
    for (long t = T - 1; t >= 0; t--) {
        float step, top;
#ifdef SNLU_AVX2_BOUNDS
        if (vector) finite &= token_bounds_avx2(emission + t * K, bestIncoming, K, &step, &top);
        else
#endif
        finite &= token_bounds(emission + t * K, bestIncoming, K, &step, &top);
        sum += top;
        future[t] = rest;
        rest += step;
    }
    *largest = sum;
    return finite;
}

/// The best `(score + pairScores[p]) + e[to[p]]` over pairs `p` in `q ..< end`, the first of
/// equal ones, on from `*best` / `*next` (strictly higher wins).
static inline void best_successor(float score, const float *pairScores, const int32_t *to, const float *e, long q, long end,
                                  float *best, long *next) {
    float b = *best;
    long n = *next;
    for (; q < end; q++) {
        float v = score + pairScores[q] + e[to[q]];
        if (v > b) { b = v; n = to[q]; }
    }
    *best = b;
    *next = n;
}

#ifdef SNLU_AVX2_BOUNDS
/// ``best_successor`` over the first `8 * floor((end - q) / 8)` pairs eight at a time, lanes
/// merged as the scalar loop would have chosen; returns where the remaining pairs begin.
__attribute__((target("avx2")))
static long best_successor_avx2(float score, const float *pairScores, const int32_t *to, const float *e, long q, long end,
                                float *best, long *next) {
    __m256 laneBest = _mm256_set1_ps(-INFINITY);
    __m256i lanePair = _mm256_set1_epi32(-1);
    const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256 base = _mm256_set1_ps(score);
    for (; q + 8 <= end; q += 8) {
        __m256i labels = _mm256_loadu_si256((const __m256i *)(to + q));
        __m256 v = _mm256_add_ps(_mm256_add_ps(base, _mm256_loadu_ps(pairScores + q)), _mm256_i32gather_ps(e, labels, 4));
        __m256 higher = _mm256_cmp_ps(v, laneBest, _CMP_GT_OQ);
        laneBest = _mm256_blendv_ps(laneBest, v, higher);
        lanePair = _mm256_blendv_epi8(lanePair, _mm256_add_epi32(_mm256_set1_epi32((int)q), iota), _mm256_castps_si256(higher));
    }
    const int32_t p = snlu_merge_lanes(laneBest, lanePair, best);
    if (p >= 0) *next = to[p];
    return q;
}
#endif

float snlu_viterbi_greedy(const float *start, const float *emission, long T, long K,
                          const float *pairScores, const int32_t *to, const int32_t *outgoingStart) {
#ifdef SNLU_AVX2_BOUNDS
    const int vector = snlu_viterbi_uses_avx2();
#endif
    float score = -INFINITY;
    long k = -1;
    for (long j = 0; j < K; j++) {
        float v = start[j] + emission[j];
        if (v > score) { score = v; k = j; }
    }
    for (long t = 1; t < T && k >= 0; t++) {
        const float *e = emission + t * K;
        float best = -INFINITY;
        long next = -1, q = outgoingStart[k], end = outgoingStart[k + 1];
#ifdef SNLU_AVX2_BOUNDS
        if (vector && end - q >= 16) q = best_successor_avx2(score, pairScores, to, e, q, end, &best, &next);
#endif
        best_successor(score, pairScores, to, e, q, end, &best, &next);
        score = best;
        k = next;
    }
    return k >= 0 ? score : -INFINITY;
}

static inline void push_pairs(float from, int32_t kp, const float *pairScores, const int32_t *to, long q, long end,
                              const float *e, float least, float *row, int32_t *back, uint64_t *reached) {
    for (; q < end; q++) {
        int32_t j = to[q];
        float s = from + pairScores[q];
        if (s > row[j] && s + e[j] >= least) {
            row[j] = s;
            back[j] = kp;
            reached[j >> 6] |= (uint64_t)1 << (j & 63);
        }
    }
}

#ifdef SNLU_AVX2_BOUNDS
/// ``push_pairs`` eight pairs a step: the pairs lead to distinct labels, so the lanes' tests
/// read nothing another lane writes; the lanes that pass are stored one by one.
__attribute__((target("avx2")))
static long push_pairs_avx2(float from, int32_t kp, const float *pairScores, const int32_t *to, long q, long end,
                            const float *e, float least, float *row, int32_t *back, uint64_t *reached) {
    const __m256 base = _mm256_set1_ps(from), floor = _mm256_set1_ps(least);
    for (; q + 8 <= end; q += 8) {
        __m256i labels = _mm256_loadu_si256((const __m256i *)(to + q));
        __m256 s = _mm256_add_ps(base, _mm256_loadu_ps(pairScores + q));
        __m256 higher = _mm256_cmp_ps(s, _mm256_i32gather_ps(row, labels, 4), _CMP_GT_OQ);
        __m256 kept = _mm256_cmp_ps(_mm256_add_ps(s, _mm256_i32gather_ps(e, labels, 4)), floor, _CMP_GE_OQ);
        int mask = _mm256_movemask_ps(_mm256_and_ps(higher, kept));
        if (!mask) continue;
        float ss[8];
        _mm256_storeu_ps(ss, s);
        while (mask) {
            int lane = __builtin_ctz(mask);
            mask &= mask - 1;
            int32_t j = to[q + lane];
            row[j] = ss[lane];
            back[j] = kp;
            reached[j >> 6] |= (uint64_t)1 << (j & 63);
        }
    }
    return q;
}
#endif

void snlu_viterbi_push(float from, int32_t kp, const float *pairScores, const int32_t *to, long first, long end,
                       const float *emission, float least, float *row, int32_t *back, uint64_t *reached) {
    long q = first;
#ifdef SNLU_AVX2_BOUNDS
    if (end - q >= 16 && snlu_viterbi_uses_avx2()) q = push_pairs_avx2(from, kp, pairScores, to, q, end, emission, least, row, back, reached);
#endif
    push_pairs(from, kp, pairScores, to, q, end, emission, least, row, back, reached);
}
